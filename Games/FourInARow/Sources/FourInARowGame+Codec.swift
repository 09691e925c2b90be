import GameRules

/// The URL: one `Drop=N` item for each disc, in the order they were dropped, N the column from 1
/// (left) to 7 (right). `?Drop=4&Drop=4&Drop=3` is a game three discs old: the first player
/// dropped in the middle column, the second on top of it, the first again to its left. Unknown
/// items are ignored, as in the other games.
extension FourInARowGame {
    public func decode(_ items: [QueryItem]) throws(RuleViolation) -> FourInARowState {
        var state = FourInARowState()
        for item in items where item.name == FourInARowState.dropItem {
            guard let value = item.value, let column = FourInARowState.column(named: value) else {
                throw .undecodable("Drop=\(item.value ?? "") names no column: the columns are 1 to \(FourInARowState.columns).")
            }
            guard !state.outcome.isFinished else {
                throw .undecodable("Drop \(state.drops.count + 1) comes after the game was over.")
            }
            guard !state.isFull(column: column) else {
                throw .undecodable("Drop \(state.drops.count + 1) is into column \(column + 1), which was full.")
            }
            state.drops.append(column)
        }
        return state
    }

    public func encode(_ state: FourInARowState) -> [QueryItem] {
        state.drops.map { QueryItem(FourInARowState.dropItem, String($0 + 1)) }
    }
}
