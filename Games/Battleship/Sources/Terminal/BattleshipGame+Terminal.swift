import GamePresentation
import GameRules

/// Battleship in the terminal: the boards a player sees, a cursor to place ships and fire
/// with (arrows, or a cell's name typed), and `fire CONV SEQ CELL` in line mode.
extension BattleshipGame {
    /// The boards as the recipient sees them: from their seat when the client knows it, since
    /// a finished game's views show every fleet to everyone and no longer tell whose is whose.
    public func bubblePicture(of state: BattleshipState, seat: Seat?, width: Int, mode: ColourMode) -> [Styled] {
        BoardRenderer(game: self, mode: mode).lines(for: state, as: perspective(of: state, seat: seat), width: width)
    }

    /// The viewer's perspective: their seat when known, else worked out from what the state hides.
    func perspective(of state: BattleshipState, seat: Seat?) -> BoardPerspective {
        if let seat, seat.index < variant.seats.upperBound { return .player(seat) }
        return .inferred(from: state)
    }

    /// Every fleet with its ships, side by side, and what the marks mean.
    public func trueLines(of state: BattleshipState, width: Int, mode: ColourMode) -> [Styled] {
        let renderer = BoardRenderer(game: self, mode: mode)
        let boards = state.fleets.indices.map { fleet in
            [Styled("Fleet of seat \(fleet)", .bold)] + renderer.board(fleet, in: state)
        }
        let drawn = boards.count == 2 ? Styled.sideBySide(boards[0], boards[1], gap: 4) : boards.first ?? []
        return drawn + [renderer.legend()]
    }

    public func newDraft() -> BattleshipDraft { BattleshipDraft() }

    /// The player's boards with the cursor: on their own board while they place their fleet
    /// (the ships placed so far drawn on it), on the enemy's while they fire (a staged shot
    /// drawn as pending), laid out for the screen's size; the legend below when there is room.
    public func expandedLines(
        of state: BattleshipState, seat: Seat?, draft: BattleshipDraft, staged: BattleshipState?, width: Int, height: Int,
        mode: ColourMode
    ) -> [Styled] {
        var shown = state
        let placing = placingSeat(in: state)
        if let seat = placing, !draft.ships.isEmpty { shown.fleets[seat.index] = .placed(Fleet(draft.ships)) }
        if let staged, staged.shots.count > state.shots.count, let shot = staged.shots.last { shown.shots.append(Shot(shot.cell)) }
        let perspective = placing.map(BoardPerspective.player) ?? perspective(of: shown, seat: seat)
        var cursor = BoardCursor(draft.cursor, on: placing == nil ? .target : .own)
        if placing != nil, !rules.board.namesCellsByNumber, draft.ships.count < rules.fleet.count, staged == nil {
            // The next ship's ghost from the cursor, as far as it stays on the board.
            let next = ShipPlacement(rules.fleet[draft.ships.count], at: draft.cursor, draft.orientation)
            cursor.ghost = Set(rules.board.cellsOnBoard(of: next))
        }
        let renderer = BoardRenderer(game: self, mode: mode)
        // A cursor only for a player about to act: one waiting (or a game over) sees every
        // board's newest shot, which the cursor would cover where it last fired.
        let acting: Bool
        switch rules.phase(of: shown) {
        case .placing: acting = placing != nil
        case let .firing(shooter): acting = seat == nil || seat == shooter
        case .over: acting = false
        }
        return renderer.screen(for: shown, as: perspective, cursor: acting ? cursor : nil, width: width, height: height)
    }

    public func hint(for state: BattleshipState, draft: BattleshipDraft) -> String {
        guard placingSeat(in: state) != nil else {
            return "Arrows or a cell name (\(rules.board.namesCellsByNumber ? "4" : "B7")) move, Enter fires, Esc back"
        }
        if rules.board.namesCellsByNumber {
            // Each hint fits the 80 columns of the smallest terminal the client is made for.
            let last = rules.board.size * rules.board.size - 1
            return "Hide \(rules.fleet.count) boats: arrows or 0-\(last), Enter puts or takes a boat, Space at random"
        }
        guard draft.ships.count < rules.fleet.count else { return "" }
        let kind = rules.fleet[draft.ships.count]
        let way = draft.orientation == .across ? "across" : "down"
        let name = kind.name.prefix(1).uppercased() + kind.name.dropFirst()
        return "\(name), \(kind.length) \(way): Enter places, r turns, Space at random, Backspace undoes"
    }

    public func press(_ key: Key, draft: inout BattleshipDraft, in state: BattleshipState) -> DraftChange<BattleshipState> {
        let board = rules.board
        let placing = placingSeat(in: state)
        switch key {
        case .up, .down, .left, .right:
            let (row, column) = (board.row(of: draft.cursor), board.column(of: draft.cursor))
            let (dr, dc) = key == .up ? (-1, 0) : key == .down ? (1, 0) : key == .left ? (0, -1) : (0, 1)
            draft.cursor = board.cell(row: min(board.size - 1, max(0, row + dr)), column: min(board.size - 1, max(0, column + dc)))
                ?? draft.cursor
            draft.typedCell = ""
        case .character(" "):
            // The rest of the fleet placed at random, around the ships placed so far.
            guard let seat = placing, draft.ships.count < rules.fleet.count else { return .none }
            var generator = SystemRandomNumberGenerator()
            draft.ships = rules.randomRest(of: draft.ships, using: &generator)
            draft.typedCell = ""
            return place(&draft, seat: seat, in: state, adding: false)
        case .character("r"), .character("R"):
            guard placing != nil, !board.namesCellsByNumber else { return .none }
            draft.orientation = draft.orientation == .across ? .down : .across
        case let .character(character) where character.isLetter || character.isNumber:
            // "B1" then "0" is B10; a character that makes no cell starts a new name.
            let longer = draft.typedCell + String(character)
            if let cell = board.cell(named: longer) {
                draft.cursor = cell
                draft.typedCell = longer
            } else if Self.isPrefix(longer, on: board) {
                draft.typedCell = longer
            } else if let cell = board.cell(named: String(character)) {
                draft.cursor = cell
                draft.typedCell = String(character)
            } else {
                draft.typedCell = Self.isPrefix(String(character), on: board) ? String(character) : ""
            }
        case .backspace:
            if !draft.typedCell.isEmpty {
                draft.typedCell.removeLast()
            } else if !draft.ships.isEmpty {
                draft.ships.removeLast()
            }
        case .enter:
            draft.typedCell = ""
            if let seat = placing { return place(&draft, seat: seat, in: state) }
            return fire(draft, in: state)
        default:
            break
        }
        return .none
    }

    /// The staged fleet's last ship is taken back.
    public func unstage(_ draft: inout BattleshipDraft) {
        if !draft.ships.isEmpty { draft.ships.removeLast() }
    }

    /// A half-typed cell name is forgotten.
    public func cancel(_ draft: inout BattleshipDraft) -> Bool {
        guard !draft.typedCell.isEmpty else { return false }
        draft.typedCell = ""
        return true
    }

    public func discard(_ draft: inout BattleshipDraft) {
        draft.ships = []
        draft.typedCell = ""
    }

    public static var lineVerbs: [LineVerb] {
        [LineVerb(verb: "fire", argument: "CELL", help: "Battleship: move CONV SEQ Shot=CELL") { cell in "Shot=\(cell.uppercased())" }]
    }

    /// The seat the player places a fleet for now, if they are placing one.
    func placingSeat(in view: BattleshipState) -> Seat? {
        guard case let .placing(seat) = rules.phase(of: view), seat == Self.seat(seeing: view) else { return nil }
        return seat
    }

    /// Whether `text` begins some cell's name, such as "B" or "B1".
    private static func isPrefix(_ text: String, on board: Board) -> Bool {
        board.cells.contains { board.name(of: $0).uppercased().hasPrefix(text.uppercased()) }
    }

    /// Enter while placing: a boat toggles at the cursor (seed); the next ship goes at the
    /// cursor, turned as `r` left it (classic). The whole fleet placed stages it.
    private func place(
        _ draft: inout BattleshipDraft, seat: Seat, in view: BattleshipState, adding: Bool = true
    ) -> DraftChange<BattleshipState> {
        if adding, let index = draft.ships.firstIndex(where: { rules.board.cells(of: $0)?.contains(draft.cursor) ?? false }),
            rules.board.namesCellsByNumber
        {
            draft.ships.remove(at: index)
            return .none
        }
        if adding {
            guard draft.ships.count < rules.fleet.count else { return .none }
            let ship = ShipPlacement(rules.fleet[draft.ships.count], at: draft.cursor, draft.orientation)
            guard let cells = rules.board.cells(of: ship) else {
                return .refused("The \(ship.kind) does not fit there: it would leave the board. Press r to turn it.")
            }
            let taken = rules.occupancy(of: Fleet(draft.ships))
            if let cell = cells.first(where: { taken[$0] != nil }), let other = taken[cell] {
                return .refused("The \(ship.kind) would cross the \(other.kind) at \(rules.board.name(of: cell)).")
            }
            draft.ships.append(ship)
        }
        guard draft.ships.count == rules.fleet.count else { return DraftChange(error: .clear) }
        var next = view
        next.fleets[seat.index] = .placed(rules.canonical(Fleet(draft.ships)))
        let words = rules.board.namesCellsByNumber
            ? "Hide your boats at \(draft.ships.map { rules.board.name(of: $0.origin) }.joined(separator: " and "))?"
            : "Your fleet is placed."
        return DraftChange(staged: (next, words + " Enter sends it, Esc cancels."), error: .clear)
    }

    /// Enter while firing: stages a shot at the cursor. Whose turn it is is the server's to
    /// say: a shot out of turn is sent and its refusal shown.
    private func fire(_ draft: BattleshipDraft, in view: BattleshipState) -> DraftChange<BattleshipState> {
        guard case let .firing(shooter) = rules.phase(of: view) else { return .none }
        let name = rules.board.name(of: draft.cursor)
        if rules.shots(by: shooter, in: view).contains(where: { $0.cell == draft.cursor }) {
            return .refused("\(name) has been fired at already.")
        }
        var next = view
        next.shots.append(Shot(draft.cursor))
        return DraftChange(staged: (next, "Fire at \(name)? Enter sends it, Esc cancels."), error: .clear)
    }
}

/// The move a Battleship player is making on the expanded screen: where the cursor is, the
/// ships placed so far and which way the next one turns, and a cell name half typed.
public struct BattleshipDraft: Hashable, Sendable {
    public var cursor = Cell(0)
    public var ships: [ShipPlacement] = []
    public var orientation: Orientation = .across
    /// The cell name typed so far, such as "B1" on the way to "B10".
    public var typedCell = ""

    public init() {}
}

extension BattleshipGame {
    /// The placement captions as their mover reads them: the original app's "placed their
    /// ships! Can you find them?" is written to the other player.
    public static func moversWords(for text: String, mover: String) -> String? {
        switch text {
        case "\(mover) placed their ships! Can you find them?": "You hid your ships."
        case "\(mover) placed their ships": "You placed your ships"
        case "\(mover) placed their ships! Place yours, then find theirs.": "You placed your ships first."
        case "\(mover) placed their ships too. Fire away!": "You placed your ships too. Fire away!"
        default: nil
        }
    }
}
