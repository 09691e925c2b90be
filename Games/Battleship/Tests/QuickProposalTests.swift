import Battleship
import GameRules
import Testing

/// A proposal judged from the items it adds to the query shown (`move(inserting:…)`) gets the
/// same move, or the same refusal, as the proposal decoded whole.
@Suite struct QuickProposalTests {
    @Test func theUsualShotIsReadFromTheItemAdded() throws {
        var match = Match(game: Fixtures.classic)
        try match.playAll([(0, .place(Fixtures.classicFleet())), (1, .place(Fixtures.classicFleet(firstRow: 5)))])
        let move = Fixtures.classic.move(
            inserting: [QueryItem("Shot", "B7")], before: [], in: match.state, by: Seat(0))
        #expect(move == .fire(Fixtures.cell("B7")))
        #expect(Fixtures.classic.move(inserting: [QueryItem("Shot", "B7")], before: [], in: match.state, by: Seat(1)) == nil,
                "out of turn goes the long way")
        #expect(Fixtures.classic.move(inserting: [QueryItem("Shot", "B7-hit")], before: [], in: match.state, by: Seat(0)) == nil,
                "a result claimed goes the long way")
        #expect(Fixtures.classic.move(inserting: [QueryItem("Shot", "B7")], before: [QueryItem("Shot", "A1-miss")], in: match.state, by: Seat(0)) == nil,
                "a shot before another goes the long way")
    }

    @Test(arguments: ["seed", "classic"])
    func everyProposalGetsTheSameAnswerBothWays(variant: String) throws {
        let game = try AnyGame(BattleshipGame(variant: variant))
        let rules = try BattleshipGame(variant: variant).rules
        var random = SeededRandom(seed: variant == "seed" ? 11 : 12)
        var quick = 0
        for _ in 0..<(variant == "seed" ? 60 : 6) {
            var match = game.newMatch()
            var bound: Set<Seat> = []
            while !match.outcome.isFinished {
                let seat: Seat = switch match.turn {
                case let .seat(seat): seat
                default: Seat(Int.random(in: 0..<2, using: &random))
                }
                // What the server showed the seat: its own view once it holds the seat, the
                // spectator's before its first move.
                let shown = QueryString.format(match.state(for: bound.contains(seat) ? seat : nil))
                defer { bound.insert(seat) }
                if match.moveCount < rules.fleetCount {
                    let fleet = rules.randomFleet(using: &random)
                    var placed = try BattleshipGame(variant: variant).decode(QueryString.items(in: shown))
                    placed.fleets[seat.index] = .placed(fleet)
                    _ = try match.propose(BattleshipGame(variant: variant).encode(placed), by: seat, mover: "$P")
                    continue
                }
                // Proposals around the usual one: each answered alike both ways.
                for _ in 0..<4 {
                    let url = "https://h/g/battleship" + proposal(from: shown, rules: rules, random: &random)
                    var long = match, short = match
                    let longAnswer = Result { () throws(RuleViolation) in try long.propose(QueryString.items(in: url), by: seat, mover: "$P") }
                    let shortAnswer = Result { () throws(RuleViolation) in try short.propose(url: url, shown: shown, by: seat, mover: "$P") }
                    #expect(longAnswer == shortAnswer, "\(url)")
                    if case .success = shortAnswer, QueryString.insertion(into: shown, giving: url) != nil { quick += 1 }
                    #expect(long.trueState == short.trueState)
                }
                let truth = try BattleshipGame(variant: variant).decode(match.trueState)
                let cell = try #require(rules.board.cells.filter { !rules.hasFired(seat, at: $0, in: truth) }.randomElement(using: &random))
                _ = try match.propose(url: "?" + shown.dropFirst() + "&Shot=" + rules.board.name(of: cell), shown: nil, by: seat, mover: "$P")
            }
        }
        #expect(quick > 100)
    }

    /// The shown query with a shot added somewhere, a result claimed, an item changed, or as it is.
    private func proposal(from shown: String, rules: BattleshipRules, random: inout SeededRandom) -> String {
        var items = shown.dropFirst().split(separator: "&").map(String.init)
        let cell = rules.board.name(of: Cell(Int.random(in: 0..<rules.board.cellCount, using: &random)))
        switch Int.random(in: 0..<8, using: &random) {
        case 0...3:
            // After the last shot, where a client puts it (before `Is_Complete` in a seed).
            let at = items.lastIndex { $0.hasPrefix("Shot=") }.map { $0 + 1 }
                ?? items.firstIndex { $0.hasPrefix("Is_Complete") } ?? items.count
            items.insert("Shot=" + cell, at: at)
        case 4: items.insert("Shot=" + cell, at: Int.random(in: 0...items.count, using: &random))
        case 5: items.append("Shot=\(cell)-miss")
        case 6: items.append("Shot=\(cell)&Shot=\(cell)")
        default: break
        }
        return "?" + items.joined(separator: "&")
    }
}
