import Battleship
import GameRules
import IceCream
import TerminalUI
import Wire

/// The expanded screen: moving the cursor or the picker, placing ships, staging a move and
/// sending it.
extension PlayModel {
    /// The newest message of the desk's session, whose state the desk shows and answers.
    func basis(of desk: GameDesk) -> Event? {
        guard let session = desk.session else { return nil }
        return book.events[desk.conversation]?.last { $0.kind == .message && $0.status?.session == session }
    }

    /// The Battleship game and the state as the player sees it, before their draft.
    func battleship(of desk: GameDesk) -> (game: BattleshipGame, view: BattleshipState)? {
        if let url = basis(of: desk)?.message?.url {
            guard case let .battleship(game, view) = GameView(game: BattleshipGame.id, url: url) else { return nil }
            return (game, view)
        }
        guard let game = try? BattleshipGame(variant: desk.variant ?? BattleshipGame.defaultVariant.id) else { return nil }
        return (game, game.initialState)
    }

    /// The ice cream as the newest message has it; empty for a new one.
    func iceCream(of desk: GameDesk) -> IceCream? {
        guard let url = basis(of: desk)?.message?.url else { return .empty }
        guard case let .iceCream(iceCream) = GameView(game: IceCreamGame.id, url: url) else { return nil }
        return iceCream
    }

    /// The seat the player places a fleet for now, if they are placing one.
    func placingSeat(_ game: BattleshipGame, _ view: BattleshipState) -> Seat? {
        guard case let .placing(seat) = game.rules.phase(of: view), seat == BattleshipGame.seat(seeing: view) else { return nil }
        return seat
    }

    mutating func deskKey(_ key: Key, _ desk: inout GameDesk) -> [PlayEffect] {
        switch key {
        case .quit:
            return [.quit]
        case .escape:
            if !desk.cancel() { place = .conversation(desk.conversation) }
            return []
        case .enter where desk.staged != nil:
            guard let staged = desk.staged, !desk.sending else { return [] }
            desk.sending = true
            return [.request(.send(
                conversation: desk.conversation, game: desk.game, variant: desk.session == nil ? desk.variant : nil,
                session: desk.session, basedOn: staged.basedOn, url: staged.query))]
        default:
            break
        }
        guard desk.staged == nil else { return [] }
        if desk.game == IceCreamGame.id.rawValue {
            iceCreamKey(key, &desk)
        } else {
            battleshipKey(key, &desk)
        }
        return []
    }

    private mutating func iceCreamKey(_ key: Key, _ desk: inout GameDesk) {
        guard let iceCream = iceCream(of: desk) else { return }
        let choices = IceCreamChoice.choices(for: iceCream)
        switch key {
        case .up: desk.picker = max(0, desk.picker - 1)
        case .down: desk.picker = min(max(0, choices.count - 1), desk.picker + 1)
        case .enter:
            guard choices.indices.contains(desk.picker) else { return }
            let choice = choices[desk.picker]
            let next = choice.applied(to: iceCream)
            desk.staged = GameDesk.Staged(
                query: QueryString.format(IceCreamGame().encode(next)), basedOn: basis(of: desk)?.seq,
                words: "Add \(choice.name)? Enter sends it, Esc cancels.", shot: nil, iceCream: next)
        default: break
        }
    }

    private mutating func battleshipKey(_ key: Key, _ desk: inout GameDesk) {
        guard let (game, view) = battleship(of: desk) else { return }
        let board = game.rules.board
        let placing = placingSeat(game, view)
        switch key {
        case .up, .down, .left, .right:
            let (row, column) = (board.row(of: desk.cursor), board.column(of: desk.cursor))
            let (dr, dc) = key == .up ? (-1, 0) : key == .down ? (1, 0) : key == .left ? (0, -1) : (0, 1)
            desk.cursor = board.cell(row: min(board.size - 1, max(0, row + dr)), column: min(board.size - 1, max(0, column + dc)))
                ?? desk.cursor
            desk.typedCell = ""
        case .character("r"), .character("R"):
            guard placing != nil, !board.namesCellsByNumber else { return }
            desk.orientation = desk.orientation == .across ? .down : .across
        case let .character(character) where character.isLetter || character.isNumber:
            // "B1" then "0" is B10; a character that makes no cell starts a new name.
            let longer = desk.typedCell + String(character)
            if let cell = board.cell(named: longer) {
                desk.cursor = cell
                desk.typedCell = longer
            } else if Self.isPrefix(longer, on: board) {
                desk.typedCell = longer
            } else if let cell = board.cell(named: String(character)) {
                desk.cursor = cell
                desk.typedCell = String(character)
            } else {
                desk.typedCell = Self.isPrefix(String(character), on: board) ? String(character) : ""
            }
        case .backspace:
            if !desk.typedCell.isEmpty {
                desk.typedCell.removeLast()
            } else if !desk.ships.isEmpty {
                desk.ships.removeLast()
            }
        case .enter:
            desk.typedCell = ""
            if let seat = placing {
                place(in: &desk, seat: seat, game: game, view: view)
            } else {
                fire(in: &desk, game: game, view: view)
            }
        default:
            break
        }
    }

    /// Whether `text` begins some cell's name, such as "B" or "B1".
    private static func isPrefix(_ text: String, on board: Board) -> Bool {
        board.cells.contains { board.name(of: $0).uppercased().hasPrefix(text.uppercased()) }
    }

    /// Enter while placing: a boat toggles at the cursor (seed); the next ship goes at the
    /// cursor, turned as `r` left it (classic). The whole fleet placed stages it.
    private mutating func place(in desk: inout GameDesk, seat: Seat, game: BattleshipGame, view: BattleshipState) {
        let rules = game.rules
        if let index = desk.ships.firstIndex(where: { rules.board.cells(of: $0)?.contains(desk.cursor) ?? false }),
            rules.board.namesCellsByNumber
        {
            desk.ships.remove(at: index)
            return
        }
        guard desk.ships.count < rules.fleet.count else { return }
        let ship = ShipPlacement(rules.fleet[desk.ships.count], at: desk.cursor, desk.orientation)
        guard let cells = rules.board.cells(of: ship) else {
            error = "The \(ship.kind) does not fit there: it would leave the board. Press r to turn it."
            return
        }
        let taken = rules.occupancy(of: Fleet(desk.ships))
        if let cell = cells.first(where: { taken[$0] != nil }), let other = taken[cell] {
            error = "The \(ship.kind) would cross the \(other.kind) at \(rules.board.name(of: cell))."
            return
        }
        error = nil
        desk.ships.append(ship)
        guard desk.ships.count == rules.fleet.count else { return }
        var next = view
        next.fleets[seat.index] = .placed(rules.canonical(Fleet(desk.ships)))
        let words = rules.board.namesCellsByNumber
            ? "Hide your boats at \(desk.ships.map { rules.board.name(of: $0.origin) }.joined(separator: " and "))?"
            : "Your fleet is placed."
        desk.staged = GameDesk.Staged(
            query: QueryString.format(game.encode(next)), basedOn: basis(of: desk)?.seq, words: words + " Enter sends it, Esc cancels.",
            shot: nil, iceCream: nil)
    }

    /// Enter while firing: stages a shot at the cursor. Whose turn it is is the server's to
    /// say: a shot out of turn is sent and its refusal shown.
    private mutating func fire(in desk: inout GameDesk, game: BattleshipGame, view: BattleshipState) {
        let rules = game.rules
        guard case let .firing(shooter) = rules.phase(of: view) else { return }
        let name = rules.board.name(of: desk.cursor)
        if rules.shots(by: shooter, in: view).contains(where: { $0.cell == desk.cursor }) {
            error = "\(name) has been fired at already."
            return
        }
        error = nil
        var next = view
        next.shots.append(Shot(desk.cursor))
        desk.staged = GameDesk.Staged(
            query: QueryString.format(game.encode(next)), basedOn: basis(of: desk)?.seq, words: "Fire at \(name)? Enter sends it, Esc cancels.",
            shot: desk.cursor, iceCream: nil)
    }
}
