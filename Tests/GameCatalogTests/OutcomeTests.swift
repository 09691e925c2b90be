import GameCatalog
import GameRules
import Testing

/// Every game and variant, played to every outcome through the catalog's type-erased games,
/// with each move sent as the URL a client would send: the state it was shown plus its move.
@Suite struct OutcomeTests {
    let catalog = GameCatalog.standard

    /// Sends `seat`'s view of the match with `extra` items added, as a proposal.
    func move(_ match: inout AnyMatch, _ seat: Int, _ extra: [String]) throws {
        let items = try match.state(for: Seat(seat)) + extra.flatMap { try QueryString.items(in: "?" + $0) }
        let url = QueryString.format(items)
        _ = try match.propose(QueryString.items(in: url), by: Seat(seat), mover: "$P\(seat)")
    }

    @Test func seedEndsWithTheGuesserWinning() throws {
        var match = try catalog.game("battleship", variant: "seed").newMatch()
        try move(&match, 0, ["Ship_Location=2&Ship_Location=6"])
        for cell in ["1", "2", "6"] { try move(&match, 1, ["Shot=\(cell)"]) }
        #expect(match.outcome == .finished(winners: [Seat(1)], losers: [Seat(0)]))
        #expect(match.state(for: Seat(1)).contains(QueryItem("Is_Complete", "1")))
    }

    @Test func seedEndsWithTheHiderWinning() throws {
        var match = try catalog.game("battleship", variant: "seed").newMatch()
        try move(&match, 0, ["Ship_Location=2&Ship_Location=6"])
        for cell in ["0", "2", "1", "3"] { try move(&match, 1, ["Shot=\(cell)"]) }
        #expect(match.outcome == .finished(winners: [Seat(0)], losers: [Seat(1)]))
        #expect(match.turn == .nobody)
    }

    static func cellName(_ index: Int) -> String {
        "\(Character(Unicode.Scalar(UInt8(ascii: "A") + UInt8(index % 10))))\(index / 10 + 1)"
    }

    /// Seat 0's fleet fills columns A-E of rows 1-5 (17 cells), seat 1's the same of rows 6-10.
    static func fleet(seat: Int) -> String {
        let ships = [("carrier", 0), ("battleship", 1), ("cruiser", 2), ("submarine", 3), ("destroyer", 4)]
        return ships.map { "Ship=\(seat)-\($0.0)-A\($0.1 + 1 + seat * 5)-h" }.joined(separator: "&")
    }

    static let shipCells = [5, 4, 3, 3, 2].enumerated().flatMap { row, length in (0..<length).map { row * 10 + $0 } }

    @Test(arguments: [0, 1])
    func classicEndsWithEitherSeatWinning(winner: Int) throws {
        var match = try catalog.game("battleship", variant: "classic").newMatch()
        try move(&match, 0, [Self.fleet(seat: 0)])
        try move(&match, 1, [Self.fleet(seat: 1)])
        // The winner fires at the loser's ship cells; the loser misses, in the winner's rows
        // but right of column E, where nothing lies.
        let hits = Self.shipCells.map { $0 + (1 - winner) * 50 }
        let misses = (0..<50).filter { $0 % 10 >= 5 }.map { $0 + winner * 50 }
        for (index, target) in hits.enumerated() {
            if winner == 1 { try move(&match, 0, ["Shot=\(Self.cellName(misses[index]))"]) }
            try move(&match, winner, ["Shot=\(Self.cellName(target))"])
            if winner == 0 && index < hits.count - 1 { try move(&match, 1, ["Shot=\(Self.cellName(misses[index]))"]) }
        }
        #expect(match.outcome == .finished(winners: [Seat(winner)], losers: [Seat(1 - winner)]))
        #expect(match.moveCount == 2 + 17 + (winner == 0 ? 16 : 17))
    }

    @Test(arguments: ["group", "solo"])
    func iceCreamIsFinishedTogether(variant: String) throws {
        var match = try catalog.game("icecream", variant: variant).newMatch()
        let builders = variant == "group" ? [0, 1, 2] : [0, 0, 0]
        try move(&match, builders[0], ["Base=base03"])
        #expect(match.prompt == "Add some scoops")
        try move(&match, builders[1], ["Scoops=scoops10"])
        #expect(match.outcome == .inProgress)
        try move(&match, builders[2], ["Topping=topping12"])
        #expect(match.outcome == .finished(winners: [], losers: []))
        #expect(match.trueState == [QueryItem("Base", "base03"), QueryItem("Scoops", "scoops10"), QueryItem("Topping", "topping12")])
    }

    @Test func aGroupBuilderMayNotMakeTwoStepsInARow() throws {
        var match = try catalog.game("icecream", variant: "group").newMatch()
        try move(&match, 0, ["Base=base03"])
        #expect { try move(&match, 0, ["Scoops=scoops10"]) } throws: { ($0 as? RuleViolation)?.code == .notYourTurn }
        #expect(match.moveCount == 1)
    }
}

@Suite struct CatalogTimeoutTests {
    @Test func battleshipForfeitsToTheOtherPlayer() throws {
        var match = try GameCatalog.standard.game("battleship", variant: "classic").newMatch()
        _ = try match.propose(QueryString.items(in: "?Variant=classic&" + OutcomeTests.fleet(seat: 0)), by: Seat(0), mover: "$A")
        #expect(try match.timeOut() == .forfeited(Seat(1)))
        #expect(match.outcome == .finished(winners: [Seat(0)], losers: [Seat(1)]))
        #expect(match.turn == .nobody)
    }

    @Test func iceCreamSkipsTheTurn() throws {
        var match = try GameCatalog.standard.game("icecream").newMatch()
        _ = try match.propose([QueryItem("Base", "base01")], by: Seat(0), mover: "$A")
        #expect(match.turn == .anyoneExcept(Seat(0)))
        #expect(try match.timeOut() == .skipped(after: Seat(0)))
        #expect(match.turn == .anyone && match.outcome == .inProgress)
        _ = try match.propose([QueryItem("Base", "base01"), QueryItem("Scoops", "scoops01")], by: Seat(0), mover: "$A")
        #expect(match.moveCount == 2)
    }
}
