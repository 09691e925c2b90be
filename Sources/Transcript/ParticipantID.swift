import Foundation

/// How one viewer's install knows a participant: a UUID that means something only to that
/// install. Ben knows Amber by one ParticipantID and Chris knows her by another, so two
/// clients cannot compare notes and link who is who; only the server, which keeps the true
/// `AccountID`s, can translate between views (see `ParticipantIdentifiers`).
///
/// On the wire it is the uppercase UUID string; inside text it is a token, `$` followed by
/// that string, as the original apps write `"$\(conversation.localParticipantIdentifier)"`.
public struct ParticipantID: Hashable, Sendable, Codable, CustomStringConvertible {
    public let uuid: UUID

    public init(_ uuid: UUID) { self.uuid = uuid }

    /// Reads a UUID in either case; `nil` when the string is not one.
    public init?(uuidString: String) {
        guard let uuid = UUIDText.uuid(uuidString) else { return nil }
        self.uuid = uuid
    }

    /// Reads a whole token such as `$6F9619FF-8B86-D011-B42D-00C04FC964FF`, in either case.
    public init?(token: String) {
        let ids = ParticipantTokens.ids(in: token)
        guard token.utf8.count == ParticipantTokens.tokenLength, ids.count == 1 else { return nil }
        self = ids[0]
    }

    /// Always uppercase, so that one id has exactly one spelling on the wire and in tokens.
    public var uuidString: String { UUIDText.string(uuid) }

    /// The form that stands for this participant inside message texts.
    public var token: String { "$" + uuidString }

    public var description: String { uuidString }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let string = try container.decode(String.self)
        guard let id = ParticipantID(uuidString: string) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\"\(string)\" is not a participant identifier (a UUID)")
        }
        self = id
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(uuidString)
    }
}
