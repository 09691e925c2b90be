import Transcript
import GamePresentation
import GameRules
import Wire

/// One game on the expanded screen, and the move the player is making in it: the game's own
/// draft (a cursor and the ships placed so far, a picker's choice) and the message staged for
/// sending. The state itself is not kept here: it is always the newest message of the session
/// in the player's book, so a move arriving from the server (or a refusal bringing the
/// current one) refreshes the view at once.
public struct SessionScreen: Hashable, Sendable {
    public let conversation: ConversationID
    /// The session shown; `nil` for a new game not sent yet.
    public private(set) var session: String?
    /// The game and variant of a new game.
    public let game: String
    public let variant: String?
    /// The game's draft (`TerminalPresentation.Draft`).
    public internal(set) var draft = GameDraft.none
    public internal(set) var staged: Staged?
    /// The staged message has gone to the server and its answer is awaited.
    public internal(set) var sending = false
    /// Ctrl-R was pressed: Enter resigns the game, Esc does not.
    public internal(set) var resigning = false
    /// A finished game stepped through (`r`): which of its messages is shown, from 1.
    public internal(set) var replay: Int?
    /// The items being typed to add to the shown state (`Take=2`), as line mode's `move` takes
    /// them: how a game without keys of its own, or one this client does not know, is played.
    public internal(set) var typed = ""
    /// A new game's time a move, chosen with Ctrl-T; `nil` for the game's own.
    public internal(set) var secondsPerMove: Int?

    /// What Ctrl-T steps through: the game's own time, then the server's default time controls
    /// (`matchmaking.timeControls`); one the server does not offer is refused when sent.
    static let timeChoices: [Int?] = [nil, 60, 300, 86_400, 259_200, 604_800]

    /// A message about to be sent: the state's query, and what it does in words.
    public struct Staged: Hashable, Sendable {
        public let items: [QueryItem]
        /// The seq of the message the move answers, kept from when it was staged: if another
        /// move arrives first, the server calls this one stale rather than reading it against
        /// a state it was not made for.
        public let basedOn: Int?
        public let words: String

        public var query: String { QueryString.format(items) }
    }

    init(conversation: ConversationID, session: String?, game: String, variant: String?, secondsPerMove: Int? = nil) {
        self.conversation = conversation
        self.session = session
        self.game = game
        self.variant = variant
        self.secondsPerMove = secondsPerMove
    }

    /// Ctrl-T: the next time a move.
    mutating func nextTime() {
        let index = Self.timeChoices.firstIndex(of: secondsPerMove) ?? 0
        secondsPerMove = Self.timeChoices[(index + 1) % Self.timeChoices.count]
    }

    /// The server accepted the staged message: from now on the desk follows its session.
    mutating func sent(session: String, by presentation: AnyPresentation?) {
        if self.session == nil { self.session = session }
        discardDraft(by: presentation)
    }

    mutating func discardDraft(by presentation: AnyPresentation?) {
        staged = nil
        sending = false
        typed = ""
        presentation?.discard(&draft)
    }

    /// Esc: unstages, undoes a step of the draft, or (with nothing to undo) leaves the desk.
    mutating func cancel(by presentation: AnyPresentation?) -> Bool {
        if resigning {
            resigning = false
            return true
        }
        if staged != nil {
            staged = nil
            sending = false
            presentation?.unstage(&draft)
            return true
        }
        if !typed.isEmpty {
            typed = ""
            return true
        }
        return presentation?.cancel(&draft) ?? false
    }
}
