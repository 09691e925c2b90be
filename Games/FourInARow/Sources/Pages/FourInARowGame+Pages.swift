import GamePresentation
import GameRules

/// Four in a Row's pages: the board drawn as SVG, the newest disc ringed and a winning line
/// marked, with the last move in words.
extension FourInARowGame: GamePresentation {
    public func stateCard(for state: FourInARowState) -> StateCard {
        let texts = state.drops.indices.last.map { last -> StepTexts in
            var before = state
            before.drops.removeLast()
            let seat = Seat(last % 2)
            return self.texts(
                for: FourInARowMove(column: state.drops[last]), by: seat,
                mover: seat.index == 0 ? "Red" : "Yellow", from: before, to: state)
        }
        return StateCard(
            title: title, caption: texts?.caption ?? "A new game of Four in a Row",
            subcaption: [texts?.subcaption, texts?.trailingCaption].compactMap { $0 }.joined(separator: " · "),
            picture: svg(state), status: statusLine(state), label: texts?.accessibilityLabel)
    }

    public func truePicture(of state: FourInARowState) -> String {
        svg(state)
    }

    private func statusLine(_ state: FourInARowState) -> String {
        state.outcome.isFinished ? "Game over" : "\(state.nextSeat.index == 0 ? "Red" : "Yellow") to drop a disc"
    }

    /// The board: a blue frame of holes, each disc red or yellow.
    func svg(_ state: FourInARowState) -> String {
        let cell = 44, margin = 8
        let width = margin * 2 + cell * FourInARowState.columns
        let height = margin * 2 + cell * FourInARowState.rows + 20
        let winning = state.winningLine ?? []
        let newest = state.drops.isEmpty ? nil : state.cell(ofDrop: state.drops.count - 1)
        let label = HTML.escaped("Four in a Row, \(state.drops.count) discs: \(whoseTurn(state))")
        var parts = [
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" role=\"img\" aria-label=\"\(label)\" class=\"fourinarow\">",
            "<rect x=\"0\" y=\"0\" width=\"\(width)\" height=\"\(height - 20)\" rx=\"10\" fill=\"#1f5fbf\"/>",
        ]
        for column in 0..<FourInARowState.columns {
            for row in 0..<FourInARowState.rows {
                let x = margin + column * cell + cell / 2
                let y = margin + (FourInARowState.rows - 1 - row) * cell + cell / 2
                let seat = state.disc(column: column, row: row)
                let fill = seat.map { $0.index == 0 ? "#e5484d" : "#f5d90a" } ?? "#ffffff"
                let name = seat.map { $0.index == 0 ? "red" : "yellow" } ?? "empty"
                var attributes = "cx=\"\(x)\" cy=\"\(y)\" r=\"\(cell / 2 - 5)\" fill=\"\(fill)\" class=\"disc \(name)\" data-cell=\"\(column + 1)-\(row + 1)\""
                if winning.contains(where: { $0.column == column && $0.row == row }) {
                    attributes += " stroke=\"#30a46c\" stroke-width=\"5\""
                } else if let newest, newest.column == column, newest.row == row {
                    attributes += " stroke=\"#ffffff\" stroke-width=\"3\" stroke-dasharray=\"4 3\""
                }
                parts.append("<circle \(attributes)/>")
            }
            parts.append("<text x=\"\(margin + column * cell + cell / 2)\" y=\"\(height - 5)\" text-anchor=\"middle\" font-size=\"13\" fill=\"#6e6e73\">\(column + 1)</text>")
        }
        parts.append("</svg>")
        return parts.joined(separator: "\n")
    }
}
