import Battleship
import GameRules
import Testing

/// The hunter is meant to be much better than chance; this measures it. Each seeded fleet is
/// searched by both shooters alone, so "beats" means "needed fewer shots for the same fleet".
@Suite struct ShooterComparisonTests {
    /// What a run of games added up to.
    struct Tally: Sendable {
        var hunterWins = 0, hunterShots = 0, randomShots = 0

        static func + (a: Tally, b: Tally) -> Tally {
            Tally(hunterWins: a.hunterWins + b.hunterWins, hunterShots: a.hunterShots + b.hunterShots,
                  randomShots: a.randomShots + b.randomShots)
        }
    }

    /// Each seed decides its own games, so they can be split across cores with the same result.
    static func play(seeds: Range<UInt64>) throws -> Tally {
        var tally = Tally()
        for seed in seeds {
            var random = SeededRandom(seed: seed)
            let fleet = Fixtures.classic.rules.randomFleet(using: &random)
            let hunter = try shotsToSink(fleet, with: HunterShooter(), random: &random)
            let chance = try shotsToSink(fleet, with: RandomShooter(), random: &random)
            tally.hunterShots += hunter
            tally.randomShots += chance
            if hunter < chance { tally.hunterWins += 1 }
        }
        return tally
    }

    @Test func hunterBeatsRandomInNineOfTenClassicGames() async throws {
        let games: UInt64 = 1_000, chunk: UInt64 = 125
        let tally = try await withThrowingTaskGroup(of: Tally.self) { group in
            for start in stride(from: 0, to: games, by: Int(chunk)) {
                group.addTask { try Self.play(seeds: start..<start + chunk) }
            }
            return try await group.reduce(Tally(), +)
        }
        let count = Double(games)
        let rate = Double(tally.hunterWins) / count
        print(
            "Bots: hunter beat random in \(tally.hunterWins) of \(games) classic games (\(rate * 100)%);",
            "average shots to sink a fleet: hunter \(Double(tally.hunterShots) / count),",
            "random \(Double(tally.randomShots) / count)")
        #expect(rate >= 0.9)
        // Sinking 17 ship cells takes 17 shots at best and 100 at worst.
        #expect((17 * Int(games)...100 * Int(games)).contains(tally.hunterShots))
        #expect(tally.hunterShots * 3 < tally.randomShots * 2, "the hunter should need well under 2/3 of random's shots")
    }
}
