import Battleship
import GameRules
import Testing

/// Players send the next state, not the move; the game finds the one move in it.
@Suite struct ProposalTests {
    static func seedInPlay() throws -> Match<BattleshipGame> {
        var match = Match(game: Fixtures.seed)
        try match.play(.place(Fixtures.seedFleet(0, 4)), by: Seat(0), mover: "$H")
        try match.play(.fire(Cell(8)), by: Seat(1), mover: "$G")
        return match
    }

    static let seedCases: [(String, Int, RuleViolation?)] = [
        ("?Hidden=0&Shot=8-miss&Shot=4&Is_Complete=0", 1, nil),
        ("?Hidden=0&Shot=8-miss&Shot=4", 1, nil),
        ("?Hidden=0&Shot=8-miss&Is_Complete=0", 1, .notOneMove("The proposal is the game as it stands; it holds no move.")),
        ("?Hidden=0&Shot=8-miss&Shot=4-hit", 1, RuleViolation(.resultClaimed,
            "Only the server says whether a shot hits; send the new shot without a result.")),
        ("?Hidden=0&Shot=8-miss&Shot=4-miss", 1, RuleViolation(.resultClaimed,
            "Only the server says whether a shot hits; send the new shot without a result.")),
        ("?Hidden=0&Shot=8-miss&Shot=8", 1, RuleViolation(.alreadyFired, "You already fired at 8; a cell counts once.")),
        ("?Hidden=0&Shot=8-miss&Shot=4&Shot=5", 1, .notOneMove("The proposal fires 2 new shots; a move is one shot.")),
        ("?Hidden=0&Shot=2-miss&Shot=4", 1, .notOneMove("The proposal changes shots already fired.")),
        ("?Hidden=0&Shot=3", 1, .notOneMove("The proposal changes shots already fired.")),
        ("?Hidden=0&Is_Complete=0", 1, .notOneMove("The proposal fires no new shot; the game already has 1 shot.")),
        ("?Ship_Location=0&Ship_Location=4&Is_Complete=1", 1, .notOneMove(
            "A guess cannot show the ships: the guesser does not know where they are. Send the state you were given with one more Shot.")),
        ("?Ship_Location=0&Ship_Location=4&Shot=8-miss&Shot=4&Is_Complete=0", 0,
            RuleViolation(.hiderMayNotGuess, "You hid the ships, so you may not guess.")),
        ("?Hidden=0&Shot=8-miss&Shot=4", 2, RuleViolation(.tableFull, "Battleship seats at most 2 players.")),
    ]

    @Test(arguments: seedCases)
    func seedProposal(url: String, seat: Int, refusal: RuleViolation?) throws {
        var match = try Self.seedInPlay()
        let before = match.state
        do {
            let step = try match.propose(Fixtures.seed.decode(url: url), by: Seat(seat), mover: "$G")
            #expect(refusal == nil)
            #expect(step.move == .fire(Cell(4)))
            #expect(step.after.shots.last == Shot(Cell(4), .hit), "the server fills in the hit")
        } catch {
            #expect(error == refusal)
            #expect(match.state == before)
        }
    }

    @Test func classicPlacementsAreProposedFromEachPlayersView() throws {
        var match = Match(game: Fixtures.classic)
        let first = Fixtures.classic.encode(BattleshipState(fleets: [.placed(Fixtures.classicFleet()), .unplaced]))
        try match.propose(Fixtures.classic.decode(first), by: Seat(0), mover: "$A")
        // Seat 1 sees seat 0's fleet hidden, adds its own, and may not touch seat 0's.
        let secondView = Fixtures.classic.view(of: match.state, for: Seat(1))
        #expect(secondView.fleets == [.hidden, .unplaced])
        var wrong = secondView
        wrong.fleets = [.placed(Fixtures.classicFleet(firstRow: 1)), .placed(Fixtures.classicFleet(firstRow: 5))]
        #expect(throws: RuleViolation.notOneMove("The proposal changes another player's fleet.")) {
            var copy = match
            try copy.propose(wrong, by: Seat(1), mover: "$B")
        }
        var right = secondView
        right.fleets[1] = .placed(Fixtures.classicFleet(firstRow: 5))
        let step = try match.propose(right, by: Seat(1), mover: "$B")
        #expect(step.move == .place(Fixtures.classicFleet(firstRow: 5)))
        #expect(match.state.fleets == [.placed(Fixtures.classicFleet()), .placed(Fixtures.classicFleet(firstRow: 5))])
    }

    @Test func twoShotsAtOnceAreRefused() throws {
        var match = Match(game: Fixtures.classic)
        try match.playAll(ClassicMoveTests.bothPlaced)
        var proposal = Fixtures.classic.view(of: match.state, for: Seat(0))
        proposal.shots = [Shot(Fixtures.cell("A6")), Shot(Fixtures.cell("A7"))]
        #expect(throws: RuleViolation.notOneMove("The proposal fires 2 shots; fire one at a time.")) {
            try match.propose(proposal, by: Seat(0), mover: "$A")
        }
    }
}
