import GameRules

/// What a shooter knows of the fleet it fires at, read from its own shots in the state it was
/// shown. Shooters reason over this rather than over the state, so every strategy reads the
/// results the same way and none can peek at a fleet the view hides.
public struct TargetKnowledge: Hashable, Sendable {
    public let board: Board
    /// By cell index: cells this shooter has fired at.
    public private(set) var fired: [Bool]
    /// By cell index: shots that found water.
    public private(set) var misses: [Bool]
    /// By cell index: hits not (yet) known to belong to a sunk ship. A ship is still afloat
    /// around these, so they are where a hunter looks next.
    public private(set) var openHits: [Bool]
    /// By cell index: cells worked out to belong to a sunk ship; no other ship can be there.
    public private(set) var sunkCells: [Bool]
    /// The ships not sunk yet, by the results so far. The seed never reports a sinking, so
    /// there every boat counts as afloat.
    public private(set) var afloat: [ShipKind]

    public init(rules: BattleshipRules, view: BattleshipState, shooter: Seat) {
        board = rules.board
        let none = Array(repeating: false, count: rules.board.cellCount)
        (fired, misses, openHits, sunkCells) = (none, none, none, none)
        afloat = rules.fleet
        for shot in rules.shots(by: shooter, in: view) where board.contains(shot.cell) {
            let index = shot.cell.index
            fired[index] = true
            switch shot.result {
            case .miss?: misses[index] = true
            case .hit?: openHits[index] = true
            case let .sunk(kind)?:
                openHits[index] = true
                markSunk(kind, at: shot.cell)
            case nil: break  // a proposal's own shot, not judged yet: fired, nothing learned
            }
        }
    }

    /// The cells not fired at yet, the only legal targets.
    public var unfired: [Cell] { board.cells.filter { !fired[$0.index] } }

    /// Whether `ship` could still be where it says: on the board, over no miss and no sunk
    /// ship's cell. Hits are allowed, since a ship afloat may already be hit.
    public func allows(_ cells: [Cell]) -> Bool {
        cells.allSatisfy { !misses[$0.index] && !sunkCells[$0.index] }
    }

    /// How many open hits `cells` cover.
    public func openHitCount(_ cells: [Cell]) -> Int {
        cells.reduce(0) { $0 + (openHits[$1.index] ? 1 : 0) }
    }

    /// A sinking names the ship but not its cells: they are the sunk cell and open hits in a
    /// line through it. The first line that fits is taken; when two hit ships lie end to end
    /// the guess may be wrong, which costs a hunter a few shots but never a legal move.
    private mutating func markSunk(_ kind: ShipKind, at cell: Cell) {
        if let gone = afloat.firstIndex(of: kind) { afloat.remove(at: gone) }
        let lines = Self.placements(of: kind, through: cell, on: board).filter { cells in
            cells.allSatisfy { openHits[$0.index] }
        }
        for covered in lines.first ?? [cell] {
            openHits[covered.index] = false
            sunkCells[covered.index] = true
        }
    }

    /// The ways `kind` fits on `board` over `cell`, in the order of `placements(of:on:)`: by
    /// the index of the ship's first cell, across before down. Only ships that start at most
    /// its length before the cell, in its row or its column, can cover it.
    static func placements(of kind: ShipKind, through cell: Cell, on board: Board) -> [[Cell]] {
        let orientations: [Orientation] = kind.length == 1 ? [.across] : Orientation.allCases
        let (row, column) = (board.row(of: cell), board.column(of: cell))
        let reach = 0..<kind.length
        let origins = Set(reach.compactMap { board.cell(row: row, column: column - $0) }
            + reach.compactMap { board.cell(row: row - $0, column: column) })
        return origins.sorted().flatMap { origin in
            orientations.compactMap { orientation in
                board.cells(of: ShipPlacement(kind, at: origin, orientation)).flatMap { $0.contains(cell) ? $0 : nil }
            }
        }
    }

    /// Every way `kind` fits on `board`, as the cells it would cover.
    public static func placements(of kind: ShipKind, on board: Board) -> [[Cell]] {
        // A one-cell ship has one placement per cell, whichever way it is said to run.
        let orientations: [Orientation] = kind.length == 1 ? [.across] : Orientation.allCases
        return board.cells.flatMap { origin in
            orientations.compactMap { board.cells(of: ShipPlacement(kind, at: origin, $0)) }
        }
    }
}
