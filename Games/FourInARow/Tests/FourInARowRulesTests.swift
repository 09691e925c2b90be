import FourInARow
import GameRules
import Testing

func state(_ columns: [Int]) -> FourInARowState {
    FourInARowState(drops: columns.map { $0 - 1 })
}

/// A full board without a line of four, found by dropping at random into columns that make no
/// line, seed after seed.
func drawnGame() -> FourInARowState {
    for seed in UInt64(1)...1_000 {
        var random = SeededRandom(seed: seed)
        var board = FourInARowState()
        while board.drops.count < FourInARowState.columns * FourInARowState.rows {
            let safe = (0..<FourInARowState.columns).filter { column in
                guard !board.isFull(column: column) else { return false }
                var next = board
                next.drops.append(column)
                return !next.outcome.isFinished || next.drops.count == 42 && next.winningLine == nil
            }
            guard let column = safe.randomElement(using: &random) else { break }
            board.drops.append(column)
        }
        if board.drops.count == 42, board.winningLine == nil { return board }
    }
    fatalError("no drawn game in 1,000 seeds")
}

@Suite struct FourInARowRulesTests {
    let game = FourInARowGame()

    @Test func theURLListsTheDropsInOrder() throws {
        let played = try game.decode(url: "?Drop=4&Drop=4&Drop=3&Other=1")
        #expect(played.drops == [3, 3, 2])
        #expect(game.query(for: played) == "?Drop=4&Drop=4&Drop=3")
        #expect(played.disc(column: 3, row: 0) == Seat(0) && played.disc(column: 3, row: 1) == Seat(1))
        #expect(played.disc(column: 2, row: 0) == Seat(0) && played.disc(column: 2, row: 1) == nil)
        #expect(played.nextSeat == Seat(1))
        #expect(try game.decode(url: "?") == game.initialState)
    }

    @Test(arguments: [
        ("?Drop=8", "Drop=8 names no column: the columns are 1 to 7."),
        ("?Drop=0", "Drop=0 names no column: the columns are 1 to 7."),
        ("?Drop=x", "Drop=x names no column: the columns are 1 to 7."),
        ("?Drop", "Drop= names no column: the columns are 1 to 7."),
        ("?Drop=1&Drop=1&Drop=1&Drop=1&Drop=1&Drop=1&Drop=1", "Drop 7 is into column 1, which was full."),
        ("?Drop=1&Drop=2&Drop=1&Drop=2&Drop=1&Drop=2&Drop=1&Drop=2", "Drop 8 comes after the game was over."),
    ])
    func aURLThatIsNoGameIsRefusedWithItsReason(url: String, reason: String) {
        #expect(throws: RuleViolation(.undecodableState, reason)) { try game.decode(url: url) }
    }

    @Test(arguments: [
        ([1, 1, 2, 2, 3, 3, 4], [(0, 0), (1, 0), (2, 0), (3, 0)]),  // across
        ([1, 2, 1, 2, 1, 2, 1], [(0, 0), (0, 1), (0, 2), (0, 3)]),  // down
        ([1, 2, 2, 3, 4, 3, 3, 4, 5, 4, 4], [(0, 0), (1, 1), (2, 2), (3, 3)]),  // rising
        ([7, 6, 6, 5, 4, 5, 5, 4, 3, 4, 4], [(6, 0), (5, 1), (4, 2), (3, 3)]),  // falling
    ])
    func fourInALineWinsForItsOwner(columns: [Int], line: [(Int, Int)]) throws {
        let won = state(columns)
        let found = try #require(won.winningLine)
        #expect(Set(found.map { "\($0.column),\($0.row)" }) == Set(line.map { "\($0.0),\($0.1)" }))
        #expect(won.outcome == .finished(winners: [Seat(0)], losers: [Seat(1)]))
        #expect(game.turnPolicy(in: won) == .nobody)
        #expect(state(Array(columns.dropLast())).outcome == .inProgress)
    }

    @Test func aFullBoardWithoutALineIsADraw() {
        let drawn = drawnGame()
        #expect(drawn.outcome == .finished(winners: [], losers: []))
        #expect(game.prompt(in: drawn) == nil)
        var before = drawn
        before.drops.removeLast()
        let texts = game.texts(for: FourInARowMove(column: drawn.drops.last!), by: Seat(1), mover: "Ben", from: before, to: drawn)
        #expect(texts.caption.hasSuffix("the board is full.") && texts.subcaption == "A draw")
    }

    @Test func movesArePlayedInTurnIntoColumnsWithRoom() throws {
        var match = Match(game: game)
        try match.play(FourInARowMove(column: 3), by: Seat(0), mover: "$A")
        #expect(throws: RuleViolation.notYourTurn) { try match.play(FourInARowMove(column: 3), by: Seat(0), mover: "$A") }
        let full = state([1, 1, 1, 1, 1, 1])
        #expect(throws: RuleViolation(.illegalMove, "Column 1 is full: choose another.")) {
            try game.apply(FourInARowMove(column: 0), by: Seat(0), to: full)
        }
        #expect(throws: RuleViolation.gameOver) {
            try game.apply(FourInARowMove(column: 5), by: Seat(1), to: state([1, 1, 2, 2, 3, 3, 4]))
        }
    }

    @Test func aProposalIsTheGameSoFarAndOneDiscMore() throws {
        let current = state([4, 4])
        #expect(try game.inferMove(from: current, to: state([4, 4, 3]), by: Seat(0)) == FourInARowMove(column: 2))
        #expect(throws: RuleViolation(.notOneMove, "The proposal drops no new disc.")) {
            try game.inferMove(from: current, to: current, by: Seat(0))
        }
        #expect(throws: RuleViolation(.notOneMove, "The proposal drops 2 discs at once.")) {
            try game.inferMove(from: current, to: state([4, 4, 3, 3]), by: Seat(0))
        }
        #expect(throws: RuleViolation.self) { try game.inferMove(from: current, to: state([4, 5, 3]), by: Seat(0)) }
    }

    /// The usual proposal, read from its added item alone, is the move the whole proposal gives,
    /// or nothing where the long way refuses it.
    @Test func theQuickReadingAgreesWithTheWholeProposal() throws {
        var random = SeededRandom(seed: 4)
        for _ in 0..<300 {
            var current = FourInARowState()
            for _ in 0..<Int.random(in: 0..<30, using: &random) {
                let open = (0..<7).filter { !current.isFull(column: $0) }
                guard !current.outcome.isFinished, let column = open.randomElement(using: &random) else { break }
                current.drops.append(column)
            }
            for column in 1...8 {
                let seat = Int.random(in: 0...1, using: &random) == 0 ? current.nextSeat : Seat(1 - current.nextSeat.index)
                let quick = game.move(inserting: [QueryItem("Drop", String(column))], before: [], in: current, by: seat)
                let lastMover = current.drops.isEmpty ? nil : Seat((current.drops.count - 1) % 2)
                var match = Match(game: game, state: current, lastMover: lastMover, moveCount: current.drops.count)
                let proposal = game.encode(current) + [QueryItem("Drop", String(column))]
                let whole = try? match.propose(game.decode(proposal), by: seat, mover: "$P")
                if let quick, let whole {
                    #expect(whole.move == quick, "\(current.drops) + \(column)")
                } else if let quick {
                    // A column that does not exist, or is full: refused as a move, which the
                    // player can change, not as a state that cannot be.
                    #expect(column == 8 || current.isFull(column: column - 1), "\(current.drops) + \(column)")
                    let refusal = #expect(throws: RuleViolation.self) { try game.apply(quick, by: seat, to: current) }
                    #expect(refusal?.code == .illegalMove, "\(String(describing: refusal))")
                }
            }
        }
    }
}
