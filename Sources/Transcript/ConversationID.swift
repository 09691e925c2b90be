/// A conversation's id: an upper-case UUID when the server made it. Read from a frame, a UUID
/// in any case is spelt as the server spells it (`init(spelling:)`), so a client that writes ids
/// in lower case names the same conversation; anything else is kept as sent, and is refused as
/// an unknown conversation.
public struct ConversationID: RawRepresentable, Hashable, Comparable, Sendable, Codable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    public init(stringLiteral value: String) { rawValue = value }

    /// The id a client wrote, spelt as the server makes ids: a UUID in upper case.
    public init(spelling text: String) {
        rawValue = UUIDText.uuid(text).map(UUIDText.string) ?? text
    }

    public var description: String { rawValue }

    public static func < (left: ConversationID, right: ConversationID) -> Bool { left.rawValue < right.rawValue }

    public init(from decoder: any Decoder) throws {
        self.init(spelling: try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
