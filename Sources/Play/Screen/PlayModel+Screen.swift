import GameCatalog
import GamePresentation
import GameRules
import TerminalUI
import Transcript
import Wire

/// The screen for the model's state, drawn by `ScreenLayout`.
extension PlayModel {
    // Every hint fits the 80 columns of the smallest terminal the client is made for.
    static let listHint = "Up/Down, Enter opens; n new, j join, p play someone, r name, x leave, q quit"
    static let waitingHint = "Not your turn: this screen changes as moves arrive. Esc back"
    static let watchingHint = "You are watching: the players move, this screen follows. Esc back"
    static let watchingConversationHint = "You are watching. Type to chat; Up/Down messages, Enter opens a game, Esc back"
    static let conversationHint = "Type to chat; Up/Down messages, Left/Right games, Enter opens/starts, Esc back"

    /// Exactly `height` lines of at most `width` columns.
    public func screen(width: Int, height: Int, mode: ColourMode) -> [String] {
        let layout = ScreenLayout(width: width, height: height, mode: mode, glyphs: glyphs)
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

    /// The conversations as the list shows them: those where it is the player's turn first, so
    /// that a player coming back sees first what waits for them; each part in the book's order.
    var listOrder: [ConversationID] {
        let waiting = conversationsAwaitingYou
        return book.order.filter { waiting.contains($0) } + book.order.filter { !waiting.contains($0) }
    }

    /// The place of the selected conversation in `listOrder`: the first when none is.
    var listSelection: Int {
        get { listSelected.flatMap { listOrder.firstIndex(of: $0) } ?? 0 }
        set {
            let order = listOrder
            listSelected = order.indices.contains(newValue) ? order[newValue] : order.first
        }
    }

    var listScreen: ConversationListScreen {
        let entries = listOrder.map { conversation in
            let summary = book.summaries[conversation]
            let names = book.nameBook(for: conversation)
            let watching = book.spectators(in: conversation)
            let watched = { (id: ParticipantID) in watching.contains(id) ? " (watching)" : "" }
            let others = members(of: conversation).filter { $0 != summary?.you }.map { names.name(of: $0) + watched($0) }
            let status = latestStatus(in: conversation)
            let statusLine = summary.map { summary in
                var line = StatusLine(status: status, online: online, names: names, viewer: summary.you, now: clockTime)
                line.watching = summary.role == .spectator
                line.players = book.players(in: conversation)
                return line
            }
            let game = status.map { gameName($0) + " · " } ?? ""
            let you = "you" + (summary.map { watched($0.you) } ?? "")
            return ConversationListScreen.Entry(
                members: others.isEmpty ? "only \(you) so far" : "\(you), " + others.joined(separator: ", "),
                invites: book.invites(of: conversation),
                state: game + (statusLine?.turnText ?? "") + (statusLine?.clock.map { " · " + $0 } ?? ""),
                viewersTurn: statusLine?.isViewersTurn ?? false)
        }
        let input = switch typing {
        case .invite?: "Invite code: " + typed
        case .name?: "Your name: " + typed
        case .seek?: "Play someone (game [variant] [5m|1d] [rated] [bot]): " + typed
        case nil: leaving.map { "Leave #\(book.number(of: $0))? Enter leaves, Esc stays." } ?? ""
        }
        return ConversationListScreen(
            entries: entries, selection: listSelection, online: online, input: input, hint: notice ?? Self.listHint, error: error)
    }

    func compactScreen(_ conversation: ConversationID) -> CompactScreen? {
        guard var header = header(conversation, status: latestStatus(in: conversation), title: nil) else { return nil }
        // Over a conversation the invite code is long: the turn and its clock, not the prompt.
        header.showsPrompt = false
        let events = book.events[conversation] ?? []
        let current = focus[conversation] ?? .newest
        let selected: Int? = switch current {
        case .newest: events.last { ($0.kind == .message && $0.message != nil) || $0.kind == .sticker }?.seq
        case let .message(seq): seq
        case .drawer, .recent: nil
        }
        var lines = drawerLines
        var drawerSelection: Int? = selected == nil ? drawers[conversation, default: 0] : nil
        if case let .recent(index) = current, !recentStickers.isEmpty {
            // The row of recent stickers in place of the games' own lines, one chosen.
            let recent = recentStickers, chosen = recent[min(index, recent.count - 1)]
            lines = [Styled("Send as a sticker: ", .bold) + Styled("< \(chosen.name) >", .colour(.yellow, bold: true))
                + Styled("  (\(min(index, recent.count - 1) + 1) of \(recent.count); Left/Right, Enter sends)", .dim)]
            drawerSelection = nil
        }
        // What is typed here is chat, and says so; over a game that waits for this player's
        // move, that it is not the move.
        let draft = chatDrafts[conversation, default: ""]
        let awaited = selected.flatMap { book.event($0, in: conversation)?.status }.map { yourTurns.contains($0.session) } ?? false
        let input = draft.isEmpty ? "" : (awaited ? "Chat, not a move (Esc, then Enter opens the game): " : "Chat: ") + draft
        var screen = CompactScreen(
            // A spectator starts no games: no drawer of them is offered.
            header: header, events: events, drawer: book.watches(conversation) ? [] : drawerItems, drawerSelection: drawerSelection,
            drawerLines: lines,
            selectedMessage: selected, input: input,
            hint: notice ?? (book.watches(conversation) ? Self.watchingConversationHint : Self.conversationHint),
            error: error)
        screen.checks = book.checks[conversation] ?? [:]
        screen.catalog = catalog
        screen.warning = book.warning(in: conversation)
        screen.showsPictures = showsPictures
        return screen
    }

    func expandedScreen(_ desk: SessionScreen) -> ExpandedScreen? {
        let basis = basis(of: desk)
        // The session as it stands: its newest message's, or a later timeout's or operator's end.
        let current = sessionStatus(of: desk)
        var name = gameName(game: desk.game, variant: current?.variant ?? desk.variant)
        if desk.session == nil, !isPaired(desk.conversation) {
            // A new game says its time a move, which Ctrl-T changes.
            name += ", " + (desk.secondsPerMove.map(TimeControlWords.perMove) ?? "its own time a move") + " (Ctrl-T)"
        }
        guard var header = header(desk.conversation, status: current, title: name) else { return nil }
        if desk.session == nil { header.status = nil }
        var screen = ExpandedScreen(header: header, picture: .unreadable("nothing to show"), error: error)
        screen.warning = desk.session.flatMap { book.warning(in: desk.conversation, session: $0) }
        screen.staging = desk.staged.map { desk.sending ? sendingWords($0.words) : $0.words } ?? ""
        if let message = basis?.message, let caption = message.layout.caption {
            screen.caption = MessageWords(names: header.names, viewer: header.viewer, catalog: catalog).text(caption, of: message)
        }
        if screen.staging.isEmpty, !desk.typed.isEmpty { screen.staging = "Your move adds: " + desk.typed }
        if desk.resigning { screen.staging = "Resign this game? Enter resigns, Esc cancels." }
        if let status = current, status.outcome.finished {
            // The game's own words only when its own last move ended it.
            let byItsMove = basis?.status?.outcome.finished == true
            screen.banner = banner(status, on: desk, byItsMove: byItsMove, viewer: header.viewer, names: header.names)
            screen.hint = makesSticker(desk)
                ? (book.watches(desk.conversation) ? "" : "m: a rematch · ") + "r: a replay · e: export · s: send as a sticker · Esc back"
                : (book.watches(desk.conversation) ? "" : "m: a rematch · ") + "r: a replay · e: export · Esc returns to the conversation"
        }
        if current?.outcome.finished == true, desk.replay == nil, let rematch = startedRematch(of: desk),
            let starter = book.events[desk.conversation]?.first(where: { $0.status?.session == rematch.session })?.message?.sender
        {
            // The game on screen is over and another has begun: said where the keys are, and
            // whether it waits for this player.
            let who = starter == header.viewer ? "You" : header.names.name(of: starter)
            let yours = rematch.turn.allows(header.viewer) && !book.watches(desk.conversation)
            screen.hint = "\(who) started a rematch" + (yours ? ", your move" : "") + ": m opens it · r: a replay · Esc back"
        }
        if let replay = desk.replay {
            let count = sessionMessages(of: desk).count
            screen.banner = "Replay: move \(min(replay, count)) of \(count)"
            screen.hint = "Left/Right: a move back or on · Up/Down: first or last · Esc ends"
        }
        if let status = current, !status.outcome.finished, !status.turn.allows(header.viewer) {
            screen.hint = Self.waitingHint
        }
        if book.watches(desk.conversation), current?.outcome.finished != true, desk.replay == nil {
            screen.hint = Self.watchingHint
        }
        if let notice { screen.hint = notice }
        guard catalog.type(GameID(rawValue: desk.game)) != nil else {
            // A game this client does not know: its state as its items, played by adding some.
            if screen.hint.isEmpty { screen.hint = GameDraft.typedItemsHint }
            let items = desk.staged?.items ?? shownItems(of: desk)
            screen.picture = ExpandedPicture { width, _, _ in GameView.itemLines(items, width: width) }
            return screen
        }
        guard let (presentation, items) = try? shown(on: desk), let hint = try? presentation.hint(shown: items, draft: desk.draft)
        else { return screen }
        if screen.hint.isEmpty { screen.hint = hint }
        let (draft, staged, seat) = (desk.draft, desk.staged?.items, seat(on: desk))
        screen.picture = ExpandedPicture { width, height, mode in
            do throws(RuleViolation) {
                return try presentation.expandedLines(
                    shown: items, seat: seat, draft: draft, staged: staged, width: width, height: height, mode: mode)
            } catch {
                return ExpandedPicture.unreadable(error.reason).lines(width: width, height: height, mode: mode)
            }
        }
        return screen
    }

    /// A staged move on its way, without the question that staged it: "Sending: Drop a disc in
    /// column 5"; offline, that it waits to be sent (the client sends it once it is back).
    func sendingWords(_ words: String) -> String {
        var move = words.replacingOccurrences(of: " Enter sends it, Esc cancels.", with: "")
        if move.hasSuffix("?") { move.removeLast() }
        return (online ? "Sending: " : "Waiting to send (offline): ") + move
    }

    /// The viewer's seat in the desk's session: players take seats in the order of their first
    /// moves. `nil` before the viewer's first move.
    func seat(on desk: SessionScreen) -> Seat? {
        guard let you = book.you(in: desk.conversation) else { return nil }
        let messages = (book.events[desk.conversation] ?? []).compactMap { $0.kind == .message ? $0.message : nil }
            .filter { $0.session?.uuidString == desk.session }
        return BubbleRenderer.seats(of: messages).values.first?.firstIndex(of: you).map(Seat.init)
    }

    /// The sessions where the viewer may move now: the newest status of each session of every
    /// conversation, not finished, whose turn allows the viewer.
    public var yourTurns: Set<String> {
        Set(turnsByConversation.values.joined())
    }

    /// The conversations with a game where the viewer may move now.
    var conversationsAwaitingYou: Set<ConversationID> {
        Set(turnsByConversation.filter { !$0.value.isEmpty }.keys)
    }

    /// `yourTurns`, by conversation.
    private var turnsByConversation: [ConversationID: Set<String>] {
        var byConversation: [ConversationID: Set<String>] = [:]
        for conversation in book.order {
            var turns: Set<String> = []
            defer { byConversation[conversation] = turns }
            guard let you = book.you(in: conversation) else { continue }
            var newest: [String: GameStatus] = [:]
            for event in book.events[conversation] ?? [] {
                if let status = event.status { newest[status.session] = status }
            }
            for (session, status) in newest where !status.outcome.finished && status.turn.allows(you) && !book.watches(conversation) {
                turns.insert(session)
            }
        }
        return byConversation
    }

    /// The newest status of the desk's session: of its newest message, or of a timeout or an
    /// operator's end that came after it.
    func sessionStatus(of desk: SessionScreen) -> GameStatus? {
        guard let session = desk.session else { return nil }
        return book.events[desk.conversation]?.last { $0.status?.session == session }?.status
    }

    /// The line over a finished game: the game's own, or who won.
    private func banner(_ status: GameStatus, on desk: SessionScreen, byItsMove: Bool, viewer: ParticipantID, names: NameBook) -> String {
        if byItsMove, let (presentation, items) = try? shown(on: desk), let items, let banner = try? presentation.banner(of: items) {
            return banner
        }
        // Why it ended, when a player did not finish it by a move: a resignation, a timeout.
        let ending = book.events[desk.conversation]?.last { $0.status?.session == status.session }
        var why = ""
        if let ending, let who = ending.participant?.id, ending.kind == .resigned || ending.kind == .timeout {
            if who == viewer, ending.kind == .resigned { return "*** You resigned. ***" }
            let name = who == viewer ? "You" : names.name(of: who)
            why = ending.kind == .resigned ? "\(name) resigned: " : "\(name) ran out of time: "
        }
        if status.outcome.winners.contains(viewer) { return why.isEmpty ? "*** You won! ***" : "*** \(why)you won! ***" }
        if status.outcome.losers.contains(viewer) { return why.isEmpty ? "*** You lost. ***" : "*** \(why)you lost. ***" }
        if let winner = status.outcome.winners.first { return "*** \(why)\(names.name(of: winner)) won ***" }
        return "*** \(why)Game over ***"
    }

    private func header(_ conversation: ConversationID, status: GameStatus?, title: String?) -> ScreenHeader? {
        guard let summary = book.summaries[conversation] else { return nil }
        let number = book.number(of: conversation)
        let watching = summary.role == .spectator
        let name = title.map { "\($0) in #\(number)" + (watching ? ", watching" : "") }
            ?? "#\(number) " + (watching ? "watching, invite to watch \(summary.invite)" : "invite \(summary.invite)")
        var header = ScreenHeader(
            title: name, viewer: summary.you, names: book.nameBook(for: conversation), status: status, online: online, now: clockTime)
        header.watching = watching
        header.hasServer = !replayOnly
        header.players = book.players(in: conversation)
        return header
    }

    /// Who is in a conversation: its members when it was listed, and everyone who joined since.
    private func members(of conversation: ConversationID) -> [ParticipantID] {
        var ids = book.summaries[conversation]?.members.map(\.id) ?? []
        for event in book.events[conversation] ?? [] where event.kind == .joined {
            if let id = event.participant?.id, !ids.contains(id) { ids.append(id) }
        }
        return ids
    }

    private func latestStatus(in conversation: ConversationID) -> GameStatus? {
        book.events[conversation]?.last { $0.status != nil }?.status
    }

    /// The games' own lines below the drawer, each from the states its finished sessions of
    /// every conversation ended with, oldest first: the recent ice creams.
    var drawerLines: [Styled] {
        var finished: [String: [String: [QueryItem]]] = [:]
        var order: [String: [String]] = [:]
        for conversation in book.order {
            for event in book.events[conversation] ?? [] where event.kind == .message {
                guard let status = event.status, status.outcome.finished, let url = event.message?.url,
                    let items = try? QueryString.items(in: url)
                else { continue }
                if finished[status.game]?[status.session] == nil { order[status.game, default: []].append(status.session) }
                finished[status.game, default: [:]][status.session] = items
            }
        }
        return catalog.games.compactMap { game in
            guard let presentation = try? catalog.presentation(game.id) else { return nil }
            let states = (order[game.id.rawValue] ?? []).compactMap { finished[game.id.rawValue]?[$0] }
            return presentation.drawerLine(finished: states, width: Int.max)
        }
    }

    /// The finished states of every conversation that make stickers (finished ice creams),
    /// newest first, each once, at most 10: what the row under the drawer sends.
    var recentStickers: [(game: String, query: String, name: String)] {
        var found: [(game: String, query: String, name: String)] = []
        for conversation in book.order {
            for event in book.events[conversation] ?? [] where event.kind == .message && event.status?.outcome.finished == true {
                guard let message = event.message, let start = message.url.firstIndex(of: "?"),
                    let type = catalog.type(message.game), let items = try? QueryString.items(in: message.url), type.makesSticker(items)
                else { continue }
                let name = catalog.stickerName(game: message.game.rawValue, items: items)
                found.removeAll { $0.name == name }
                found.append((message.game.rawValue, String(message.url[start...]), name))
            }
        }
        return Array(found.reversed().prefix(10))
    }

    func gameName(_ status: GameStatus) -> String { gameName(game: status.game, variant: status.variant) }

    /// "Battleship (seed)", "Ice Cream": the game's title, or its id for a game this client
    /// does not have.
    func gameName(game: String, variant: String?) -> String {
        (try? catalog.presentation(GameID(rawValue: game), variant: variant).title) ?? game
    }
}
