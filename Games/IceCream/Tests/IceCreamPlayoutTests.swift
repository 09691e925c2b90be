import GameRules
import IceCream
import Testing

/// Thousands of seeded games in which random players send a mix of right and wrong proposals,
/// each through a URL, as clients would.
@Suite("Seeded random play-outs")
struct IceCreamPlayoutTests {
    static let gamesPerVariant = 2_000

    @Test(arguments: ["group", "solo"])
    func randomGames(_ variant: String) throws {
        let game = iceCreamGame(variant)
        var tally = Tally()
        for index in 0..<Self.gamesPerVariant {
            var random = SeededRandom(seed: UInt64(index) &* 7919 &+ (variant == "solo" ? 1 : 0))
            let seats = variant == "solo" ? 1 : Int.random(in: 2...5, using: &random)
            try playOut(game, seats: seats, random: &random, tally: &tally)
        }
        #expect(tally.finished == Self.gamesPerVariant)
        // Every kind of proposal was tried and answered as expected, or the test proves little.
        for kind in ProposalKind.allCases where kind != .wrongSeat || variant == "group" {
            #expect(tally.sent[kind, default: 0] > 0, "no \(kind) proposals were sent")
        }
    }

    private func playOut(
        _ game: IceCreamGame, seats: Int, random: inout SeededRandom, tally: inout Tally
    ) throws {
        var match = Match(game: game)
        var parts = 0
        while !match.state.isComplete {
            var candidates = RandomPlayer(game: game, seats: seats).proposals(
                in: match.state, lastMover: match.lastMover, random: &random)
            candidates.shuffle(using: &random)
            for candidate in candidates {
                let before = (match.state, match.moveCount)
                let refusal = violation { () throws(RuleViolation) in
                    let proposal = try throughURL(candidate.proposal, in: game)
                    let step = try match.propose(proposal, by: candidate.seat, mover: "$player")
                    #expect(step.after == candidate.proposal)
                }
                tally.sent[candidate.kind, default: 0] += 1
                #expect(refusal?.code == candidate.expected, "\(candidate.kind) from \(before.0)")
                guard refusal == nil else {
                    #expect(match.state == before.0 && match.moveCount == before.1)
                    continue
                }
                parts += 1
                #expect(match.moveCount == parts)
                #expect(try game.decode(url: "https://host/g/icecream" + game.query(for: match.state)) == match.state)
                #expect(match.outcome.isFinished == (parts == 3))
                #expect(match.state.isComplete == (parts == 3))
                break
            }
        }
        tally.finished += 1
        // Once finished, nothing more is taken from anyone.
        let late = RandomPlayer(game: game, seats: seats).anyIceCream(random: &random)
        let refusal = violation { () throws(RuleViolation) in
            _ = try match.propose(late, by: Seat(Int.random(in: 0..<seats, using: &random)), mover: "$late")
        }
        #expect(refusal == .gameOver)
    }
}

/// How many proposals of each kind were sent, and how many games were finished.
private struct Tally {
    var sent: [ProposalKind: Int] = [:]
    var finished = 0
}
