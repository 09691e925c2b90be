/// A kind of ship and how many cells it covers.
public struct ShipKind: Hashable, Sendable, CustomStringConvertible {
    public let name: String
    public let length: Int

    public init(name: String, length: Int) {
        self.name = name
        self.length = length
    }

    public var description: String { name }

    /// The seed's ships cover one cell each.
    public static let boat = ShipKind(name: "boat", length: 1)
    public static let carrier = ShipKind(name: "carrier", length: 5)
    public static let battleship = ShipKind(name: "battleship", length: 4)
    public static let cruiser = ShipKind(name: "cruiser", length: 3)
    public static let submarine = ShipKind(name: "submarine", length: 3)
    public static let destroyer = ShipKind(name: "destroyer", length: 2)
}

public enum Orientation: String, Hashable, Sendable, CaseIterable {
    /// Along a row, to the right of the origin.
    case across = "h"
    /// Along a column, down from the origin.
    case down = "v"
}

/// One ship on the board: its kind, its first cell and which way it runs.
public struct ShipPlacement: Hashable, Sendable {
    public let kind: ShipKind
    public let origin: Cell
    public let orientation: Orientation

    public init(_ kind: ShipKind, at origin: Cell, _ orientation: Orientation = .across) {
        self.kind = kind
        self.origin = origin
        // A one-cell ship runs no way in particular; one spelling keeps states comparable.
        self.orientation = kind.length == 1 ? .across : orientation
    }
}

/// One player's ships, in the order of the variant's fleet.
public struct Fleet: Hashable, Sendable {
    public let ships: [ShipPlacement]

    public init(_ ships: [ShipPlacement]) { self.ships = ships }
}

/// What a state says of one player's fleet: not placed yet, placed but not shown to this
/// viewer, or placed and shown.
public enum FleetKnowledge: Hashable, Sendable {
    case unplaced
    case hidden
    case placed(Fleet)

    public var isPlaced: Bool { self != .unplaced }

    public var fleet: Fleet? {
        if case let .placed(fleet) = self { return fleet }
        return nil
    }
}
