/// The server's true identity of a person, such as the hash of their public key. It never
/// leaves the server in anything meant for players: they see `ParticipantID`s instead.
public struct AccountID: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }

    public var description: String { rawValue }
}
