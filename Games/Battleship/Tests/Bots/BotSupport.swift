import Battleship
import GameRules

/// Plays one classic game through `Match` in which seat 0 fires with `shooter` at `target`,
/// and returns how many shots it needed to sink the whole fleet.
///
/// Classic is a duel, so seat 1 must fire too. It is a sparring partner that cannot end the
/// game first: it fires at the water around seat 0's fleet before any ship cell, and 83 cells
/// of water outlast any 100-cell search. Every shot of seat 0 goes through `propose`, so an
/// illegal or repeated cell would throw.
func shotsToSink(
    _ target: Fleet, with shooter: any BattleshipShooter, random: inout SeededRandom,
    check: ((Cell, TargetKnowledge) -> Void)? = nil
) throws -> Int {
    let game = Fixtures.classic
    let rules = game.rules
    let ownFleet = rules.randomFleet(using: &random)
    let shipCells = Set(rules.occupancy(of: ownFleet).keys)
    let sparring = rules.board.cells.filter { !shipCells.contains($0) } + shipCells.sorted()

    var match = Match(game: game)
    try match.play(.place(ownFleet), by: Seat(0), mover: "$hunter")
    try match.play(.place(target), by: Seat(1), mover: "$target")
    let bot = BattleshipBot(game: game, seat: Seat(0), shooter: shooter)
    var shots = 0
    while !match.outcome.isFinished {
        let view = game.view(of: match.state, for: Seat(0))
        guard let proposal = bot.proposal(for: view, using: &random), let shot = proposal.shots.last else {
            throw BotTestFailure("the bot proposed nothing in an unfinished game")
        }
        check?(shot.cell, TargetKnowledge(rules: rules, view: view, shooter: Seat(0)))
        try match.propose(proposal, by: Seat(0), mover: "$hunter")
        shots += 1
        guard !match.outcome.isFinished else { break }
        try match.play(.fire(sparring[shots - 1]), by: Seat(1), mover: "$target")
    }
    guard match.outcome == .finished(winners: [Seat(0)], losers: [Seat(1)]) else {
        throw BotTestFailure("the sparring partner won: \(match.outcome)")
    }
    return shots
}

struct BotTestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
