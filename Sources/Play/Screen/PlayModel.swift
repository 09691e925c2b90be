import Foundation
import Client
import Fairness
import GameCatalog
import GamePresentation
import TerminalUI
import Transcript
import Wire

/// Everything the full-screen client shows and how keys change it: which screen is up,
/// what is selected, what is typed or staged. Pure: keys, server updates and answers come
/// in, effects (requests to send, quitting) and screens go out, so every behaviour of the
/// client is tested without a terminal or a socket.
///
/// There are three screens. The list of conversations; a conversation (the compact
/// presentation: transcript, drawer of games); and one game full size (the expanded
/// presentation, where moves are made and staged).
public struct PlayModel: Sendable {
    public enum Place: Hashable, Sendable {
        case list
        case conversation(ConversationID)
        case game(SessionScreen)
    }

    /// What is selected on a conversation's screen. `newest` follows the transcript as
    /// messages arrive, so a player waiting for a move finds it selected.
    public enum Focus: Hashable, Sendable {
        case newest
        case message(Int)
        case drawer
        /// One of the recent finished states that make stickers (`recentStickers`), under the
        /// drawer: Enter sends it.
        case recent(Int)
    }

    enum Typing: Hashable, Sendable {
        case invite
        case name
        /// What to play with someone: `battleship classic 5m rated bot`, as line mode's `seek`.
        case seek
    }

    public private(set) var book: PlayerBook
    public internal(set) var online = false
    public internal(set) var place: Place = .list
    public internal(set) var error: String?
    /// What the player seeks, while they wait to be paired.
    var seeking: String?
    /// The conversation selected on the list: the selection stays on it as the list's order
    /// changes (conversations where it is the player's turn come first).
    var listSelected: ConversationID?
    var typing: Typing?
    var typed = ""
    /// What the last thing done did, until the next key: shown where the hint is.
    var notice: String?
    /// The conversation the player asked to leave, until Enter confirms or Esc keeps it.
    var leaving: ConversationID?
    var focus: [ConversationID: Focus] = [:]
    /// The drawer entry last chosen in each conversation, an index into `drawerItems`.
    var drawers: [ConversationID: Int] = [:]
    /// The time turn clocks are read at: the client's clock, stopped while it is offline.
    var clockTime: Date? { online ? now : offlineSince ?? now }

    /// The games this client plays.
    let catalog: GameCatalog
    /// The time on the client's clock, for the time left in timed turns; `nil` shows none.
    public var now: Date?
    /// When the connection dropped: offline, turn clocks stand at the time left then (the
    /// client cannot know the server's clock, which stands still while the server is down).
    var offlineSince: Date?
    /// What frames are drawn with: Unicode box drawing in a UTF-8 terminal.
    public var glyphs = Glyphs.ascii
    /// The chat message being typed in each conversation.
    var chatDrafts: [ConversationID: String] = [:]
    /// A file played back (`replaying`): ending the replay quits.
    var replayOnly = false
    /// Whether the terminal draws pictures (`InlineImage.supported`): where it does not, a
    /// selected sticker shows its page's address, and Enter points there.
    public var showsPictures = true

    public init(catalog: GameCatalog = .standard) {
        self.catalog = catalog
        book = PlayerBook(catalog: catalog)
    }

    /// An exported game (`GameExport.read`), shown at its first move, stepped through with the
    /// keys of a replay; Esc leaves. Nothing is sent: there is no server.
    public static func replaying(_ summary: ConversationSummary, events: [Event], catalog: GameCatalog = .standard) -> PlayModel {
        var model = PlayModel(catalog: catalog)
        model.book.learn(summary)
        for event in events { model.book.record(event) }
        if let first = events.first, let session = first.status?.session, let game = first.message?.game.rawValue {
            var desk = SessionScreen(conversation: summary.conversation, session: session, game: game, variant: first.status?.variant)
            desk.replay = 1
            model.place = .game(desk)
            model.replayOnly = true
        }
        return model
    }

    /// Checks every game message from now on against the server's key (docs/FAIRNESS.md).
    public mutating func check(with key: ChainPublicKey) {
        book.check(with: key)
    }

    /// The games the drawer starts.
    var drawerItems: [DrawerItem] { DrawerItem.all(in: catalog) }

    /// A change of connection or an event from the server.
    public mutating func received(_ update: ParleyClient.Update) -> [PlayEffect] {
        switch update {
        case .online:
            online = true
            offlineSince = nil
            // Conversations joined elsewhere, or before a restart, with their invite codes.
            return [.request(.list)]
        case .offline, .untrusted:
            if online { offlineSince = now }
            online = false
        case let .error(frame):
            error = frame.reason
        case let .conversation(summary):
            book.learn(summary)
            // A seek paired: its game's conversation opens, as a joined one does.
            if seeking != nil {
                seeking = nil
                listSelected = summary.conversation
                if case .list = place { place = .conversation(summary.conversation) }
                notice = nil
            }
        case let .event(event):
            book.record(event)
            // A paired conversation's drawer offers the game it was paired for first: Enter starts it.
            if event.kind == .paired, let pairing = event.pairing, drawers[event.conversation] == nil,
                let index = drawerItems.firstIndex(where: {
                    $0.game.rawValue == pairing.game && (pairing.variant == nil || $0.variant == pairing.variant)
                })
            {
                drawers[event.conversation] = index
            }
            // A move in the conversation on screen makes the last error old news.
            if event.kind == .message, event.conversation == shownConversation { error = nil }
        }
        return []
    }

    /// The server's answer to `request`.
    /// The conversation on screen, or the one whose game is.
    var shownConversation: ConversationID? {
        switch place {
        case .list: nil
        case let .conversation(conversation): conversation
        case let .game(desk): desk.conversation
        }
    }

    public mutating func answered(_ request: PlayRequest, with answer: ServerFrame) {
        switch answer {
        case let .conversation(reply):
            book.learn(reply.conversation)
            let conversation = reply.conversation.conversation
            listSelected = conversation
            place = .conversation(conversation)
            error = nil
        case let .conversations(list):
            for summary in list.conversations { book.learn(summary) }
        case let .accepted(accepted):
            guard case var .game(desk) = place, desk.conversation == accepted.conversation else { return }
            desk.sent(session: accepted.session, by: presentation(of: desk))
            place = .game(desk)
            error = nil
        case let .rejected(rejected):
            // A refused chat message is back on the input line, to be changed or sent again.
            if case let .chat(conversation, text) = request, chatDrafts[conversation, default: ""].isEmpty {
                chatDrafts[conversation] = text
            }
            if let current = rejected.current { book.record(current) }
            error = Refusal.words(for: rejected, in: book)
            if case var .game(desk) = place {
                // The view now shows the current state: the draft was for an older one.
                desk.discardDraft(by: presentation(of: desk))
                place = .game(desk)
            }
        case let .error(frame):
            error = frame.reason
        case .done:
            if case let .seek(game, variant, seconds, rated, bot, _, _) = request {
                error = nil
                let what = game + (variant.map { " (\($0))" } ?? "") + ", " + TimeControlWords.perMove(seconds) + (rated ? ", rated" : "")
                seeking = what
                notice = "Seeking \(what)\(bot == nil ? "" : ", or the bot"); u stops"
            }
            if case .unseek = request {
                seeking = nil
                notice = "No longer seeking."
            }
            if case let .rename(name) = request {
                error = nil
                // As kept: without the spaces around it.
                notice = "Your name is now \(name.trimmingCharacters(in: .whitespaces)): every member sees it."
            }
            if case let .leave(conversation) = request { forget(conversation) }
        case .challenge, .welcome, .event, .synced:
            break
        }
    }

    /// Forgets a conversation the player left, and goes back to the list if it was on screen.
    mutating func forget(_ conversation: ConversationID) {
        book.forget(conversation)
        focus[conversation] = nil
        drawers[conversation] = nil
        chatDrafts[conversation] = nil
        if shownConversation == conversation { place = .list }
        listSelection = min(listSelection, max(0, book.order.count - 1))
    }

    /// How writing a file went: its name, or why it could not be written.
    public mutating func saved(_ file: String, failure: String?) {
        if let failure {
            error = "Cannot write \(file): \(failure)"
        } else {
            notice = "Exported to \(file): parley replay \(file) plays it back, parley verify checks it"
        }
    }

    /// What the session did for the player, in words: how sending a sticker went (the server's
    /// answer, `StickerAnswerWords`), or why a picture cannot be shown. A failure shows as an
    /// error; anything else where the hint is, until the next key.
    public mutating func tell(_ words: String, failed: Bool) {
        if failed { error = words } else { notice = words }
    }

    /// A request that got no answer at all: the connection went down and it may not be resent,
    /// or its time ran out. A move is staged again, for Enter to send once more.
    public mutating func failed(_ request: PlayRequest, reason: String) {
        if case let .chat(conversation, text) = request, chatDrafts[conversation, default: ""].isEmpty {
            chatDrafts[conversation] = text
        }
        if case .send = request, case var .game(desk) = place, desk.sending {
            desk.sending = false
            place = .game(desk)
        }
        error = "Failed: \(reason); try again."
    }
}
