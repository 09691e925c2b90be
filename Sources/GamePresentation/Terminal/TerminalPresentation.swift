import GameRules

/// How the terminal client draws a game and plays it on the expanded screen, beside its pages
/// (`GamePresentation`). Every requirement has a plain default: a state drawn as its query
/// items, and no keys of its own. A game without keys (its `Draft` is `NoDraft`) is played on
/// the expanded screen by typing the items its move adds (`Shot=8`), as line mode's `move`
/// takes them; a client that does not know a game at all plays it the same way.
///
/// The expanded screen shows the newest state of a session as the player was sent it, and
/// the move the player is making in it, the game's `Draft`: a cursor, ships placed so far, a
/// choice in a picker. A key changes the draft or stages a proposal, the state the player
/// would send, with words that say what it does; the client sends it on Enter. The draft
/// outlives the states it is drawn over: a move arriving from the server redraws the screen
/// with the same draft.
public protocol TerminalPresentation: Game {
    associatedtype Draft: Hashable & Sendable = NoDraft

    /// The picture in a message's bubble, at most `width` columns: `state` as the message's
    /// recipient was sent it. `seat` is the recipient's seat in the session when the client
    /// knows it (it has moved in it); `nil` otherwise. A game whose views can look alike for
    /// several seats (every fleet shown once a Battleship game is over) tells them apart by it.
    func bubblePicture(of state: State, seat: Seat?, width: Int, mode: ColourMode) -> [Styled]

    /// The whole true state for the operator (`parley admin show`), hidden parts included.
    func trueLines(of state: State, width: Int, mode: ColourMode) -> [Styled]

    /// The draft of a player who opens a game.
    func newDraft() -> Draft

    /// The expanded screen's picture: `state` as the player was sent it (the initial state for
    /// a new game), with `draft` drawn on it, or `staged` when a proposal waits for Enter. At
    /// most `height` lines of `width` columns.
    /// `seat` as for `bubblePicture`.
    func expandedLines(
        of state: State, seat: Seat?, draft: Draft, staged: State?, width: Int, height: Int, mode: ColourMode
    ) -> [Styled]

    /// The keys to press now, for the input line.
    func hint(for state: State, draft: Draft) -> String

    /// A key pressed on the expanded screen while nothing is staged.
    func press(_ key: Key, draft: inout Draft, in state: State) -> DraftChange<State>

    /// Esc while a proposal was staged: it is thrown away; undo what staged it, if anything.
    func unstage(_ draft: inout Draft)

    /// Esc with nothing staged: undo a step of the draft, or `false` when there is none (the
    /// player leaves the game).
    func cancel(_ draft: inout Draft) -> Bool

    /// After a move was sent, or refused: forget what was drafted against the old state,
    /// keeping where the player was (a cursor).
    func discard(_ draft: inout Draft)

    /// The line over a finished game on the expanded screen; `nil` for who won or lost.
    func banner(of state: State) -> String?

    /// A line of the conversation screen's drawer about the games of this kind the player
    /// finished, newest first (`finished` oldest first, each the last state its session
    /// showed); `nil` for none.
    static func drawerLine(finished: [State], width: Int) -> Styled?

    /// Commands of line mode that make a move of this game from one word, such as
    /// `fire CONV SEQ CELL`.
    static var lineVerbs: [LineVerb] { get }

    /// One of this game's texts (`StepTexts`) as the player who made the move reads it, where
    /// the words must change with the person: "You hid your ships." for "MOVER placed their
    /// ships! Can you find them?". `mover` is how the text names them. `nil`, the default: the
    /// text as it is, the mover called "you" (`MessageWords` in TerminalUI).
    static func moversWords(for text: String, mover: String) -> String?
}

/// No draft: a game without keys of its own on the expanded screen, where the player types
/// the items a move adds instead.
public struct NoDraft: Hashable, Sendable {
    public init() {}
}

/// What a key did to a draft.
public struct DraftChange<State> {
    /// A proposal to send on Enter, and what it does in words ("Fire at B7? Enter sends it,
    /// Esc cancels.").
    public var staged: (state: State, words: String)?
    public var error: ErrorLineChange

    public init(staged: (state: State, words: String)? = nil, error: ErrorLineChange = .keep) {
        self.staged = staged
        self.error = error
    }

    public static var none: Self { Self() }
    public static func refused(_ reason: String) -> Self { Self(error: .show(reason)) }
}

/// What becomes of the line that shows the last error.
public enum ErrorLineChange: Hashable, Sendable {
    case keep
    case clear
    case show(String)
}

/// A line-mode command that makes a move from one word: `VERB CONV SEQ WORD` answers message
/// SEQ with its state plus the items `items` makes of the word.
public struct LineVerb: Sendable {
    public let verb: String
    /// What the word is, for the usage: `CELL`, `PART`.
    public let argument: String
    public let help: String
    /// The query items to add, such as `Shot=B7`; throws a reason for people when the word
    /// makes none.
    public let items: @Sendable (String) throws(RuleViolation) -> String

    public init(verb: String, argument: String, help: String, items: @escaping @Sendable (String) throws(RuleViolation) -> String) {
        self.verb = verb
        self.argument = argument
        self.help = help
        self.items = items
    }
}

extension TerminalPresentation {
    public func bubblePicture(of state: State, seat: Seat?, width: Int, mode: ColourMode) -> [Styled] {
        itemLines(encode(state), width: width)
    }

    public func trueLines(of state: State, width: Int, mode: ColourMode) -> [Styled] {
        itemLines(encode(state), width: width)
    }

    public func expandedLines(
        of state: State, seat: Seat?, draft: Draft, staged: State?, width: Int, height: Int, mode: ColourMode
    ) -> [Styled] {
        itemLines(encode(staged ?? state), width: width)
    }

    public func hint(for state: State, draft: Draft) -> String {
        GameDraft.typedItemsHint
    }

    public func press(_ key: Key, draft: inout Draft, in state: State) -> DraftChange<State> { .none }
    public func unstage(_ draft: inout Draft) {}
    public func cancel(_ draft: inout Draft) -> Bool { false }
    public func discard(_ draft: inout Draft) {}
    public func banner(of state: State) -> String? { nil }
    public static func drawerLine(finished: [State], width: Int) -> Styled? { nil }
    public static var lineVerbs: [LineVerb] { [] }
    public static func moversWords(for text: String, mover: String) -> String? { nil }

    /// A state's items, one a line: how a game without a picture of its own is drawn.
    public func itemLines(_ items: [QueryItem], width: Int) -> [Styled] {
        items.map { Styled($0.description).truncated(to: width) }
    }
}

extension TerminalPresentation where Draft == NoDraft {
    public func newDraft() -> NoDraft { NoDraft() }
}
