import Battleship
import IceCream
import TerminalUI
import Transcript
import Wire

/// The screen for the model's state, drawn by `ScreenLayout`.
extension PlayModel {
    static let listHint = "Up/Down choose, Enter opens, n new conversation, j join by code, r your name, q quits"
    static let waitingHint = "Not your turn: this screen changes as moves arrive. Esc back"
    static let conversationHint = "Up/Down messages, Left/Right games, Enter opens or starts, Esc back"

    /// Exactly `height` lines of at most `width` columns.
    public func screen(width: Int, height: Int, mode: ColourMode) -> [String] {
        let layout = ScreenLayout(width: width, height: height, mode: mode)
        switch place {
        case .list:
            return layout.list(listScreen)
        case let .conversation(conversation):
            guard let screen = compactScreen(conversation) else { return layout.list(listScreen) }
            return layout.compact(screen)
        case let .game(desk):
            guard let screen = expandedScreen(desk) else { return layout.list(listScreen) }
            return layout.expanded(screen)
        }
    }

    var listScreen: ConversationListScreen {
        let entries = book.order.map { conversation in
            let summary = book.summaries[conversation]
            let names = book.nameBook(for: conversation)
            let others = members(of: conversation).filter { $0 != summary?.you }.map { names.name(of: $0) }
            let status = latestStatus(in: conversation)
            let statusLine = summary.map { StatusLine(status: status, online: online, names: names, viewer: $0.you) }
            let game = status.map { " (\(Self.gameName($0)))" } ?? ""
            return ConversationListScreen.Entry(
                members: others.isEmpty ? "only you so far" : "you, " + others.joined(separator: ", "),
                invite: summary?.invite ?? "?", state: (statusLine?.turnText ?? "") + game,
                viewersTurn: statusLine?.isViewersTurn ?? false)
        }
        let input = switch typing {
        case .invite?: "Invite code: " + typed
        case .name?: "Your name: " + typed
        case nil: ""
        }
        return ConversationListScreen(
            entries: entries, selection: listSelection, online: online, input: input, hint: Self.listHint, error: error)
    }

    func compactScreen(_ conversation: String) -> CompactScreen? {
        guard let header = header(conversation, status: latestStatus(in: conversation), title: nil) else { return nil }
        let events = book.events[conversation] ?? []
        let current = focus[conversation] ?? .newest
        let selected: Int? = switch current {
        case .newest: events.last { $0.kind == .message && $0.message != nil }?.seq
        case let .message(seq): seq
        case .drawer: nil
        }
        return CompactScreen(
            header: header, events: events, history: iceCreamHistory, drawerSelection: selected == nil ? drawer : nil,
            selectedMessage: selected, hint: Self.conversationHint, error: error)
    }

    func expandedScreen(_ desk: GameDesk) -> ExpandedScreen? {
        let basis = basis(of: desk)
        let name = Self.gameName(game: desk.game, variant: basis?.status?.variant ?? desk.variant)
        guard var header = header(desk.conversation, status: basis?.status, title: name) else { return nil }
        if desk.session == nil { header.status = nil }
        var screen = ExpandedScreen(header: header, game: .unreadable("nothing to show"), error: error)
        screen.staging = desk.staged.map { desk.sending ? "Sending: " + $0.words : $0.words } ?? ""
        if let status = basis?.status, status.outcome.finished {
            screen.banner = banner(status, viewer: header.viewer, names: header.names)
            screen.hint = "Esc returns to the conversation"
        }
        if let status = basis?.status, !status.outcome.finished, !status.turn.allows(header.viewer) {
            screen.hint = Self.waitingHint
        }
        if desk.game == IceCreamGame.id.rawValue {
            guard let iceCream = iceCream(of: desk) else { return screen }
            screen.game = .iceCream(desk.staged?.iceCream ?? iceCream)
            if desk.staged == nil, !iceCream.isComplete { screen.selection = desk.picker }
            if screen.hint.isEmpty { screen.hint = "Up/Down choose, Enter adds it, Esc back" }
            return screen
        }
        guard let (game, view) = battleship(of: desk) else { return screen }
        var shown = view
        if let seat = placingSeat(game, view) {
            if !desk.ships.isEmpty { shown.fleets[seat.index] = .placed(Fleet(desk.ships)) }
            screen.perspective = .player(seat)
            screen.cursor = BoardCursor(desk.cursor, on: .own)
            if screen.hint.isEmpty { screen.hint = placingHint(game.rules, desk) }
        } else {
            screen.cursor = BoardCursor(desk.cursor, on: .target)
            if screen.hint.isEmpty { screen.hint = "Arrows or a cell name (\(game.rules.board.namesCellsByNumber ? "4" : "B7")) move, Enter fires, Esc back" }
        }
        if let shot = desk.staged?.shot { shown.shots.append(Shot(shot)) }
        screen.game = .battleship(game, shown)
        return screen
    }

    private func placingHint(_ rules: BattleshipRules, _ desk: GameDesk) -> String {
        if rules.board.namesCellsByNumber {
            return "Hide \(rules.fleet.count) boats: arrows or a cell number move, Enter puts or takes a boat, Esc back"
        }
        guard desk.ships.count < rules.fleet.count else { return "" }
        let kind = rules.fleet[desk.ships.count]
        let way = desk.orientation == .across ? "across" : "down"
        return "Place the \(kind) (\(kind.length), \(way)): Enter places, r turns, Backspace undoes, Esc back"
    }

    private func banner(_ status: GameStatus, viewer: ParticipantID, names: NameBook) -> String {
        if status.game == IceCreamGame.id.rawValue { return "*** The ice cream is ready! ***" }
        if status.outcome.winners.contains(viewer) { return "*** You won! ***" }
        if status.outcome.losers.contains(viewer) { return "*** You lost. ***" }
        if let winner = status.outcome.winners.first { return "*** \(names.name(of: winner)) won ***" }
        return "*** Game over ***"
    }

    private func header(_ conversation: String, status: GameStatus?, title: String?) -> ScreenHeader? {
        guard let summary = book.summaries[conversation] else { return nil }
        let number = book.number(of: conversation)
        let name = title.map { "\($0) in #\(number)" } ?? "#\(number) invite \(summary.invite)"
        return ScreenHeader(
            title: name, viewer: summary.you, names: book.nameBook(for: conversation), status: status, online: online)
    }

    /// Who is in a conversation: its members when it was listed, and everyone who joined since.
    private func members(of conversation: String) -> [ParticipantID] {
        var ids = book.summaries[conversation]?.members.map(\.id) ?? []
        for event in book.events[conversation] ?? [] where event.kind == .joined {
            if let id = event.participant?.id, !ids.contains(id) { ids.append(id) }
        }
        return ids
    }

    private func latestStatus(in conversation: String) -> GameStatus? {
        book.events[conversation]?.last { $0.status != nil }?.status
    }

    /// The finished ice creams of every conversation, oldest first, as the drawer lists them.
    var iceCreamHistory: IceCreamHistory {
        var finished: [String: IceCream] = [:]
        var order: [String] = []
        for conversation in book.order {
            for event in book.events[conversation] ?? [] where event.kind == .message {
                guard let status = event.status, status.game == IceCreamGame.id.rawValue, status.outcome.finished,
                    let url = event.message?.url, case let .iceCream(iceCream) = GameView(game: IceCreamGame.id, url: url)
                else { continue }
                if finished[status.session] == nil { order.append(status.session) }
                finished[status.session] = iceCream
            }
        }
        return IceCreamHistory(order.compactMap { finished[$0] })
    }

    static func gameName(_ status: GameStatus) -> String { gameName(game: status.game, variant: status.variant) }

    static func gameName(game: String, variant: String?) -> String {
        switch game {
        case BattleshipGame.id.rawValue: "Battleship" + (variant.map { " (\($0))" } ?? "")
        case IceCreamGame.id.rawValue: "Ice Cream"
        default: game
        }
    }
}
