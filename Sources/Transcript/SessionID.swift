import Foundation

/// The id of one game inside a conversation (a session, after `MSSession`). Every message of a game carries
/// the same session; in a transcript, a newer message of a session collapses the older ones.
///
/// The UUID is chosen by whoever starts the game (the server, given its own randomness), so this
/// module stays free of randomness. On the wire it is the uppercase UUID string.
public struct SessionID: Hashable, Sendable, Codable, CustomStringConvertible {
    public let id: UUID

    public init(_ id: UUID) { self.id = id }

    /// Reads a UUID in either case; `nil` when the string is not one.
    public init?(uuidString: String) {
        guard let id = UUIDText.uuid(uuidString) else { return nil }
        self.id = id
    }

    public var uuidString: String { UUIDText.string(id) }

    public var description: String { uuidString }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let string = try container.decode(String.self)
        guard let session = SessionID(uuidString: string) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\"\(string)\" is not a session identifier (a UUID)")
        }
        self = session
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(uuidString)
    }
}
