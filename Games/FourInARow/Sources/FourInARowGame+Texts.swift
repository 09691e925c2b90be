import GameRules

/// The words of a move's message, as the other games write theirs.
extension FourInARowGame {
    public func texts(
        for move: FourInARowMove, by seat: Seat, mover: String, from before: FourInARowState, to after: FourInARowState
    ) -> StepTexts {
        let column = move.column + 1
        let disc = seat.index == 0 ? "red" : "yellow"
        let colour = seat.index == 0 ? "Red" : "Yellow"
        let number = "Disc \(after.drops.count) of \(FourInARowState.columns * FourInARowState.rows)"
        switch after.outcome {
        case let .finished(winners, _) where winners.contains(seat):
            return StepTexts(
                caption: "\(mover) dropped in column \(column): four in a row!", subcaption: "\(colour) wins",
                trailingCaption: number, summary: "\(mover) won in column \(column)",
                accessibilityLabel: "Four in a Row. \(mover) dropped a \(disc) disc in column \(column) and made four in a row: \(mover) wins.")
        case .finished:
            return StepTexts(
                caption: "\(mover) dropped in column \(column): the board is full.", subcaption: "A draw",
                trailingCaption: number, summary: "a draw",
                accessibilityLabel: "Four in a Row. \(mover) dropped a \(disc) disc in column \(column); the board is full: a draw.")
        case .inProgress:
            return StepTexts(
                caption: "\(mover) dropped in column \(column).", subcaption: "\(colour) disc",
                trailingCaption: number, summary: "\(mover) dropped in column \(column)",
                accessibilityLabel: "Four in a Row. \(mover) dropped a \(disc) disc in column \(column).")
        }
    }
}
