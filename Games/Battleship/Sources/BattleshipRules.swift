import GameRules

/// What differs between the variants.
public struct BattleshipRules: Hashable, Sendable {
    public enum Sides: Hashable, Sendable {
        /// Seat 0 hides one fleet and seat 1 guesses (the original).
        case hiderAndGuesser
        /// Both seats place a fleet and fire at each other's in turn.
        case duel
    }

    public let board: Board
    public let fleet: [ShipKind]
    public let sides: Sides
    /// How many misses the guesser may make before losing; `nil` for no limit.
    public let missesAllowed: Int?

    public static let seed = BattleshipRules(
        board: Board(size: 3), fleet: [.boat, .boat], sides: .hiderAndGuesser, missesAllowed: 3)

    public static let classic = BattleshipRules(
        board: Board(size: 10),
        fleet: [.carrier, .battleship, .cruiser, .submarine, .destroyer],
        sides: .duel, missesAllowed: nil)

    /// The seats that own a fleet.
    public var fleetCount: Int { sides == .duel ? 2 : 1 }

    public var totalShipCells: Int { fleet.reduce(0) { $0 + $1.length } }

    /// The seat that fires the shot with this index.
    public func shooter(ofShot index: Int) -> Seat {
        sides == .duel ? Seat(index % 2) : Seat(1)
    }

    /// The seat whose fleet `shooter` fires at.
    public func target(of shooter: Seat) -> Int {
        sides == .duel ? 1 - shooter.index : 0
    }

    public func kind(named name: Substring) -> ShipKind? {
        fleet.first { $0.name == name }
    }

    /// Checks a fleet against these rules: the right ships, on the board, not overlapping.
    public func validate(_ fleet: Fleet) throws(RuleViolation) {
        let kinds = fleet.ships.map(\.kind)
        guard kinds.sorted(by: { $0.name < $1.name }) == self.fleet.sorted(by: { $0.name < $1.name }) else {
            throw .wrongFleet(self.fleet)
        }
        var taken: [Cell: ShipKind] = [:]
        for ship in fleet.ships {
            guard let cells = board.cells(of: ship) else { throw .offBoard(ship.kind, board: board) }
            for cell in cells {
                if let other = taken[cell] { throw .overlap(other, ship.kind, at: board.name(of: cell)) }
                taken[cell] = ship.kind
            }
        }
    }

    /// The ship at each cell of a valid fleet.
    public func occupancy(of fleet: Fleet) -> [Cell: ShipPlacement] {
        var cells: [Cell: ShipPlacement] = [:]
        for ship in fleet.ships {
            for cell in board.cells(of: ship) ?? [] { cells[cell] = ship }
        }
        return cells
    }

    /// The fleet in the order of the rules' list (ships of one kind by their first cell), so
    /// that equal fleets compare equal and encode alike.
    public func canonical(_ fleet: Fleet) -> Fleet {
        let rank = { (kind: ShipKind) in self.fleet.firstIndex(of: kind) ?? self.fleet.count }
        return Fleet(fleet.ships.sorted { (rank($0.kind), $0.origin.index) < (rank($1.kind), $1.origin.index) })
    }
}
