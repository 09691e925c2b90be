import Battleship
import GameRules

/// A classic Battleship game played through the rules from a seed: each seat places a random
/// fleet, then both fire at random cells they have not fired at. It stops after `shots` shots
/// with the game still running, so the state is as long as a late game's and one more shot is
/// still a move.
public struct ClassicPlayout: Sendable {
    /// One proposal, as a client sends it: the mover's view plus one move, as a URL query.
    public struct Move: Sendable {
        public let seat: Seat
        public let url: String
    }

    public let game: BattleshipGame
    /// Every proposal that was played, placements first.
    public let moves: [Move]
    /// The true state after the last move: both fleets and every shot with its result.
    public let state: BattleshipState
    /// A proposal of one more shot, legal in `state`, that does not end the game.
    public let next: Move

    /// The first seeded game, from seed 1 on, that is still running after `shots` shots and
    /// one more; two random shooters often last about 190.
    public static func late(shots: Int = 190) -> ClassicPlayout {
        for seed in 1...UInt64(1000) {
            if let playout = try? ClassicPlayout(shots: shots, seed: seed) { return playout }
        }
        preconditionFailure("no seeded classic game lasted \(shots) shots")
    }

    /// Plays a game from `seed`; `nil` when it ends within `shots + 1` shots.
    init?(shots: Int, seed: UInt64) throws(RuleViolation) {
        game = try BattleshipGame(variant: "classic")
        var random = SeededRandom(seed: seed)
        var match = Match(game: game)
        var moves: [Move] = []
        // Two placements, then the shots.
        while moves.count < 2 + shots {
            guard let (move, proposal) = Self.proposal(in: match, using: &random) else { return nil }
            try match.propose(proposal, by: move.seat, mover: "$P\(move.seat.index)")
            moves.append(move)
        }
        guard let (next, proposal) = Self.proposal(in: match, using: &random) else { return nil }
        var after = match
        try after.propose(proposal, by: next.seat, mover: "$P\(next.seat.index)")
        guard !after.outcome.isFinished else { return nil }
        self.moves = moves
        self.next = next
        state = match.state
    }

    /// The next move of whoever is to move: a random fleet, or a shot at a random cell the
    /// shooter has not fired at; `nil` once the game is over.
    private static func proposal(
        in match: Match<BattleshipGame>, using random: inout SeededRandom
    ) -> (Move, BattleshipState)? {
        let game = match.game
        guard case let .seat(seat) = match.turn else { return nil }
        var proposal = game.view(of: match.state, for: seat)
        switch game.rules.phase(of: match.state) {
        case .placing:
            proposal.fleets[seat.index] = .placed(game.rules.randomFleet(using: &random))
        case .firing:
            let fired = Set(game.rules.shots(by: seat, in: match.state).map(\.cell))
            let cell = game.rules.board.cells.filter { !fired.contains($0) }.randomElement(using: &random)!
            proposal.shots.append(Shot(cell))
        case .over:
            return nil
        }
        return (Move(seat: seat, url: game.query(for: proposal)), proposal)
    }
}
