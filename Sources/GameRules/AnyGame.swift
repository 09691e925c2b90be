/// A game with its variant chosen, with the state type hidden, for code that hosts every game
/// alike (the catalog, the server's engine). States cross this boundary as query items.
public struct AnyGame: Sendable {
    private let base: any Game

    public init(_ game: some Game) { base = game }

    /// The game's type, for its static facts.
    public var type: any Game.Type { Swift.type(of: base) }
    public var id: GameID { type.id }
    public var name: String { type.name }
    public var variant: Variant { base.variant }
    public var variants: [Variant] { type.variants }
    /// The ways its bots play, the usual first.
    public var strategies: [String] { type.strategies }
    /// Whether a player may give up a game of this variant (`Game.allowsResigning`).
    public var allowsResigning: Bool { base.allowsResigning }

    /// The strategy called `name` for this game and variant; `nil` when there is none.
    public func strategy(named name: String) -> (any GameStrategy)? { base.strategy(named: name) }

    /// A session before its first move.
    public func newMatch() -> AnyMatch { AnyMatch(box: Self.open(base)) }

    /// A session restored from its true state, as stored.
    public func restoreMatch(
        state: [QueryItem], lastMover: Seat?, moveCount: Int, forfeited: Seat? = nil
    ) throws(RuleViolation) -> AnyMatch {
        try AnyMatch(box: Self.open(base, state: state, lastMover: lastMover, moveCount: moveCount, forfeited: forfeited))
    }

    /// Decodes `items` and writes them back in Parley's format as `viewer` may see them: what
    /// a page for a URL shows. Throws when the query does not describe a state.
    public func view(of items: [QueryItem], for viewer: Seat?) throws(RuleViolation) -> [QueryItem] {
        try Self.view(base, items, viewer)
    }

    /// The boards a state's items show and hide (`Game.hiddenBoards(in:)`): a client reads
    /// them from the state it was shown. Throws when the query does not describe a state.
    public func hiddenBoards(in items: [QueryItem]) throws(RuleViolation) -> HiddenBoards? {
        try Self.hiddenBoards(base, items)
    }

    private static func hiddenBoards<G: Game>(_ game: G, _ items: [QueryItem]) throws(RuleViolation) -> HiddenBoards? {
        game.hiddenBoards(in: try game.decode(items))
    }

    private static func open<G: Game>(_ game: G) -> any MatchBox {
        GameMatchBox(match: Match(game: game))
    }

    private static func open<G: Game>(
        _ game: G, state: [QueryItem], lastMover: Seat?, moveCount: Int, forfeited: Seat?
    ) throws(RuleViolation) -> any MatchBox {
        let decoded = try game.decode(state)
        return GameMatchBox(match: Match(
            game: game, state: decoded, lastMover: lastMover, moveCount: moveCount, forfeited: forfeited))
    }

    private static func view<G: Game>(_ game: G, _ items: [QueryItem], _ viewer: Seat?) throws(RuleViolation) -> [QueryItem] {
        try game.encode(game.view(of: game.decode(items), for: viewer))
    }
}

/// A `Match` of any game.
public struct AnyMatch: Sendable {
    fileprivate var box: any MatchBox

    fileprivate init(box: any MatchBox) { self.box = box }

    public var gameID: GameID { box.gameID }
    public var turn: Turn { box.turn }
    public var outcome: Outcome { box.outcome }
    public var lastMover: Seat? { box.lastMover }
    public var moveCount: Int { box.moveCount }
    /// The seat that ran out of time and forfeited, if one did.
    public var forfeited: Seat? { box.forfeited }
    /// Whether the server's operator ended the game.
    public var ended: Bool { box.ended }
    public var prompt: String? { box.prompt }
    /// The whole state, hidden information included: for storage and trusted eyes only.
    public var trueState: [QueryItem] { box.trueState }

    /// The state as `viewer` may see it.
    public func state(for viewer: Seat?) -> [QueryItem] { box.state(for: viewer) }

    /// The boards the true state hides (`Game.hiddenBoards(in:)`), for the server's commitments.
    public var hiddenBoards: HiddenBoards? { box.hiddenBoards }

    public func checkMayMove(_ seat: Seat) throws(RuleViolation) { try box.checkMayMove(seat) }

    /// See `Match.timeOut()`.
    public mutating func timeOut() throws(RuleViolation) -> TimeoutResult { try box.timeOut() }
    /// See `Match.end()`.
    public mutating func end() throws(RuleViolation) { try box.end() }
    /// See `Match.resign(_:)`.
    public mutating func resign(_ seat: Seat) throws(RuleViolation) { try box.resign(seat) }

    /// Plays the one move by `seat` that leads to the proposed state.
    public mutating func propose(_ items: [QueryItem], by seat: Seat, mover: String) throws(RuleViolation) -> AnyStep {
        try box.propose(items, by: seat, mover: mover)
    }

    /// Plays the one move by `seat` that leads to the state of `url`. `shown` is the query
    /// `seat` was last shown of this state, when the caller has it (see
    /// `Game.move(inserting:before:in:by:)`): a proposal that only adds items to it is judged
    /// from those items, anything else is decoded whole. Either way, the same move or the same
    /// refusal.
    public mutating func propose(url: String, shown: String?, by seat: Seat, mover: String) throws(RuleViolation) -> AnyStep {
        try box.propose(url: url, shown: shown, by: seat, mover: mover)
    }
}

/// What one accepted move did, for any game.
public struct AnyStep: Hashable, Sendable {
    public let seat: Seat
    /// The move in words, such as `shoot B7`.
    public let move: String
    public let texts: StepTexts
    public let outcome: Outcome
}

private protocol MatchBox: Sendable {
    var gameID: GameID { get }
    var turn: Turn { get }
    var outcome: Outcome { get }
    var lastMover: Seat? { get }
    var moveCount: Int { get }
    var prompt: String? { get }
    var trueState: [QueryItem] { get }
    var forfeited: Seat? { get }
    var ended: Bool { get }
    func state(for viewer: Seat?) -> [QueryItem]
    var hiddenBoards: HiddenBoards? { get }
    func checkMayMove(_ seat: Seat) throws(RuleViolation)
    mutating func timeOut() throws(RuleViolation) -> TimeoutResult
    mutating func end() throws(RuleViolation)
    mutating func resign(_ seat: Seat) throws(RuleViolation)
    mutating func propose(_ items: [QueryItem], by seat: Seat, mover: String) throws(RuleViolation) -> AnyStep
    mutating func propose(url: String, shown: String?, by seat: Seat, mover: String) throws(RuleViolation) -> AnyStep
}

private struct GameMatchBox<G: Game>: MatchBox {
    var match: Match<G>

    var gameID: GameID { G.id }
    var turn: Turn { match.turn }
    var outcome: Outcome { match.outcome }
    var lastMover: Seat? { match.lastMover }
    var moveCount: Int { match.moveCount }
    var prompt: String? { match.game.prompt(in: match.state) }
    var trueState: [QueryItem] { match.game.encode(match.state) }
    var forfeited: Seat? { match.forfeited }
    var ended: Bool { match.ended }

    func state(for viewer: Seat?) -> [QueryItem] {
        match.game.encode(match.game.view(of: match.state, for: viewer))
    }

    var hiddenBoards: HiddenBoards? { match.game.hiddenBoards(in: match.state) }

    func checkMayMove(_ seat: Seat) throws(RuleViolation) { try match.checkMayMove(seat) }

    mutating func timeOut() throws(RuleViolation) -> TimeoutResult { try match.timeOut() }
    mutating func end() throws(RuleViolation) { try match.end() }
    mutating func resign(_ seat: Seat) throws(RuleViolation) { try match.resign(seat) }

    mutating func propose(_ items: [QueryItem], by seat: Seat, mover: String) throws(RuleViolation) -> AnyStep {
        try match.checkMayMove(seat)
        let proposal = try match.game.decode(items)
        let step = try match.propose(proposal, by: seat, mover: mover)
        return AnyStep(seat: step.seat, move: step.move.description, texts: step.texts, outcome: step.outcome)
    }

    mutating func propose(url: String, shown: String?, by seat: Seat, mover: String) throws(RuleViolation) -> AnyStep {
        // An insertion decodes, as the whole proposal then does: the refusals come in the order
        // of the long way, a URL that does not decode before a move out of turn.
        if let shown, let insertion = QueryString.insertion(into: shown, giving: url) {
            try match.checkMayMove(seat)
            if let move = match.game.move(inserting: insertion.inserted, before: insertion.following, in: match.state, by: seat) {
                let step = try match.play(move, by: seat, mover: mover)
                return AnyStep(seat: step.seat, move: step.move.description, texts: step.texts, outcome: step.outcome)
            }
        }
        return try propose(QueryString.items(in: url), by: seat, mover: mover)
    }
}
