/// What a shot found. Only the server, which knows where the ships are, decides it.
public enum ShotResult: Hashable, Sendable, CustomStringConvertible {
    case miss
    case hit
    /// The shot hit the last unhit cell of this ship.
    case sunk(ShipKind)

    public var isHit: Bool { self != .miss }

    public var description: String {
        switch self {
        case .miss: "miss"
        case .hit: "hit"
        case let .sunk(kind): "sunk \(kind.name)"
        }
    }
}

/// A cell fired at. A proposal names the cell with no result; the server adds it.
public struct Shot: Hashable, Sendable {
    public let cell: Cell
    public let result: ShotResult?

    public init(_ cell: Cell, _ result: ShotResult? = nil) {
        self.cell = cell
        self.result = result
    }
}
