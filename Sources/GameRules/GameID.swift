/// The name by which a game is known on the wire and in URLs, such as `battleship`.
public struct GameID: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }

    public var description: String { rawValue }
}

/// One set of rules of a game: Battleship's `seed` (the original 3x3 board) or `classic`.
public struct Variant: Hashable, Sendable {
    public let id: String
    public let name: String
    public let summary: String
    /// How many seats a session of this variant may fill.
    public let seats: ClosedRange<Int>

    public init(id: String, name: String, summary: String, seats: ClosedRange<Int>) {
        self.id = id
        self.name = name
        self.summary = summary
        self.seats = seats
    }
}
