/// A game that Parley can host: pure rules over value types, with no I/O.
///
/// A state travels as the query items of a URL, as in the original apps. The server keeps the
/// true state; each player receives `view(of:for:)`, which leaves out what that player may not
/// see. Players propose the next state (the original apps send only the new state, never the
/// move); `inferMove` finds the one move that leads there, and `apply` plays it against the
/// true state, filling in what depends on hidden information.
///
/// Drive a game through `Match`, which also enforces whose turn it is.
public protocol Game: Sendable {
    associatedtype State: Hashable & Sendable
    associatedtype Move: Hashable & Sendable & CustomStringConvertible

    static var id: GameID { get }
    /// The game's name for people.
    static var name: String { get }
    /// Every variant, the default first.
    static var variants: [Variant] { get }
    /// How long a player may take over a turn unless the server's `timeouts.GAME` says otherwise.
    static var defaultTurnTimeout: Duration { get }

    /// The variant a URL's items name, for a URL met without its session (a page in a
    /// browser); `nil` when they name none, which means the default.
    static func variant(of items: [QueryItem]) -> String?

    /// The rules of one variant; throws `unknownVariant` for an id not in `variants`.
    init(variant: String) throws(RuleViolation)

    var variant: Variant { get }

    /// The state of a session before its first move.
    var initialState: State { get }

    /// Reads a state from a URL's query items, in Parley's format or the original app's. Refuses
    /// with `undecodable-state` any state that no play reaches (a disc in a full column): a URL
    /// is also read on its own, by pages, bubbles and bots, with no current state to judge it
    /// by. Whether a reachable state is one legal move on from the current one is the rules'
    /// (`inferMove`, `apply`: `not-one-move`, `illegal-move`). Skip items of other names: a URL met
    /// on its own carries the server's `Chain_` and `Fleet_` items after the state's.
    func decode(_ items: [QueryItem]) throws(RuleViolation) -> State
    /// Writes a state as query items in Parley's format; `decode(encode(s)) == s`.
    func encode(_ state: State) -> [QueryItem]

    /// Who may move in this state; `.nobody` once the game is over.
    func turnPolicy(in state: State) -> TurnPolicy
    /// Plays `move` by `seat`. The caller has checked that `seat` may move (see `Match`).
    func apply(_ move: Move, by seat: Seat, to state: State) throws(RuleViolation) -> State
    /// The one move by `seat` that turns `current` into `proposed`. The proposal is built
    /// from what `seat` can see, so games compare it with `view(of: current, for: seat)`.
    func inferMove(from current: State, to proposed: State, by seat: Seat) throws(RuleViolation) -> Move
    /// The move of a proposal that is the query `seat` was shown of `current` (its
    /// `view(of:for:)`; a player taking a new seat was shown the spectator's) with `inserted`
    /// items put in before `following`, when the game can tell it from those items alone
    /// (`following` holds only the game's own items: the server takes its `Chain_` and `Fleet_`
    /// items out of a proposal first, so a move added at the end of a URL has none following);
    /// `nil` to have the whole proposal decoded and `inferMove` find the move. A move returned
    /// here must be the one `inferMove` would find and one that `apply` accepts: it is how the
    /// usual move (one more shot) is judged without decoding and replaying the whole state.
    func move(inserting inserted: [QueryItem], before following: [QueryItem], in current: State, by seat: Seat) -> Move?
    func outcome(of state: State) -> Outcome
    /// The state as `viewer` may see it; `nil` is someone without a seat (a spectator).
    func view(of state: State, for viewer: Seat?) -> State
    /// The texts of the message that carries `move`; `mover` names the player who made it.
    func texts(for move: Move, by seat: Seat, mover: String, from before: State, to after: State) -> StepTexts
    /// What the next player is asked to do, such as "Select a base"; `nil` when over.
    func prompt(in state: State) -> String?
    /// The refusal for `seat` moving out of turn; games may say more than the default.
    func outOfTurn(_ seat: Seat, in state: State) -> RuleViolation
    /// What a turn's timeout does; `.forfeit` unless the game says otherwise.
    var timeoutRule: TimeoutRule { get }
    /// Whether a player may resign, ending the game as a loss (`Match.resign`): by default in
    /// a game where running out of time loses (`.forfeit`); a game built together, with nobody
    /// to lose to, has nothing to resign from.
    var allowsResigning: Bool { get }

    /// The boards `state` hides, for the server's commitments (docs/FAIRNESS.md); `nil`, the
    /// default, for a game that hides no board of cells.
    func hiddenBoards(in state: State) -> HiddenBoards?

    /// The names of the ways its bots play, the usual one first (`parley bot --strategy`);
    /// none by default.
    static var strategies: [String] { get }

    /// The strategy called `name`, for this variant; `nil` when the game has none by that name.
    func strategy(named name: String) -> (any GameStrategy)?
}

extension Game {
    public static func variant(of items: [QueryItem]) -> String? { nil }

    public func outOfTurn(_ seat: Seat, in state: State) -> RuleViolation { .notYourTurn }

    public func move(inserting inserted: [QueryItem], before following: [QueryItem], in current: State, by seat: Seat) -> Move? {
        nil
    }

    public var timeoutRule: TimeoutRule { .forfeit }

    public var allowsResigning: Bool { timeoutRule == .forfeit }

    public func hiddenBoards(in state: State) -> HiddenBoards? { nil }

    public static var strategies: [String] { [] }

    public func strategy(named name: String) -> (any GameStrategy)? { nil }

    public static var defaultVariant: Variant { variants[0] }

    /// The variant with this id, or an `unknownVariant` violation that lists the known ones.
    public static func variant(named id: String) throws(RuleViolation) -> Variant {
        guard let variant = variants.first(where: { $0.id == id }) else {
            let known = variants.map(\.id).joined(separator: ", ")
            throw RuleViolation(.unknownVariant, "\(name) has no variant \"\(id)\"; it has \(known).")
        }
        return variant
    }

    /// Decodes the query of a whole URL.
    public func decode(url: String) throws(RuleViolation) -> State {
        try decode(QueryString.items(in: url))
    }

    /// The query string (starting with `?`) of a state.
    public func query(for state: State) -> String {
        QueryString.format(encode(state))
    }
}
