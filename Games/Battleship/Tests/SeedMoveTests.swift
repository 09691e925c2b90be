import Battleship
import GameRules
import Testing

/// The seed variant's moves, each with what must come of it.
@Suite struct SeedMoveTests {
    static let placed: [(Int, BattleshipMove)] = [(0, .place(Fixtures.seedFleet(0, 4)))]

    static let cases: [MoveCase] = [
        MoveCase(name: "hider places two ships", before: [], seat: 0, move: .place(Fixtures.seedFleet(0, 4)), refusal: nil),
        MoveCase(name: "guesser cannot place first", before: [], seat: 1, move: .place(Fixtures.seedFleet(0, 4)),
             refusal: .notYourTurn),
        MoveCase(name: "one ship is not a fleet", before: [], seat: 0, move: .place(Fixtures.seedFleet(3)),
             refusal: RuleViolation(.wrongFleet, "A fleet is exactly these ships: boat (1), boat (1).")),
        MoveCase(name: "three ships are not a fleet", before: [], seat: 0, move: .place(Fixtures.seedFleet(1, 2, 3)),
             refusal: RuleViolation(.wrongFleet, "A fleet is exactly these ships: boat (1), boat (1).")),
        MoveCase(name: "two ships in one cell", before: [], seat: 0, move: .place(Fixtures.seedFleet(5, 5)),
             refusal: RuleViolation(.overlap, "Two ships may not share 5.")),
        MoveCase(name: "a ship off the board", before: [], seat: 0, move: .place(Fixtures.seedFleet(0, 9)),
             refusal: RuleViolation(.offBoard, "The boat does not fit on the 3x3 board there.")),
        MoveCase(name: "firing before placing", before: [], seat: 0, move: .fire(Cell(4)),
             refusal: .illegal("The ships are not all placed yet; place before firing.")),
        MoveCase(name: "guesser hits", before: placed, seat: 1, move: .fire(Cell(4)), refusal: nil, hits: true),
        MoveCase(name: "guesser misses", before: placed, seat: 1, move: .fire(Cell(8)), refusal: nil, hits: false),
        MoveCase(name: "hider may not guess", before: placed, seat: 0, move: .fire(Cell(4)), refusal: RuleViolation(.hiderMayNotGuess, "You hid the ships, so you may not guess.")),
        MoveCase(name: "no third seat", before: placed, seat: 2, move: .fire(Cell(4)),
             refusal: RuleViolation(.tableFull, "Battleship seats at most 2 players.")),
        MoveCase(name: "a cell off the board", before: placed, seat: 1, move: .fire(Cell(9)),
             refusal: RuleViolation(.offBoard, "Cell 9 is not a cell of the 3x3 board.")),
        MoveCase(name: "placing twice", before: placed, seat: 1, move: .place(Fixtures.seedFleet(1, 2)),
             refusal: .illegal("The fleets are already placed.")),
        MoveCase(name: "a hit cell guessed twice", before: placed + [(1, .fire(Cell(4)))], seat: 1, move: .fire(Cell(4)),
             refusal: RuleViolation(.alreadyFired, "You already fired at 4; a cell counts once.")),
        MoveCase(name: "a missed cell guessed twice", before: placed + [(1, .fire(Cell(2)))], seat: 1,
             move: .fire(Cell(2)), refusal: RuleViolation(.alreadyFired, "You already fired at 2; a cell counts once.")),
        MoveCase(name: "after two hits the game is over", before: placed + [(1, .fire(Cell(0))), (1, .fire(Cell(4)))],
             seat: 1, move: .fire(Cell(5)), refusal: .gameOver),
        MoveCase(name: "after three misses the game is over",
             before: placed + [(1, .fire(Cell(1))), (1, .fire(Cell(2))), (1, .fire(Cell(3)))],
             seat: 1, move: .fire(Cell(4)), refusal: .gameOver),
    ]

    @Test(arguments: cases)
    func move(_ test: MoveCase) throws {
        try test.check(in: Fixtures.seed)
    }

    @Test func twoHitsWinAndThreeMissesLose() throws {
        var win = Match(game: Fixtures.seed)
        try win.playAll(Self.placed + [(1, .fire(Cell(0))), (1, .fire(Cell(1))), (1, .fire(Cell(2))), (1, .fire(Cell(4)))])
        #expect(win.outcome == .finished(winners: [Seat(1)], losers: [Seat(0)]))
        #expect(win.state.shots.map(\.result) == [.hit, .miss, .miss, .hit])

        var loss = Match(game: Fixtures.seed)
        try loss.playAll(Self.placed + [(1, .fire(Cell(1))), (1, .fire(Cell(4))), (1, .fire(Cell(2))), (1, .fire(Cell(3)))])
        #expect(loss.outcome == .finished(winners: [Seat(0)], losers: [Seat(1)]))
        #expect(loss.turn == .nobody)
    }

    @Test func turnsFollowThePhases() throws {
        var match = Match(game: Fixtures.seed)
        #expect(match.turn == .seat(Seat(0)))
        #expect(match.game.prompt(in: match.state) == "Hide your 2 ships")
        try match.playAll(Self.placed)
        #expect(match.turn == .seat(Seat(1)))
        try match.play(.fire(Cell(1)), by: Seat(1), mover: "$G")
        #expect(match.turn == .seat(Seat(1)), "the guesser keeps guessing")
        #expect(match.game.prompt(in: match.state) == "Find the ships: pick a cell")
    }

    @Test func captionsAreTheOriginals() throws {
        var match = Match(game: Fixtures.seed)
        let placed = try match.play(.place(Fixtures.seedFleet(0, 4)), by: Seat(0), mover: "$HIDER")
        #expect(placed.texts.caption == "$HIDER placed their ships! Can you find them?")
        #expect(placed.texts.summary == "$HIDER placed their ships")
        let hit = try match.play(.fire(Cell(0)), by: Seat(1), mover: "$GUESSER")
        #expect(hit.texts.caption == "$GUESSER fired at 0: a hit!")
        #expect(hit.texts.trailingCaption == "Hits 1 of 2")
        #expect(hit.texts.trailingSubcaption == "Misses 0 of 3")
        #expect(hit.texts.summary == "$GUESSER fired at 0: hit")
        let miss = try match.play(.fire(Cell(1)), by: Seat(1), mover: "$GUESSER")
        #expect(miss.texts.caption == "$GUESSER fired at 1: a miss.")
        let won = try match.play(.fire(Cell(4)), by: Seat(1), mover: "$GUESSER")
        #expect(won.texts.caption == "$GUESSER destroyed all the ships!")
        #expect(won.texts.accessibilityLabel.contains("$GUESSER fired at 4 and destroyed the last ship"))

        var losing = Match(game: Fixtures.seed)
        try losing.playAll(Self.placed + [(1, .fire(Cell(1))), (1, .fire(Cell(2)))])
        let lost = try losing.play(.fire(Cell(3)), by: Seat(1), mover: "$GUESSER")
        #expect(lost.texts.caption == "$GUESSER lost!")
    }
}
