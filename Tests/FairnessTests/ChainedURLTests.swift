import Crypto
import Fairness
import Foundation
import Testing

/// A signed URL checks out only as written: any item changed, removed, duplicated or moved
/// fails, and says why.
@Suite struct ChainedURLTests {
    static let signer = ChainSigner(Curve25519.Signing.PrivateKey())
    static let session = "9A1B2C3D-4E5F-4A6B-8C7D-8E9FA0B1C2D3"

    static func signed(view: String = "?Variant=classic&Ship=0-carrier-A1-h&Hidden=1&Shot=B7-miss", message: Int = 2,
                       previous: ChainDigest? = nil) -> String {
        let statement = ChainStatement(game: "battleship", view: view, session: session, message: message, previous: previous)
        return "https://localhost:8443/g/battleship" + statement.signedQuery(signer.sign(statement))
    }

    @Test func aSignedURLVerifiesAndSaysWhereItStands() throws {
        let url = Self.signed()
        let read = try ChainedURL(url)
        try read.verify(with: Self.signer.publicKey)
        #expect(read.session == Self.session)
        #expect(read.message == 2)
        #expect(read.previous == nil)
        #expect(url.contains("&Chain_Session=\(Self.session)&Chain_Message=2&Chain_Previous=none&Chain_Signature="))
    }

    @Test func anotherKeyDoesNotVerifyIt() throws {
        let other = ChainSigner(Curve25519.Signing.PrivateKey()).publicKey
        let error = #expect(throws: ChainFailure.self) { try ChainedURL(Self.signed()).verify(with: other) }
        #expect(error?.code == "bad-signature")
    }

    /// Every way of touching the items of a signed URL: each item changed, removed, duplicated,
    /// and each pair swapped.
    @Test func everyEditOfAnItemFails() throws {
        let url = Self.signed(previous: try ChainedURL(Self.signed(message: 1)).digest)
        let (head, query) = (String(url.prefix { $0 != "?" }), String(url.drop { $0 != "?" }.dropFirst()))
        let pairs = query.split(separator: "&").map(String.init)
        var edits: [(String, [String])] = []
        for index in pairs.indices {
            var changed = pairs
            changed[index] += "x"
            edits.append(("changed \(pairs[index])", changed))
            var removed = pairs
            removed.remove(at: index)
            edits.append(("removed \(pairs[index])", removed))
            var duplicated = pairs
            duplicated.insert(pairs[index], at: index)
            edits.append(("duplicated \(pairs[index])", duplicated))
            if index + 1 < pairs.count {
                var swapped = pairs
                swapped.swapAt(index, index + 1)
                edits.append(("swapped \(pairs[index]) and \(pairs[index + 1])", swapped))
            }
        }
        for (what, edited) in edits {
            let edit = head + "?" + edited.joined(separator: "&")
            do {
                try ChainedURL(edit).verify(with: Self.signer.publicKey)
                Issue.record("\(what) still verifies")
            } catch {
                #expect(!error.reason.isEmpty, "\(what)")
            }
        }
        try ChainedURL(url).verify(with: Self.signer.publicKey)
    }

    @Test func theReasonsNameWhatIsWrong() throws {
        let url = Self.signed()
        func failure(_ edited: String) -> ChainFailure? {
            #expect(throws: ChainFailure.self) { try ChainedURL(edited).verify(with: Self.signer.publicKey) }
        }
        #expect(failure(url + "&Shot=C3")?.reason == "Shot comes after Chain_Signature, which must be the last item: nothing after it is signed.")
        #expect(failure(url.replacingOccurrences(of: "&Chain_Message=2", with: ""))?.reason == "It has no Chain_Message item.")
        #expect(failure(url.replacingOccurrences(of: "&Chain_Message=2", with: "&Chain_Message=2&Chain_Message=2"))?.reason
            == "Chain_Message appears 2 times; a signed URL has it once.")
        #expect(failure(url.replacingOccurrences(of: "Chain_Message=2", with: "Chain_Message=two"))?.code == "malformed-item")
        #expect(failure(String(url.prefix { $0 != "&" }))?.code == "unsigned")
        #expect(failure(url.replacingOccurrences(of: "/g/battleship", with: "/x"))?.code == "no-game")
        #expect(failure(url.replacingOccurrences(of: "Shot=B7-miss", with: "Shot=B7-hit"))?.code == "bad-signature")
        #expect(failure(url.replacingOccurrences(of: "/g/battleship", with: "/g/icecream"))?.code == "bad-signature")
    }

    @Test func theHostIsNotSigned() throws {
        let url = Self.signed().replacingOccurrences(of: "https://localhost:8443", with: "https://parley.example")
        try ChainedURL(url).verify(with: Self.signer.publicKey)
    }

    @Test func aHistoryChecksEachLink() throws {
        let first = try ChainedURL(Self.signed(view: "?Ship_Location=0", message: 1))
        let second = try ChainedURL(Self.signed(view: "?Ship_Location=0&Shot=1-miss", message: 2, previous: first.digest))
        let forged = try ChainedURL(Self.signed(view: "?Ship_Location=0&Shot=1-hit", message: 2, previous: nil))
        var forgedHistory = ChainHistory()
        try forgedHistory.append(first)
        let broken = #expect(throws: ChainFailure.self) { try forgedHistory.append(forged) }
        #expect(broken?.code == "chain-broken")
        // What was received is kept: the next message is checked against it.
        #expect(forgedHistory.newest(of: Self.session) == forged)
        var history = ChainHistory()
        try history.append(first)
        try history.append(second)
        let backwards = #expect(throws: ChainFailure.self) { try history.append(first) }
        #expect(backwards?.code == "chain-out-of-order")
        #expect(history.newest(of: Self.session) == second)
        // The newest received again, the very same message, is no step back.
        try history.append(second)
        let other = try ChainedURL(Self.signed(view: "?Ship_Location=0&Shot=1-hit", message: 2, previous: first.digest))
        let changed = #expect(throws: ChainFailure.self) { try history.append(other) }
        #expect(changed?.code == "chain-out-of-order")
        // A session forgotten (its conversation left) is received again from its start.
        history.forget(Self.session)
        try history.append(first)
        try history.append(second)
        #expect(history.newest(of: Self.session) == second)
    }

    @Test func thePublishedDocumentIsAKey() throws {
        let key = Self.signer.publicKey
        let document = key.publishedDocument
        #expect(document == #"{"algorithm":"Ed25519","publicKey":"\#(key.base64)","sha256":"\#(key.fingerprint)"}"# + "\n")
        #expect(ChainPublicKey(published: document) == key)
        #expect(ChainPublicKey(published: key.base64 + "\n") == key)
        #expect(ChainPublicKey(published: document.replacingOccurrences(of: key.fingerprint, with: String(repeating: "0", count: 64))) == nil)
        #expect(ChainPublicKey(published: "not a key") == nil)
    }
}
