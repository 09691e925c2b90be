import Foundation
import GameRules
import Transcript

/// Amber, Ben and Chris in one group conversation, each on one install, with a fixed secret so
/// every derived identifier repeats from run to run.
struct Cast {
    static let secret: [UInt8] = Array(0..<32)
    let identifiers = ParticipantIdentifiers(secret: Cast.secret)

    let amber: AccountID = "a1b2c3-amber"
    let ben: AccountID = "d4e5f6-ben"
    let chris: AccountID = "0719ab-chris"
    let outsider: AccountID = "ffffff-outsider"

    let amberPhone: InstallID = "install-amber-phone"
    let benPhone: InstallID = "install-ben-phone"
    let chrisLaptop: InstallID = "install-chris-laptop"

    var members: [AccountID] { [amber, ben, chris] }

    func directory(_ viewer: InstallID) -> ViewerDirectory {
        identifiers.directory(for: viewer, members: members)
    }

    /// `subject` as `viewer` knows them.
    func id(_ subject: AccountID, _ viewer: InstallID) -> ParticipantID {
        identifiers.id(of: subject, seenBy: viewer)
    }
}

/// Messages for collapsing tests, where only session, texts and order matter.
enum Sample {
    static let sender = ParticipantID(UUID(uuidString: "00000000-0000-8000-8000-000000000001")!)
    static let first = SessionID(UUID(uuidString: "11111111-1111-4111-8111-111111111111")!)
    static let second = SessionID(UUID(uuidString: "22222222-2222-4222-8222-222222222222")!)

    static func message(
        _ caption: String?, session: SessionID?, summary: String? = nil, game: GameID = "icecream"
    ) -> Message {
        Message(
            game: game, url: "?step=\(caption ?? "-")", session: session,
            layout: TemplateLayout(caption: caption), summaryText: summary, sender: sender)
    }
}

extension UUID {
    /// The RFC 9562 version number, the high nibble of byte 6.
    var version: UInt8 { uuid.6 >> 4 }
    /// The RFC 9562 variant bits, the top two bits of byte 8 (0b10 for RFC UUIDs).
    var variantBits: UInt8 { uuid.8 >> 6 }
}
