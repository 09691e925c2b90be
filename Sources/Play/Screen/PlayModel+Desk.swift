import Fairness
import Foundation
import GameCatalog
import GamePresentation
import GameRules
import TerminalUI
import Transcript
import Wire

/// The expanded screen: the game's keys on its draft, staging a move and sending it.
extension PlayModel {
    /// The newest message of the desk's session, whose state the desk shows and answers.
    func basis(of desk: SessionScreen) -> Event? {
        guard let replay = desk.replay else {
            guard let session = desk.session else { return nil }
            return book.events[desk.conversation]?.last { $0.kind == .message && $0.status?.session == session }
        }
        let messages = sessionMessages(of: desk)
        return messages.indices.contains(replay - 1) ? messages[replay - 1] : messages.last
    }

    /// The messages of the desk's session, in order: what a replay steps through.
    func sessionMessages(of desk: SessionScreen) -> [Event] {
        guard let session = desk.session else { return [] }
        return (book.events[desk.conversation] ?? []).filter { $0.kind == .message && $0.status?.session == session }
    }

    /// The state the desk shows, as query items: the newest message's (`nil` for a new game,
    /// whose game starts from its initial state), and the game that draws and plays it, in
    /// the variant the state names.
    func shown(on desk: SessionScreen) throws(RuleViolation) -> (presentation: AnyPresentation, items: [QueryItem]?) {
        let id = GameID(rawValue: desk.game)
        guard let url = basis(of: desk)?.message?.url else {
            return (try catalog.presentation(id, variant: desk.variant), nil)
        }
        let items = try QueryString.items(in: url)
        return (try catalog.presentation(id, for: items), items)
    }

    /// Whether the desk's game is over by its own moves and its last state makes a sticker (a
    /// finished ice cream), which the server draws.
    func makesSticker(_ desk: SessionScreen) -> Bool {
        guard desk.replay == nil, basis(of: desk)?.status?.outcome.finished == true, let (_, items) = try? shown(on: desk), let items,
            let type = catalog.type(GameID(rawValue: desk.game))
        else { return false }
        return type.makesSticker(items)
    }

    /// What a sticker of the desk's state is called (`GameCatalog.stickerName`).
    func stickerName(of desk: SessionScreen) -> String {
        catalog.stickerName(game: desk.game, items: (try? shown(on: desk))?.items)
    }

    /// The game of a desk, if this client has it.
    func presentation(of desk: SessionScreen) -> AnyPresentation? {
        try? shown(on: desk).presentation
    }

    /// Whether the desk's game is played by typing the items a move adds: a game this client
    /// does not know, or one without keys of its own.
    func playsByItems(_ desk: SessionScreen) -> Bool {
        guard catalog.type(GameID(rawValue: desk.game)) != nil else { return true }
        return presentation(of: desk).map { !$0.hasKeys } ?? false
    }

    /// The state the desk shows as its own items, without the server's: what typed items are
    /// added to, and what a game this client does not know is drawn as. Empty for a new game.
    func shownItems(of desk: SessionScreen) -> [QueryItem] {
        guard let url = basis(of: desk)?.message?.url, let items = try? QueryString.items(in: url) else { return [] }
        return ProofItems.removed(from: items)
    }

    /// A key on the desk of a game played by its items: characters and Backspace edit them,
    /// Enter stages the shown state with them added, as line mode's `move` sends it.
    private mutating func typeItems(_ key: Key, _ desk: inout SessionScreen) {
        switch key {
        case let .character(character):
            desk.typed.append(character)
        case .backspace:
            if !desk.typed.isEmpty { desk.typed.removeLast() }
        case .enter:
            var typed = Substring(desk.typed.trimmingCharacters(in: .whitespaces))
            while let first = typed.first, first == "?" || first == "&" { typed = typed.dropFirst() }
            guard !typed.isEmpty else { return }
            do throws(RuleViolation) {
                let added = try QueryString.items(in: "?" + typed)
                guard !added.isEmpty else { return }
                desk.staged = SessionScreen.Staged(
                    items: shownItems(of: desk) + added, basedOn: basis(of: desk)?.seq, words: "Add \(typed)? Enter sends it, Esc cancels.")
            } catch {
                self.error = error.reason
            }
        default:
            break
        }
    }

    /// The same game again in the desk's conversation, its first move by another player than
    /// the finished session's first, so that the players take turns going first (in Battleship
    /// the sides swap: the other player hides, or places first).
    private mutating func rematch(_ desk: inout SessionScreen) {
        if let started = startedRematch(of: desk) {
            // Someone else started it already: `m` opens theirs.
            desk = SessionScreen(conversation: desk.conversation, session: started.session, game: desk.game, variant: started.variant)
            return
        }
        let messages = (book.events[desk.conversation] ?? []).filter { $0.kind == .message && $0.status?.session == desk.session }
        let you = book.you(in: desk.conversation)
        if let opener = messages.first?.message?.sender, opener == you,
            let other = messages.compactMap(\.message?.sender).first(where: { $0 != you })
        {
            let name = book.nameBook(for: desk.conversation).name(of: other)
            error = "\(name) starts the rematch, so that you take turns going first."
            return
        }
        // The same game at the same time a move.
        let status = sessionStatus(of: desk)
        desk = SessionScreen(
            conversation: desk.conversation, session: nil, game: desk.game, variant: status?.variant ?? desk.variant,
            secondsPerMove: status?.secondsPerMove)
    }

    /// A rematch of the desk's finished game that has started since: the newest session of the
    /// same game in the conversation whose first message came after the game ended, still played.
    func startedRematch(of desk: SessionScreen) -> GameStatus? {
        guard let session = desk.session, let events = book.events[desk.conversation],
            let ended = events.last(where: { $0.status?.session == session })?.seq, events.last?.seq != ended
        else { return nil }
        let later = events.filter { $0.seq > ended && $0.kind == .message && $0.status?.game == desk.game }
        guard let first = later.first?.status, first.session != session else { return nil }
        let newest = events.last { $0.status?.session == first.session }?.status
        return newest?.outcome.finished == false ? newest : nil
    }

    static let pairedTime = "This conversation was made by pairing: its games have the pairing's time a move."

    /// Whether the conversation was made by pairing, whose games have the pairing's time a move.
    func isPaired(_ conversation: ConversationID) -> Bool {
        book.events[conversation]?.contains { $0.kind == .paired } ?? false
    }

    mutating func deskKey(_ key: Key, _ desk: inout SessionScreen) -> [PlayEffect] {
        if let replay = desk.replay {
            // Stepping through a finished game: the arrows step, Esc ends the replay.
            let count = sessionMessages(of: desk).count
            switch key {
            case .quit: return [.quit]
            case .left: desk.replay = max(1, replay - 1)
            case .right, .character(" "): desk.replay = min(max(1, count), replay + 1)
            case .up: desk.replay = 1
            case .down: desk.replay = max(1, count)
            case .escape, .character("r"), .character("q"):
                // A file played back has nothing behind its replay.
                if replayOnly { return [.quit] }
                desk.replay = nil
            default: break
            }
            return []
        }
        switch key {
        case .character("r") where sessionStatus(of: desk)?.outcome.finished == true:
            desk.replay = 1
            return []
        case .character("s") where makesSticker(desk):
            guard let url = basis(of: desk)?.message?.url, let query = url.firstIndex(of: "?").map({ String(url[$0...]) }) else { return [] }
            notice = "Sending the sticker…"
            return [.sendSticker(conversation: desk.conversation, game: desk.game, query: query, name: stickerName(of: desk))]
        case .character("e") where sessionStatus(of: desk)?.outcome.finished == true:
            guard let seq = basis(of: desk)?.seq, let session = desk.session,
                let lines = try? GameExport.lines(ofMessage: seq, in: desk.conversation, book: book, reference: "")
            else { return [] }
            return [.save(file: GameExport.fileName(game: desk.game, session: session), text: lines.joined(separator: "\n") + "\n")]
        case .quit:
            return [.quit]
        case .escape:
            if !desk.cancel(by: presentation(of: desk)) {
                // Back from a game, the newest message is selected: what is new is what comes next.
                focus[desk.conversation] = nil
                place = .conversation(desk.conversation)
            }
            return []
        case .enter where desk.resigning:
            desk.resigning = false
            guard let session = desk.session else { return [] }
            return [.request(.resign(conversation: desk.conversation, session: session))]
        case .control("t") where desk.session == nil && !desk.sending:
            if isPaired(desk.conversation) {
                error = Self.pairedTime
            } else {
                desk.nextTime()
            }
            return []
        case .control("r"):
            // Asked first: a resignation cannot be taken back.
            guard desk.session != nil, !book.watches(desk.conversation), sessionStatus(of: desk)?.outcome.finished == false, !desk.sending else { return [] }
            desk.resigning = true
            return []
        case .character("m") where sessionStatus(of: desk)?.outcome.finished == true:
            if book.watches(desk.conversation) {
                error = Self.spectatorsMakeNoMoves
                return []
            }
            rematch(&desk)
            return []
        case .enter where desk.staged != nil:
            guard let staged = desk.staged, !desk.sending else { return [] }
            desk.sending = true
            let new = desk.session == nil
            return [.request(.send(
                conversation: desk.conversation, game: desk.game, variant: new ? desk.variant : nil,
                session: desk.session, basedOn: staged.basedOn, url: staged.query,
                secondsPerMove: new && !isPaired(desk.conversation) ? desk.secondsPerMove : nil))]
        default:
            break
        }
        // A game that is over (its last move, a timeout or the operator ended it) takes no move.
        if sessionStatus(of: desk)?.outcome.finished == true { return [] }
        // Nor does a game watched: its keys draft nothing.
        if book.watches(desk.conversation) { return [] }
        guard desk.staged == nil else { return [] }
        if playsByItems(desk) {
            typeItems(key, &desk)
            return []
        }
        guard let (presentation, items) = try? shown(on: desk) else { return [] }
        guard let change = try? presentation.press(key, draft: &desk.draft, shown: items) else { return [] }
        switch change.error {
        case .keep: break
        case .clear: error = nil
        case let .show(reason): error = reason
        }
        if let (proposal, words) = change.staged {
            desk.staged = SessionScreen.Staged(items: proposal, basedOn: basis(of: desk)?.seq, words: words)
        }
        return []
    }
}
