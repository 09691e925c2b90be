/// One session of a game as the rules see it: the true state, who moved last, and how many
/// moves have been played. It is the one place that checks turns, so every game gets the same
/// order of refusals: a finished game, then a full table, then the turn, then the game's rules.
public struct Match<G: Game>: Sendable {
    public let game: G
    public private(set) var state: G.State {
        didSet { rulesOfState = (game.outcome(of: state), game.turnPolicy(in: state)) }
    }
    /// The game's outcome and turn policy of `state`, worked out once per state: a game may
    /// need a pass over its whole state for them, and a move asks for them many times.
    private var rulesOfState: (outcome: Outcome, policy: TurnPolicy)
    public private(set) var lastMover: Seat?
    public private(set) var moveCount: Int
    /// The seat that ran out of time or resigned, and so lost the game, if one did.
    public private(set) var forfeited: Seat?
    /// Whether the server's operator ended the game: it is over, with nobody winning.
    public private(set) var ended = false

    public init(game: G, state: G.State? = nil, lastMover: Seat? = nil, moveCount: Int = 0, forfeited: Seat? = nil) {
        self.game = game
        let state = state ?? game.initialState
        self.state = state
        rulesOfState = (game.outcome(of: state), game.turnPolicy(in: state))
        self.lastMover = lastMover
        self.moveCount = moveCount
        self.forfeited = forfeited
    }

    public var turn: Turn {
        forfeited == nil && !ended ? rulesOfState.policy.turn(after: lastMover) : .nobody
    }

    public var outcome: Outcome {
        if ended { return .finished(winners: [], losers: []) }
        guard let forfeited else { return rulesOfState.outcome }
        // In a two-seat game the other seat wins; in a larger one nobody does.
        let winners: Set<Seat> = game.variant.seats.upperBound == 2 ? [Seat(1 - forfeited.index)] : []
        return .finished(winners: winners, losers: [forfeited])
    }

    /// Nobody moved in time: the game's `timeoutRule` decides. A forfeit ends the game with the
    /// seat to move losing; a skip forgets who moved last, so anyone may make the next move.
    public mutating func timeOut() throws(RuleViolation) -> TimeoutResult {
        guard !outcome.isFinished else { throw .gameOver }
        if game.timeoutRule == .forfeit, case let .seat(late) = turn {
            forfeited = late
            return .forfeited(late)
        }
        let late = lastMover
        lastMover = nil
        return .skipped(after: late)
    }

    /// `seat` gives up: it loses, as if its time had run out, whoever's turn it is.
    public mutating func resign(_ seat: Seat) throws(RuleViolation) {
        guard !outcome.isFinished else { throw .gameOver }
        guard game.allowsResigning else {
            throw RuleViolation(.cannotResign, "\(G.name) has nobody to lose to: there is nothing to resign from.")
        }
        forfeited = seat
    }

    /// The operator ends the game where it stands: nobody wins, nobody may move.
    public mutating func end() throws(RuleViolation) {
        guard !outcome.isFinished else { throw .gameOver }
        ended = true
    }

    /// Plays `move` by `seat` and returns the step it made.
    @discardableResult
    public mutating func play(_ move: G.Move, by seat: Seat, mover: String) throws(RuleViolation) -> Step<G> {
        try checkMayMove(seat)
        return try commit(move, by: seat, mover: mover)
    }

    /// Plays the one move by `seat` that leads to `proposal`, a state built from what `seat`
    /// sees. The new true state may differ from the proposal where hidden information decides
    /// (a shot becomes a hit or a miss).
    @discardableResult
    public mutating func propose(_ proposal: G.State, by seat: Seat, mover: String) throws(RuleViolation) -> Step<G> {
        try checkMayMove(seat)
        let move = try game.inferMove(from: state, to: proposal, by: seat)
        return try commit(move, by: seat, mover: mover)
    }

    /// Who may move, and why not when `seat` may not.
    public func checkMayMove(_ seat: Seat) throws(RuleViolation) {
        guard !outcome.isFinished else { throw .gameOver }
        guard seat.index < game.variant.seats.upperBound else {
            throw RuleViolation(.tableFull, "\(G.name) seats at most \(game.variant.seats.upperBound) players.")
        }
        guard turn.allows(seat) else { throw game.outOfTurn(seat, in: state) }
    }

    private mutating func commit(_ move: G.Move, by seat: Seat, mover: String) throws(RuleViolation) -> Step<G> {
        let before = state
        let after = try game.apply(move, by: seat, to: before)
        state = after
        lastMover = seat
        moveCount += 1
        let texts = game.texts(for: move, by: seat, mover: mover, from: before, to: after)
        return Step(move: move, seat: seat, before: before, after: after, texts: texts, outcome: outcome)
    }
}

/// What one accepted move did.
public struct Step<G: Game>: Sendable {
    public let move: G.Move
    public let seat: Seat
    public let before: G.State
    public let after: G.State
    public let texts: StepTexts
    public let outcome: Outcome
}
