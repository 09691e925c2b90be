import GameCatalog
import GameRules
import Testing

/// Every game's bots, found through the catalog alone: each strategy of each game plays each
/// variant its tables play, seat against seat, from a new game to its end, through the state
/// query items a bot is shown and proposes, every move checked by the game's rules.
@Suite struct StrategyTests {
    let catalog = GameCatalog.standard

    static var cases: [(String, String, String)] {
        GameCatalog.standard.games.flatMap { game in
            game.variants.filter { $0.seats.lowerBound >= 2 }.flatMap { variant in
                game.strategies.map { (game.id.rawValue, variant.id, $0) }
            }
        }
    }

    @Test(arguments: cases)
    func aStrategyPlaysAGameToItsEnd(game: String, variant: String, strategy: String) throws {
        let rules = try catalog.game(GameID(rawValue: game), variant: variant)
        let bot = try #require(rules.strategy(named: strategy))
        var random = SeededRandom(seed: 20261126)
        var match = rules.newMatch()
        for step in 0..<1_000 where !match.outcome.isFinished {
            let seat: Seat = switch match.turn {
            case let .seat(seat): seat
            case let .anyoneExcept(seat): Seat(1 - seat.index)
            case .anyone, .nobody: Seat(step % 2)
            }
            // The opener is shown nothing: it opens the game.
            let shown = match.moveCount == 0 ? nil : match.state(for: seat)
            let proposal = try #require(try bot.proposal(after: shown, using: &random), "step \(step): nothing to do for \(seat)")
            _ = try match.propose(proposal, by: seat, mover: "$bot\(seat.index)")
        }
        #expect(match.outcome.isFinished, "\(game) \(variant) with \(strategy) ended in \(match.moveCount) moves")
        // Once it is over, a bot has nothing more to propose.
        #expect(try bot.proposal(after: match.state(for: Seat(0)), using: &random) == nil)
    }

    @Test func everyGameHasBotsAndNoUnknownStrategy() throws {
        for game in catalog.games {
            #expect(!game.strategies.isEmpty, "\(game.id) has no bots")
            #expect(try catalog.game(game.id).strategy(named: "no such strategy") == nil)
        }
    }
}
