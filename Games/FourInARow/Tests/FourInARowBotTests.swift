import FourInARow
import GameRules
import Testing

/// The strong bot against the random one, and the moves no player should miss.
@Suite struct FourInARowBotTests {
    let game = FourInARowGame()

    /// 1,000 seeded games, each bot opening half of them: the search wins at least 99%.
    @Test func theSearchBeatsRandomDropsInAlmostEveryGame() throws {
        let strong = try #require(game.strategy(named: "alphabeta"))
        let random = try #require(game.strategy(named: "random"))
        var wins = 0, draws = 0
        for seed in 0..<1_000 {
            var generator = SeededRandom(seed: UInt64(seed))
            let strongSeat = Seat(seed % 2)
            var match = Match(game: game)
            while !match.outcome.isFinished {
                let seat = Seat(match.state.drops.count % 2)
                let bot = seat == strongSeat ? strong : random
                let shown = match.state.drops.isEmpty ? nil : game.encode(match.state)
                let proposal = try #require(try bot.proposal(after: shown, using: &generator))
                _ = try match.propose(game.decode(proposal), by: seat, mover: "$bot")
            }
            guard case let .finished(winners, _) = match.outcome else { continue }
            if winners.contains(strongSeat) { wins += 1 } else if winners.isEmpty { draws += 1 }
        }
        #expect(wins >= 990, "\(wins) wins, \(draws) draws in 1,000 games")
    }

    @Test func theSearchTakesAWinAndBlocksALoss() throws {
        let search = AlphaBetaSearch(depth: 5)
        var generator = SeededRandom(seed: 1)
        // Red (to move) has three in the bottom row, columns 1-3: column 4 wins.
        #expect(search.bestColumn(in: state([1, 1, 2, 2, 3, 3]), using: &generator) == 3)
        // Yellow (to move) must stop red's three at column 4.
        #expect(search.bestColumn(in: state([1, 7, 2, 7, 3]), using: &generator) == 3)
        #expect(search.bestColumn(in: state([1, 1, 2, 2, 3, 3, 4]), using: &generator) == nil, "the game is over")
    }

    @Test func aBotHasNothingToDoOnceTheGameIsOver() throws {
        var generator = SeededRandom(seed: 2)
        for name in FourInARowGame.strategies {
            let bot = try #require(game.strategy(named: name))
            #expect(try bot.proposal(after: game.encode(state([1, 1, 2, 2, 3, 3, 4])), using: &generator) == nil)
            let opening = try #require(try bot.proposal(after: nil, using: &generator))
            #expect(try game.decode(opening).drops.count == 1)
        }
    }
}
