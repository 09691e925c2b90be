/// A place at the table of one game session. Seats are numbered from 0 in the order the
/// players first moved; the server binds each participant to a seat, the game only sees seats.
public struct Seat: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public let index: Int

    public init(_ index: Int) {
        precondition(index >= 0, "a seat index is never negative")
        self.index = index
    }

    public static func < (lhs: Seat, rhs: Seat) -> Bool { lhs.index < rhs.index }

    public var description: String { "seat \(index)" }

    public init(from decoder: any Decoder) throws {
        let index = try decoder.singleValueContainer().decode(Int.self)
        guard index >= 0 else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "negative seat"))
        }
        self.index = index
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(index)
    }
}
