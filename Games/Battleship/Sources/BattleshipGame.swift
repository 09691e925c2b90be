import GameRules

/// Battleship as the original iMessage app played it (`seed`), and the classic game.
public struct BattleshipGame: Game {
    public static let id: GameID = "battleship"
    public static let name = "Battleship"
    /// Five minutes a shot (or a fleet).
    public static let defaultTurnTimeout: Duration = .seconds(300)
    public static let variants = [
        Variant(
            id: "seed", name: "Seed",
            summary: "The original: one player hides 2 ships on a 3x3 board, another finds them; 2 hits win, 3 misses lose.",
            seats: 2...2),
        Variant(
            id: "classic", name: "Classic",
            summary: "10x10, a fleet of 5 ships each; both place in secret, then fire in turn until a fleet is sunk.",
            seats: 2...2),
    ]

    public let variant: Variant
    public let rules: BattleshipRules

    public init(variant: String) throws(RuleViolation) {
        self.variant = try Self.variant(named: variant)
        rules = variant == "classic" ? .classic : .seed
    }

    public var initialState: BattleshipState {
        BattleshipState(fleets: Array(repeating: .unplaced, count: rules.fleetCount))
    }

    public func turnPolicy(in state: BattleshipState) -> TurnPolicy {
        switch rules.phase(of: state) {
        case let .placing(seat): .only(seat)
        case let .firing(seat): rules.sides == .duel ? .alternate(Seat(0), Seat(1)) : .only(seat)
        case .over: .nobody
        }
    }

    public func outOfTurn(_ seat: Seat, in state: BattleshipState) -> RuleViolation {
        if rules.sides == .hiderAndGuesser, seat == Seat(0), case .firing = rules.phase(of: state) {
            return .hiderMayNotGuess
        }
        return .notYourTurn
    }

    public func apply(_ move: BattleshipMove, by seat: Seat, to state: BattleshipState) throws(RuleViolation) -> BattleshipState {
        var next = state
        switch (rules.phase(of: state), move) {
        case (.over, _):
            throw .gameOver
        case let (.placing(placer), .place(fleet)):
            guard seat == placer else { throw outOfTurn(seat, in: state) }
            try rules.validate(fleet)
            next.fleets[seat.index] = .placed(rules.canonical(fleet))
        case let (.firing(shooter), .fire(cell)):
            guard seat == shooter else { throw outOfTurn(seat, in: state) }
            guard rules.board.contains(cell) else { throw .offBoard(cell: "Cell \(cell.index)", board: rules.board) }
            guard !rules.hasFired(seat, at: cell, in: state) else { throw .alreadyFired(at: rules.board.name(of: cell)) }
            guard let fleet = state.fleets[rules.target(of: seat)].fleet else {
                // The server plays moves against the true state, where every fleet is known.
                throw .illegal("The ships fired at are hidden in this state; only the true state can take a shot.")
            }
            next.shots.append(Shot(cell, rules.result(of: cell, by: seat, against: fleet, in: state)))
        case (.placing, .fire):
            throw .illegal("The ships are not all placed yet; place before firing.")
        case (.firing, .place):
            throw .illegal("The fleets are already placed.")
        }
        return next
    }

    public func outcome(of state: BattleshipState) -> Outcome { rules.outcome(of: state) }

    /// A player sees their own fleet; every other fleet is hidden from them. Shots and their
    /// results are public, so hits (and sunk ships) show only what was found.
    /// What `viewer` may see: every fleet but its own hidden while the game is played; once
    /// its own moves have ended it, nothing is secret any more and everyone sees every fleet.
    public func view(of state: BattleshipState, for viewer: Seat?) -> BattleshipState {
        if case .over = rules.phase(of: state) { return state }
        var view = state
        for index in view.fleets.indices where view.fleets[index].isPlaced && index != viewer?.index {
            view.fleets[index] = .hidden
        }
        return view
    }

    public func prompt(in state: BattleshipState) -> String? {
        switch rules.phase(of: state) {
        case .placing: rules.sides == .duel ? "Place your fleet" : "Hide your \(rules.fleet.count) ships"
        case .firing: rules.sides == .duel ? "Fire at the enemy fleet" : "Find the ships: pick a cell"
        case .over: nil
        }
    }
}
