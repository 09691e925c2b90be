import Engine
import Testing
import Wire

/// A message's digest is stored with it and compared when the same id comes again, after a
/// restart too: it must stay FNV-1a over its fields joined by NUL, in hexadecimal.
@Suite struct ProposalDigestTests {
    static func reference(_ send: ClientFrame.Send) -> String {
        let text = [send.game, send.variant ?? "", send.session ?? "", send.basedOn.map(String.init) ?? "", send.url]
            .joined(separator: "\u{0}")
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    @Test(arguments: [
        ClientFrame.Send(id: "a", conversation: "c", game: "icecream", url: "?Base=base01"),
        ClientFrame.Send(id: "b", conversation: "c", game: "battleship", variant: "classic", url: "?Variant=classic&Ship=0-carrier-A1-h"),
        ClientFrame.Send(id: "c", conversation: "c", game: "battleship", session: "9A1F6B0E-0000-4000-8000-000000000000", basedOn: 12,
                         url: "https://x/g/battleship?Ship_Location=0&Shot=4-hit&Shot=7"),
        ClientFrame.Send(id: "d", conversation: "c", game: "icecream", variant: "", session: "", basedOn: 0, url: "?Caption=é🍦"),
    ])
    func theDigestIsFNV1aOfTheFieldsJoinedByNUL(send: ClientFrame.Send) {
        #expect(send.proposalDigest == Self.reference(send))
    }
}
