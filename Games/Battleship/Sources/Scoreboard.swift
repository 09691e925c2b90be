import GameRules

/// The running score of the shots fired so far: counts only, so that working out whose turn
/// it is (which every move does several times) costs no more than a pass over the shots.
struct Scoreboard {
    let rules: BattleshipRules
    /// By shooter's seat index.
    private(set) var hits = [0, 0]
    private(set) var misses = [0, 0]
    private(set) var sunk: [[ShipKind]] = [[], []]

    init(rules: BattleshipRules) { self.rules = rules }

    init(rules: BattleshipRules, shots: [Shot]) {
        self.init(rules: rules)
        for index in shots.indices { record(shots[index].result, by: rules.shooter(ofShot: index)) }
    }

    mutating func record(_ result: ShotResult?, by shooter: Seat) {
        let seat = shooter.index
        switch result {
        case nil: break
        case .miss?: misses[seat] += 1
        case .hit?: hits[seat] += 1
        case let .sunk(kind)?:
            hits[seat] += 1
            sunk[seat].append(kind)
        }
    }

    /// Who has won, from the shots alone; `nil` while nobody has.
    var decided: Outcome? {
        switch rules.sides {
        case .hiderAndGuesser:
            if hits[1] >= rules.fleet.count { return .finished(winners: [Seat(1)], losers: [Seat(0)]) }
            if let allowed = rules.missesAllowed, misses[1] >= allowed {
                return .finished(winners: [Seat(0)], losers: [Seat(1)])
            }
        case .duel:
            for seat in 0..<2 where sunk[seat].count >= rules.fleet.count {
                return .finished(winners: [Seat(seat)], losers: [Seat(1 - seat)])
            }
        }
        return nil
    }
}
