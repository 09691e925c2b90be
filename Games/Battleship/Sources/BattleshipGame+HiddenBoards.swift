import GameRules

/// The fleets as boards of cells, for the server's commitments (docs/FAIRNESS.md): the server
/// commits to each fleet when it is placed and opens one cell per shot.
extension BattleshipGame {
    public func hiddenBoards(in state: BattleshipState) -> HiddenBoards? {
        var placed: Set<Int> = []
        var shown: [Int: [Bool]] = [:]
        for (seat, knowledge) in state.fleets.enumerated() {
            switch knowledge {
            case .unplaced: continue
            case .hidden: placed.insert(seat)
            case let .placed(fleet):
                placed.insert(seat)
                var covered = [Bool](repeating: false, count: rules.board.cellCount)
                for ship in fleet.ships {
                    for cell in rules.board.cellsOnBoard(of: ship) { covered[cell.index] = true }
                }
                shown[seat] = covered
            }
        }
        var shots: [BoardShot] = []
        shots.reserveCapacity(state.shots.count)
        for (index, shot) in state.shots.enumerated() {
            guard let result = shot.result else { continue }
            shots.append(BoardShot(board: rules.target(of: rules.shooter(ofShot: index)), cell: shot.cell.index, hit: result.isHit))
        }
        let isOver = if case .over = rules.phase(of: state) { true } else { false }
        return HiddenBoards(
            cellCount: rules.board.cellCount, placed: placed, shown: shown, shots: shots, isOver: isOver,
            cellNames: Self.cellNames[rules.board.size] ?? [])
    }

    /// Each variant's cell names, spelled once (`B7`; the seed's are numbers).
    private static let cellNames: [Int: [String]] = Dictionary(
        uniqueKeysWithValues: [BattleshipRules.seed, .classic].map { rules in
            (rules.board.size, rules.board.cells.map { rules.board.name(of: $0) })
        })
}
