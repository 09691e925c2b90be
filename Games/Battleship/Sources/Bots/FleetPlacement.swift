import GameRules

/// A way of placing a fleet, before the shooting starts.
public protocol FleetPlacement: Sendable {
    /// A fleet valid under `rules`.
    func fleet(for rules: BattleshipRules, using generator: inout some RandomNumberGenerator) -> Fleet
}

/// Any valid fleet, uniformly per ship: what the rules themselves offer.
public struct RandomPlacement: FleetPlacement {
    public init() {}

    public func fleet(for rules: BattleshipRules, using generator: inout some RandomNumberGenerator) -> Fleet {
        rules.randomFleet(using: &generator)
    }
}

/// Ships that do not touch, not even at a corner. A hunter that finishes one ship then finds
/// no neighbour on it, so sinking a ship tells it nothing about where the next one lies.
public struct SpreadPlacement: FleetPlacement {
    /// How many fresh starts before giving up on spreading; only a crowded board (more ship
    /// than sea) runs out, and then any valid fleet will do.
    private let attempts = 200

    public init() {}

    public func fleet(for rules: BattleshipRules, using generator: inout some RandomNumberGenerator) -> Fleet {
        let board = rules.board
        for _ in 0..<attempts {
            // Cells a ship may not use: ships already placed and the ring around them.
            var blocked = Array(repeating: false, count: board.cellCount)
            var ships: [ShipPlacement] = []
            for kind in rules.fleet.sorted(by: { $0.length > $1.length }) {
                let fits = board.cells.flatMap { origin in
                    Orientation.allCases.compactMap { orientation -> ShipPlacement? in
                        let ship = ShipPlacement(kind, at: origin, orientation)
                        guard let cells = board.cells(of: ship), cells.allSatisfy({ !blocked[$0.index] }) else { return nil }
                        return ship
                    }
                }
                // One-cell ships are listed twice (both orientations spell the same), which
                // keeps the choice uniform since every cell is.
                guard let ship = fits.randomElement(using: &generator) else { break }
                ships.append(ship)
                for cell in board.cells(of: ship) ?? [] {
                    for neighbour in Self.ring(of: cell, on: board) { blocked[neighbour.index] = true }
                }
            }
            if ships.count == rules.fleet.count { return rules.canonical(Fleet(ships)) }
        }
        return rules.randomFleet(using: &generator)
    }

    /// The cell and its up-to-eight neighbours.
    static func ring(of cell: Cell, on board: Board) -> [Cell] {
        let (row, column) = (board.row(of: cell), board.column(of: cell))
        return (-1...1).flatMap { dr in (-1...1).compactMap { dc in board.cell(row: row + dr, column: column + dc) } }
    }
}
