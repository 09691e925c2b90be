import GamePresentation
import GameRules

/// Draws Battleship boards as a player sees them.
///
/// Every cell is three columns wide, `" X "`, so the cursor can be shown in plain text as
/// `"[X]"` without moving anything. The seed's 3x3 board has the cell numbers 0-8 beside it,
/// the names players fire at; classic boards have column letters A-J over them and row
/// numbers 1-10 beside them. A classic board is 33 columns, so a player's two boards fit
/// side by side in 80 columns with room to spare. On a smaller screen cells are two columns
/// wide (`" X"`, the cursor `"[X]"` taking the next cell's space), and where even that does
/// not fit, the board the player acts on is drawn alone (`lines(…, height:)`).
public struct BoardRenderer: Sendable {
    /// How many columns a cell takes.
    public enum CellWidth: Sendable {
        /// `" X "`: three columns, the cursor `"[X]"`.
        case wide
        /// `" X"`: two columns, the cursor `"[X]"` borrowing the space of the cell after it.
        case narrow
    }

    public let game: BattleshipGame
    public let mode: ColourMode

    /// Columns between two boards side by side.
    static let gap = 4

    public init(game: BattleshipGame, mode: ColourMode) {
        self.game = game
        self.mode = mode
    }

    /// Every board `perspective` sees, each under its title: side by side when `width`
    /// allows, else one above the other with a blank line between. The state is first
    /// narrowed to what the perspective may see, so even a true state shows no hidden ship.
    public func lines(
        for state: BattleshipState, as perspective: BoardPerspective, cursor: BoardCursor? = nil, width: Int
    ) -> [Styled] {
        let view = game.view(of: state, for: perspective.seat)
        let blocks = boards(for: perspective, in: view).map { board in
            let cell = cursor.flatMap { $0.side == board.side ? $0.cell : nil }
            return [Styled(board.title, .bold)] + self.board(board.fleet, in: view, cursor: cell)
        }
        guard blocks.count == 2 else { return blocks.first ?? [] }
        if blocks[0].width + Self.gap + blocks[1].width <= width {
            return Styled.sideBySide(blocks[0], blocks[1], gap: Self.gap)
        }
        return blocks[0] + [Styled()] + blocks[1]
    }

    /// The boards `perspective` sees laid out for a screen of `width` by `height`, in the
    /// first way that fits: side by side with wide cells, then with narrow ones, then one above
    /// the other; else only the board the cursor is on (the enemy's when there is none), its
    /// title beside the column letters when no line is left for it, and a word on the board
    /// left out. When not even that fits, a line saying how much larger the window must be.
    public func lines(
        for state: BattleshipState, as perspective: BoardPerspective, cursor: BoardCursor? = nil, width: Int, height: Int
    ) -> [Styled] {
        let view = game.view(of: state, for: perspective.seat)
        let titled = boards(for: perspective, in: view)
        func drawn(_ board: Titled, _ cells: CellWidth) -> [Styled] {
            let here = cursor.flatMap { $0.side == board.side ? $0 : nil }
            return self.board(board.fleet, in: view, cursor: here?.cell, cells: cells, ghost: here?.ghost ?? [])
        }
        func fits(_ lines: [Styled]) -> Bool { lines.width <= width && lines.count <= height }
        if titled.count == 2 {
            for cells in [CellWidth.wide, .narrow] {
                let pair = titled.map { [Styled($0.title, .bold)] + drawn($0, cells) }
                let beside = Styled.sideBySide(pair[0], pair[1], gap: Self.gap)
                if fits(beside) { return beside }
            }
            let stacked = titled.map { [Styled($0.title, .bold)] + drawn($0, .wide) }
            if fits(stacked[0] + [Styled()] + stacked[1]) { return stacked[0] + [Styled()] + stacked[1] }
        }
        guard let main = titled.first(where: { cursor != nil && $0.side == cursor?.side }) ?? titled.last else { return [] }
        let left = titled.filter { $0.fleet != main.fleet }.map { Styled("(\($0.title): in a larger window)", .dim) }
        for cells in [CellWidth.wide, .narrow] {
            let board = drawn(main, cells)
            let withTitle = [Styled(main.title, .bold)] + board
            // Else the title, and the word on the other board, beside the column letters.
            func beside(_ notes: [Styled]) -> [Styled] {
                var lines = board
                for (index, note) in notes.enumerated() where index < lines.count {
                    lines[index] = lines[index].padded(to: board.width) + .spaces(3) + note
                }
                return lines
            }
            let title = [Styled(main.title, .bold)]
            for lines in [withTitle + left, withTitle, beside(title + left), beside(title), board] where fits(lines) {
                return lines
            }
        }
        // How much more the window needs, which holds whatever else the screen shows: the
        // board's own size would name less than the window already is.
        let least = drawn(main, .narrow)
        let more = [
            least.width > width ? "\(least.width - width) columns wider" : nil,
            least.count > height ? "\(least.count - height) lines taller" : nil,
        ].compactMap { $0 }
        return [
            Styled(Self.tooSmall, .bold),
            Styled("make it \(more.joined(separator: " and ")).", .dim),
        ]
    }

    /// `lines(…, height:)` with the legend below when there is room for it and the boards.
    public func screen(
        for state: BattleshipState, as perspective: BoardPerspective, cursor: BoardCursor? = nil, width: Int, height: Int
    ) -> [Styled] {
        var lines = lines(for: state, as: perspective, cursor: cursor, width: width, height: height)
        guard lines.first?.plainText != Self.tooSmall else { return lines }
        let score = score(for: perspective, in: state)
        if let score, lines.count + 2 <= height, score.width <= width { lines += [Styled(), score] }
        let legend = legend()
        guard lines.count + 2 <= height, legend.width <= width else { return lines }
        return lines + [Styled(), legend]
    }

    /// Where the game stands in one line, once shots have been fired: "Afloat: your ships 4 of
    /// 5, theirs 3 of 5" in a duel; "Found 1 of 2, misses 1 of 3" in the seed.
    public func score(for perspective: BoardPerspective, in state: BattleshipState) -> Styled? {
        let rules = game.rules
        guard !state.shots.isEmpty else { return nil }
        let count = rules.fleet.count
        guard rules.sides == .duel else {
            let results = rules.shots(by: Seat(1), in: state).compactMap(\.result)
            let hits = results.filter(\.isHit).count
            return Styled("Found \(hits) of \(count), misses \(results.count - hits) of \(rules.missesAllowed ?? 0)", .bold)
        }
        guard case let .player(seat) = perspective, state.fleets.indices.contains(seat.index) else {
            return Styled("Afloat: first player's \(count - rules.sunkCount(by: Seat(1), in: state)) of \(count), "
                + "second player's \(count - rules.sunkCount(by: Seat(0), in: state)) of \(count)", .bold)
        }
        let enemy = Seat(rules.target(of: seat))
        return Styled("Afloat: your ships \(count - rules.sunkCount(by: enemy, in: state)) of \(count), "
            + "theirs \(count - rules.sunkCount(by: seat, in: state)) of \(count)", .bold)
    }

    /// The first line when no board fits.
    static let tooSmall = "Too small a window for the board:"

    /// One fleet's board, without a title: the marks of `CellMark.marks` and the labels, the
    /// newest answered shot at it between parentheses, `(X)`, and the cursor between brackets.
    public func board(
        _ fleet: Int, in state: BattleshipState, cursor: Cell? = nil, cells: CellWidth = .wide, ghost: Set<Cell> = []
    ) -> [Styled] {
        let rules = game.rules
        let size = rules.board.size
        let marks = CellMark.marks(of: fleet, in: state, rules: rules)
        let last = Self.lastShot(at: fleet, in: state, rules: rules)
        let rows = (0..<size).map { row in
            let column = { (cell: Cell?) in cell.flatMap { rules.board.row(of: $0) == row ? rules.board.column(of: $0) : nil } }
            let (cursorColumn, lastColumn) = (column(cursor), column(last))
            // In colour the cursor takes no columns of its own: only the newest shot's ")" closes a row.
            let closing = mode.usesColour ? (lastColumn == size - 1 ? ")" : "")
                : cursorColumn == size - 1 ? "]" : lastColumn == size - 1 && cursorColumn == nil ? ")" : ""
            return (0..<size).reduce(into: Styled()) { line, column in
                let cell = Cell(row * size + column)
                // The ship about to be placed shows as `+` over open water.
                let mark = ghost.contains(cell) && marks[cell.index] == .water ? nil : marks[cell.index]
                switch cells {
                case .wide:
                    line += self.cell(mark, highlighted: cell == cursor, lastShot: cell == last)
                case .narrow:
                    line += self.narrowCell(mark, column: column, cursorColumn: cursorColumn, lastColumn: lastColumn)
                }
            } + (cells == .narrow ? Styled(closing, .dim) : Styled())
        }
        if rules.board.namesCellsByNumber {
            // The numbers to fire at, as a key beside the board rather than in the cells,
            // which show what is known.
            let key = (0..<size).map { row in
                Styled((0..<size).map { String(row * size + $0) }.joined(separator: " "), .dim)
            }
            return Styled.sideBySide(rows, key, gap: 3)
        }
        let letters = (0..<size).map {
            let letter = Character(Unicode.Scalar(UInt8(ascii: "A") + UInt8($0)))
            return cells == .wide ? " \(letter) " : " \(letter)"
        }
        let header = Styled("   " + letters.joined(), .dim)
        return [header] + rows.enumerated().map { row, line in
            Styled(String(repeating: " ", count: max(0, 2 - String(row + 1).count)) + "\(row + 1) ", .dim) + line
        }
    }

    /// What the marks mean, in one line.
    public func legend() -> Styled {
        let shown: [(CellMark, String)] = [
            (.ship, "ship"), (.hit, "hit"), (.sunk, "sunk"), (.miss, "miss"), (.water, "unknown"),
        ]
        return shown.enumerated().reduce(into: Styled()) { line, entry in
            let (index, (mark, meaning)) = entry
            if index > 0 { line += "  " }
            line += Styled(String(mark.symbol), mark.style) + Styled(" \(meaning)", .dim)
        }
    }

    /// The cell of the newest shot fired at `fleet` that has its answer.
    static func lastShot(at fleet: Int, in state: BattleshipState, rules: BattleshipRules) -> Cell? {
        state.shots.indices.last { rules.target(of: rules.shooter(ofShot: $0)) == fleet && state.shots[$0].result != nil }
            .map { state.shots[$0].cell }
    }

    /// A cell's character and style; `nil`, the ghost of the ship being placed.
    private func look(_ mark: CellMark?) -> (symbol: String, style: Style) {
        mark.map { (String($0.symbol), $0.style) } ?? ("+", .colour(.yellow))
    }

    private func cell(_ mark: CellMark?, highlighted: Bool, lastShot: Bool = false) -> Styled {
        let (symbol, style) = look(mark)
        if lastShot, !highlighted { return Styled("(", .dim) + Styled(symbol, style) + Styled(")", .dim) }
        guard highlighted else { return " " + Styled(symbol, style) + " " }
        // Not dim under the cursor: a dim reversed cell is hard to find.
        let reversed = Style(bold: true, reverse: true, foreground: style.foreground)
        guard mode.usesColour else { return Styled("[\(symbol)]", style) }
        // In colour the cursor is the reversed mark, and the newest shot keeps its parentheses.
        return lastShot ? Styled("(", .dim) + Styled(symbol, reversed) + Styled(")", .dim) : Styled(" \(symbol) ", reversed)
    }

    /// A two-column cell: its separator, then its mark. The cursor is bracketed in plain text,
    /// the closing bracket in the next cell's separator.
    private func narrowCell(_ mark: CellMark?, column: Int, cursorColumn: Int?, lastColumn: Int?) -> Styled {
        let (symbol, style) = look(mark)
        // The newest shot's parentheses give way to the cursor's brackets where they meet (in
        // plain text the brackets take the columns on either side of the cursor's cell).
        let meetsCursor = lastColumn.flatMap { last in cursorColumn.map { abs($0 - last) <= 1 } } ?? false
        let last = !mode.usesColour && meetsCursor ? nil : lastColumn
        if mode.usesColour, column == cursorColumn {
            let separator = column == last ? Styled("(", .dim) : column - 1 == last ? Styled(")", .dim) : Styled(" ")
            return separator + Styled(symbol, Style(bold: true, reverse: true, foreground: style.foreground))
        }
        let separator = !mode.usesColour && column == cursorColumn ? "["
            : !mode.usesColour && column - 1 == cursorColumn ? "]"
            : column == last ? "(" : column - 1 == last ? ")" : " "
        return Styled(separator, separator == " " ? .plain : .dim) + Styled(symbol, style)
    }

    private struct Titled {
        let fleet: Int
        let title: String
        let side: BoardCursor.Side?
    }

    /// The boards a perspective sees, its own first.
    private func boards(for perspective: BoardPerspective, in view: BattleshipState) -> [Titled] {
        let own = perspective.seat?.index
        if game.rules.sides == .hiderAndGuesser {
            switch own {
            case 0?: return [Titled(fleet: 0, title: note("Your ships", 0, view), side: .own)]
            case _?: return [Titled(fleet: 0, title: note("Find the ships", 0, view), side: .target)]
            case nil: return [Titled(fleet: 0, title: note("The hidden ships", 0, view), side: nil)]
            }
        }
        guard let own, view.fleets.indices.contains(own) else {
            return [
                Titled(fleet: 0, title: note("First player's fleet", 0, view), side: nil),
                Titled(fleet: 1, title: note("Second player's fleet", 1, view), side: nil),
            ]
        }
        let enemy = game.rules.target(of: Seat(own))
        return [
            Titled(fleet: own, title: note("Your fleet", own, view), side: .own),
            Titled(fleet: enemy, title: note("Enemy fleet", enemy, view), side: .target),
        ]
    }

    private func note(_ title: String, _ fleet: Int, _ view: BattleshipState) -> String {
        view.fleets.indices.contains(fleet) && view.fleets[fleet] == .unplaced ? "\(title) (not placed)" : title
    }
}
