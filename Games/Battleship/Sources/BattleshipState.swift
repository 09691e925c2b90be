import GameRules

/// A Battleship game: each seat's fleet (as far as the viewer may know it) and the shots
/// fired, in order. Who fired a shot follows from its place in the list (see
/// `BattleshipRules.shooter(ofShot:)`).
public struct BattleshipState: Hashable, Sendable {
    /// By seat: seat 0's fleet first. The seed has one fleet, classic two.
    public var fleets: [FleetKnowledge]
    public var shots: [Shot]
    /// The original format's `Is_Complete=1` on a state whose shots do not end the game. The
    /// original app kept its guesses on the phone, so a finished game can arrive with none.
    public var declaredComplete: Bool

    public init(fleets: [FleetKnowledge], shots: [Shot] = [], declaredComplete: Bool = false) {
        self.fleets = fleets
        self.shots = shots
        self.declaredComplete = declaredComplete
    }
}

/// What happens next in a state.
public enum BattleshipPhase: Hashable, Sendable {
    case placing(Seat)
    case firing(Seat)
    case over(Outcome)
}

extension BattleshipRules {
    public func phase(of state: BattleshipState) -> BattleshipPhase {
        let outcome = outcome(of: state)
        if outcome.isFinished { return .over(outcome) }
        if let unplaced = state.fleets.firstIndex(of: .unplaced) { return .placing(Seat(unplaced)) }
        return .firing(shooter(ofShot: state.shots.count))
    }

    public func outcome(of state: BattleshipState) -> Outcome {
        Scoreboard(rules: self, shots: state.shots).decided
            ?? (state.declaredComplete ? .finished(winners: [], losers: []) : .inProgress)
    }

    /// The shots `seat` has fired, in order.
    public func shots(by seat: Seat, in state: BattleshipState) -> [Shot] {
        state.shots.indices.filter { shooter(ofShot: $0) == seat }.map { state.shots[$0] }
    }

    /// Whether `seat` has fired at `cell`: a pass over the shots, with nothing allocated.
    public func hasFired(_ seat: Seat, at cell: Cell, in state: BattleshipState) -> Bool {
        state.shots.indices.contains { state.shots[$0].cell == cell && shooter(ofShot: $0) == seat }
    }

    public func sunkCount(by seat: Seat, in state: BattleshipState) -> Int {
        Scoreboard(rules: self, shots: state.shots).sunkCount(by: seat)
    }

    /// The result of `seat` firing at `cell` of `fleet` in `state`, which it has not fired at
    /// yet: worked out from the ships' geometry and the shots, with nothing
    /// allocated (the server does it on every shot).
    func result(of cell: Cell, by seat: Seat, against fleet: Fleet, in state: BattleshipState) -> ShotResult {
        guard let ship = fleet.ships.first(where: { board.covers($0, cell) }) else { return .miss }
        guard sides == .duel else { return .hit }
        for step in 0..<ship.kind.length {
            let covered = board.cell(step, of: ship)
            if covered != cell, !hasFired(seat, at: covered, in: state) { return .hit }
        }
        return .sunk(ship.kind)
    }
}
