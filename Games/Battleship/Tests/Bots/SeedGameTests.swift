import Battleship
import GameRules
import Testing

/// The seed variant played by two bots through `Match`: the hider places, the guesser fires
/// until two hits win or three misses lose. Every proposal must be accepted.
@Suite struct SeedGameTests {
    @Test(arguments: [true, false])
    func botsFinishSeedGames(hunter: Bool) throws {
        let game = Fixtures.seed
        let shooter: any BattleshipShooter = hunter ? HunterShooter() : RandomShooter()
        let hider = BattleshipBot(game: game, seat: Seat(0), placement: SpreadPlacement())
        let guesser = BattleshipBot(game: game, seat: Seat(1), shooter: shooter)
        var guesserWins = 0
        for seed in 0..<UInt64(200) {
            var random = SeededRandom(seed: seed)
            var match = Match(game: game)
            var moves = 0
            while !match.outcome.isFinished {
                let (bot, other) = match.turn == .seat(Seat(0)) ? (hider, guesser) : (guesser, hider)
                let view = game.view(of: match.state, for: bot.seat)
                #expect(other.proposal(for: game.view(of: match.state, for: other.seat), using: &random) == nil)
                let proposal = try #require(bot.proposal(for: view, using: &random))
                try match.propose(proposal, by: bot.seat, mover: "$bot")
                moves += 1
            }
            #expect(moves <= 1 + 4, "a seed game ends within 4 guesses")
            if match.outcome == .finished(winners: [Seat(1)], losers: [Seat(0)]) { guesserWins += 1 }
        }
        // Chance of two hits before three misses among 9 cells with 2 boats is 1/6 + ... ≈ 28%.
        #expect((20...120).contains(guesserWins))
    }

    @Test func proposalsTravelAsQueryItems() throws {
        let game = Fixtures.seed
        var random = SeededRandom(seed: 9)
        var match = Match(game: game)
        let hider = BattleshipBot(game: game, seat: Seat(0))
        let items = try #require(try hider.proposal(for: game.encode(game.view(of: match.state, for: Seat(0))), using: &random))
        try match.propose(game.decode(items), by: Seat(0), mover: "$hider")
        let guesser = BattleshipBot(game: game, seat: Seat(1))
        let shot = try #require(try guesser.proposal(for: game.encode(game.view(of: match.state, for: Seat(1))), using: &random))
        #expect(shot.values(named: "Shot").count == 1)
        try match.propose(game.decode(shot), by: Seat(1), mover: "$guesser")
        #expect(match.state.shots.count == 1)
    }
}
