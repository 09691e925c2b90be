import GamePresentation
import GameRules

/// Four in a Row in the terminal: the board with its discs (`X` red, the first player's; `O`
/// yellow), a marker over the column chosen, Left/Right or a digit to choose it, Enter to drop;
/// `drop CONV SEQ COLUMN` in line mode.
extension FourInARowGame {
    public var title: String { Self.name }

    public func bubblePicture(of state: FourInARowState, seat: Seat?, width: Int, mode: ColourMode) -> [Styled] {
        board(state, pending: nil, mode: mode)
    }

    public func trueLines(of state: FourInARowState, width: Int, mode: ColourMode) -> [Styled] {
        [Styled(whoseTurn(state), .bold)] + board(state, pending: nil, mode: mode)
    }

    public func newDraft() -> FourInARowDraft { FourInARowDraft() }

    /// Whose turn over the board, the marker over the chosen column, the staged disc drawn
    /// where it would land, and what the discs mean.
    public func expandedLines(
        of state: FourInARowState, seat: Seat?, draft: FourInARowDraft, staged: FourInARowState?, width: Int, height: Int,
        mode: ColourMode
    ) -> [Styled] {
        let pending = staged.flatMap { $0.drops.count > state.drops.count ? $0.cell(ofDrop: state.drops.count) : nil }
        var lines: [Styled] = []
        if !state.outcome.isFinished {
            lines.append(Styled(String(repeating: " ", count: draft.column * 3 + 1) + "v", .colour(.green, bold: true)))
        }
        lines += board(state, pending: pending, mode: mode)
        // On a short screen the board and its marker come first: whose turn is on the top line too.
        if lines.count + 2 <= height { lines = [Styled(whoseTurn(state), .bold), Styled()] + lines }
        if lines.count + 2 <= height {
            lines += [Styled(), Styled("X", Self.style(Seat(0))) + Styled(" red, first  ", .dim) + Styled("O", Self.style(Seat(1)))
                + Styled(" yellow, second", .dim)]
        }
        return lines
    }

    public func hint(for state: FourInARowState, draft: FourInARowDraft) -> String {
        "Left/Right or 1-7 choose a column, Enter drops a disc, Esc back"
    }

    public func press(_ key: Key, draft: inout FourInARowDraft, in state: FourInARowState) -> DraftChange<FourInARowState> {
        switch key {
        case .left: draft.column = max(0, draft.column - 1)
        case .right: draft.column = min(FourInARowState.columns - 1, draft.column + 1)
        case let .character(character):
            if let column = FourInARowState.column(named: String(character)) { draft.column = column }
        case .enter:
            guard !state.outcome.isFinished else { return .none }
            guard !state.isFull(column: draft.column) else { return .refused("Column \(draft.column + 1) is full: choose another.") }
            var next = state
            next.drops.append(draft.column)
            return DraftChange(staged: (next, "Drop a disc in column \(draft.column + 1)? Enter sends it, Esc cancels."), error: .clear)
        default: break
        }
        return .none
    }

    public func banner(of state: FourInARowState) -> String? {
        if case let .finished(winners, _) = state.outcome, winners.isEmpty { return "*** A draw: the board is full ***" }
        return nil
    }

    public static var lineVerbs: [LineVerb] {
        [LineVerb(verb: "drop", argument: "COLUMN", help: "Four in a Row: move CONV SEQ Drop=COLUMN (1-7)") { word throws(RuleViolation) in
            guard FourInARowState.column(named: word) != nil else {
                throw .illegal("\(word) is not a column: the columns are 1 to \(FourInARowState.columns).")
            }
            return "Drop=\(word)"
        }]
    }

    /// "Red to drop", "Yellow won", "A draw".
    func whoseTurn(_ state: FourInARowState) -> String {
        switch state.outcome {
        case let .finished(winners, _):
            guard let winner = winners.first else { return "A draw: the board is full" }
            return "\(Self.colourName(winner)) won with four in a row"
        case .inProgress:
            return "\(Self.colourName(state.nextSeat)) to drop"
        }
    }

    static func colourName(_ seat: Seat) -> String { seat.index == 0 ? "Red (X)" : "Yellow (O)" }

    static func style(_ seat: Seat) -> Style { seat.index == 0 ? .colour(.red, bold: true) : .colour(.yellow, bold: true) }

    /// The board top row first, each cell three columns (` X `), the column numbers below; the
    /// winning line in green, the newest disc reversed in colour, a staged disc as `?`.
    private func board(_ state: FourInARowState, pending: (column: Int, row: Int)?, mode: ColourMode) -> [Styled] {
        let winning = state.winningLine ?? []
        let newest = state.drops.isEmpty ? nil : state.cell(ofDrop: state.drops.count - 1)
        var lines: [Styled] = []
        for row in (0..<FourInARowState.rows).reversed() {
            var line = Styled()
            for column in 0..<FourInARowState.columns {
                if let pending, pending.column == column, pending.row == row {
                    line += Styled(" ? ", .colour(.green, bold: true))
                    continue
                }
                guard let seat = state.disc(column: column, row: row) else {
                    line += Styled(" . ", .dim)
                    continue
                }
                var style = winning.contains(where: { $0.column == column && $0.row == row }) ? .colour(.green, bold: true) : Self.style(seat)
                if mode.usesColour, let newest, newest.column == column, newest.row == row { style = style.adding(.reverse) }
                line += Styled(" \(seat.index == 0 ? "X" : "O") ", style)
            }
            lines.append(line)
        }
        lines.append(Styled((1...FourInARowState.columns).map { " \($0) " }.joined(), .dim))
        return lines
    }
}

/// The move a Four in a Row player is making: the column chosen, the middle one at first.
public struct FourInARowDraft: Hashable, Sendable {
    public var column = FourInARowState.columns / 2

    public init() {}
}

extension FourInARowGame {
    /// "… made four in a row: MOVER wins." as its mover reads it.
    public static func moversWords(for text: String, mover: String) -> String? {
        let (start, end) = ("Four in a Row. \(mover) ", ": \(mover) wins.")
        guard text.hasPrefix(start), text.hasSuffix(end) else { return nil }
        return "Four in a Row. You " + text.dropFirst(start.count).dropLast(end.count) + ": you win."
    }
}
