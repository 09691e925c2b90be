import GameRules

/// The running score of the shots fired so far: counts only, so that working out whose turn
/// it is (which every move does several times) costs no more than a pass over the shots, with
/// nothing allocated.
struct Scoreboard {
    let rules: BattleshipRules
    /// By shooter's seat index.
    private var hits = (0, 0)
    private var misses = (0, 0)
    /// The kinds each shooter has sunk, as bits by their place in the rules' fleet.
    private var sunkKinds: (UInt64, UInt64) = (0, 0)

    init(rules: BattleshipRules) { self.rules = rules }

    init(rules: BattleshipRules, shots: [Shot]) {
        self.init(rules: rules)
        for index in shots.indices { record(shots[index].result, by: rules.shooter(ofShot: index)) }
    }

    mutating func record(_ result: ShotResult?, by shooter: Seat) {
        let first = shooter.index == 0
        switch result {
        case nil: break
        case .miss?: if first { misses.0 += 1 } else { misses.1 += 1 }
        case .hit?: if first { hits.0 += 1 } else { hits.1 += 1 }
        case let .sunk(kind)?:
            if first { hits.0 += 1 } else { hits.1 += 1 }
            let bit = rules.fleet.firstIndex(of: kind).map { UInt64(1) << UInt64($0) } ?? 0
            if first { sunkKinds.0 |= bit } else { sunkKinds.1 |= bit }
        }
    }

    /// Whether `shooter` has sunk a ship of this kind.
    func hasSunk(_ kind: ShipKind, by shooter: Seat) -> Bool {
        guard let index = rules.fleet.firstIndex(of: kind) else { return false }
        return (shooter.index == 0 ? sunkKinds.0 : sunkKinds.1) & (UInt64(1) << UInt64(index)) != 0
    }

    /// How many ships `shooter` has sunk.
    func sunkCount(by shooter: Seat) -> Int {
        (shooter.index == 0 ? sunkKinds.0 : sunkKinds.1).nonzeroBitCount
    }

    /// Who has won, from the shots alone; `nil` while nobody has.
    var decided: Outcome? {
        switch rules.sides {
        case .hiderAndGuesser:
            if hits.1 >= rules.fleet.count { return .finished(winners: [Seat(1)], losers: [Seat(0)]) }
            if let allowed = rules.missesAllowed, misses.1 >= allowed {
                return .finished(winners: [Seat(0)], losers: [Seat(1)])
            }
        case .duel:
            for seat in 0..<2 where sunkCount(by: Seat(seat)) >= rules.fleet.count {
                return .finished(winners: [Seat(seat)], losers: [Seat(1 - seat)])
            }
        }
        return nil
    }
}
