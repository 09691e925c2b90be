import GameRules

/// What one cell of a board shows a viewer: the semantics of a board, which the terminal draws
/// as characters and the pages as coloured squares.
public enum CellMark: Hashable, Sendable, CaseIterable {
    /// Nothing known: not fired at, and no ship of the viewer's own.
    case water
    /// The viewer's own ship, not hit.
    case ship
    case miss
    case hit
    /// A cell of a ship that is sunk, where the board tells which cells those are.
    case sunk
    /// A shot staged but not answered yet (a proposal's new shot has no result).
    case pending

    /// The marks of fleet `index`'s board in `state`, by cell index: its ships if the state
    /// shows them, and the shots fired at it. Nothing else: a hidden fleet shows only what
    /// shots found, so a guesser's board can never give a ship away.
    public static func marks(of index: Int, in state: BattleshipState, rules: BattleshipRules) -> [CellMark] {
        var marks = Array(repeating: CellMark.water, count: rules.board.cellCount)
        let fleet = state.fleets.indices.contains(index) ? state.fleets[index].fleet : nil
        let ships = fleet?.ships ?? []
        for ship in ships { for cell in rules.board.cells(of: ship) ?? [] { marks[cell.index] = .ship } }
        let shots = state.shots.indices
            .filter { rules.target(of: rules.shooter(ofShot: $0)) == index }
            .map { state.shots[$0] }
        for shot in shots where rules.board.contains(shot.cell) {
            marks[shot.cell.index] = switch shot.result {
            case nil: .pending
            case .miss?: .miss
            case .hit?: .hit
            case .sunk?: .sunk
            }
        }
        if fleet != nil {
            // The whole ship is known: every cell of a ship hit all over is sunk.
            for ship in ships {
                let cells = rules.board.cells(of: ship) ?? []
                if rules.sides == .duel, cells.allSatisfy({ [.hit, .sunk].contains(marks[$0.index]) }) {
                    for cell in cells { marks[cell.index] = .sunk }
                }
            }
        } else {
            markSunkShips(in: &marks, shots: shots, rules: rules)
        }
        return marks
    }

    /// On a board whose ships are hidden, a sinking shot names only the ship, not its cells.
    /// Where exactly one line of the ship's length runs through that cell over hits fired by
    /// then and not taken by another ship, the whole line is the ship; otherwise only the
    /// sinking cell is marked, never a guess.
    private static func markSunkShips(in marks: inout [CellMark], shots: [Shot], rules: BattleshipRules) {
        let board = rules.board
        var firedAt: [Cell: Int] = [:]
        for (order, shot) in shots.enumerated() where shot.result?.isHit == true { firedAt[shot.cell] = order }
        // A sinking cell belongs to the ship it sank, whatever else is worked out.
        var claimed = Set(shots.filter { if case .sunk? = $0.result { true } else { false } }.map(\.cell))
        for (order, shot) in shots.enumerated() {
            guard case let .sunk(kind)? = shot.result, board.contains(shot.cell) else { continue }
            let available = { (cell: Cell) in
                cell == shot.cell || (!claimed.contains(cell) && (firedAt[cell] ?? .max) < order)
            }
            var candidates = Set<Set<Cell>>()
            for orientation in Orientation.allCases {
                for offset in 0..<kind.length {
                    let row = board.row(of: shot.cell) - (orientation == .down ? offset : 0)
                    let column = board.column(of: shot.cell) - (orientation == .across ? offset : 0)
                    guard let origin = board.cell(row: row, column: column),
                        let cells = board.cells(of: ShipPlacement(kind, at: origin, orientation)),
                        cells.allSatisfy(available)
                    else { continue }
                    candidates.insert(Set(cells))
                }
            }
            guard candidates.count == 1, let cells = candidates.first else { continue }
            claimed.formUnion(cells)
            for cell in cells { marks[cell.index] = .sunk }
        }
    }
}
