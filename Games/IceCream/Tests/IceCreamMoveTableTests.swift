import GameRules
import IceCream
import Testing

/// Moves played with `Match.play` after a setup, and the exact answer each must get.
struct MoveCase: Sendable, CustomTestStringConvertible {
    let name: String
    let variant: String
    let before: [Played]
    let move: IceCreamMove
    let seat: Int
    let expected: RuleViolation?

    var testDescription: String { "\(variant): \(name)" }
}

private let base = Played(.base(.waffleCone), 0)
private let scoops = Played(.scoops(.strawberry), 1)
private let topping = Played(.topping(.chocolateChips), 0)
private let soloBase = Played(.base(.cup), 0)
private let soloScoops = Played(.scoops(.mango), 0)
private let soloTopping = Played(.topping(.freshBerries), 0)

private let stepTwice = RuleViolation(.notYourTurn, "You made the previous step; someone else makes the next one.")
private let tableFull = RuleViolation(.tableFull, "Ice Cream seats at most 64 players.")

let moveCases: [MoveCase] = [
    MoveCase(name: "anyone chooses the base", variant: "group", before: [], move: .base(.waffleCone), seat: 0, expected: nil),
    MoveCase(name: "a later seat may open", variant: "group", before: [], move: .base(.cup), seat: 3, expected: nil),
    MoveCase(name: "another seat adds scoops", variant: "group", before: [base], move: .scoops(.vanilla), seat: 1, expected: nil),
    MoveCase(name: "the first seat may come back", variant: "group", before: [base, scoops], move: .topping(.hotFudge), seat: 0, expected: nil),
    MoveCase(name: "same seat twice", variant: "group", before: [base], move: .scoops(.vanilla), seat: 0, expected: stepTwice),
    MoveCase(name: "same seat twice at the topping", variant: "group", before: [base, scoops], move: .topping(.cherries), seat: 1, expected: stepTwice),
    MoveCase(name: "turn is checked before the rules", variant: "group", before: [base], move: .base(.cup), seat: 0, expected: stepTwice),
    MoveCase(name: "a second base", variant: "group", before: [base], move: .base(.sugarCone), seat: 1,
             expected: .illegal("The ice cream already has a base.")),
    MoveCase(name: "scoops before a base", variant: "group", before: [], move: .scoops(.coffee), seat: 0,
             expected: .illegal("Select a base before adding scoops.")),
    MoveCase(name: "topping before a base", variant: "group", before: [], move: .topping(.gummyBears), seat: 0,
             expected: .illegal("Select a base before adding a topping.")),
    MoveCase(name: "topping before scoops", variant: "group", before: [base], move: .topping(.gummyBears), seat: 1,
             expected: .illegal("Add scoops before adding a topping.")),
    MoveCase(name: "second scoops", variant: "group", before: [base, scoops], move: .scoops(.mango), seat: 0,
             expected: .illegal("The ice cream already has scoops.")),
    MoveCase(name: "a base once finished", variant: "group", before: [base, scoops, topping], move: .base(.cup), seat: 1, expected: .gameOver),
    MoveCase(name: "a topping once finished", variant: "group", before: [base, scoops, topping], move: .topping(.cherries), seat: 2, expected: .gameOver),
    MoveCase(name: "the finisher once finished", variant: "group", before: [base, scoops, topping], move: .topping(.cherries), seat: 0, expected: .gameOver),
    MoveCase(name: "a seat beyond the table", variant: "group", before: [], move: .base(.cup), seat: 64, expected: tableFull),
    MoveCase(name: "the last seat of the table", variant: "group", before: [base], move: .scoops(.coffee), seat: 63, expected: nil),

    MoveCase(name: "one builder chooses the base", variant: "solo", before: [], move: .base(.cup), seat: 0, expected: nil),
    MoveCase(name: "the same builder adds scoops", variant: "solo", before: [soloBase], move: .scoops(.mango), seat: 0, expected: nil),
    MoveCase(name: "the same builder finishes", variant: "solo", before: [soloBase, soloScoops], move: .topping(.freshBerries), seat: 0, expected: nil),
    MoveCase(name: "a friend may join in", variant: "solo", before: [soloBase], move: .scoops(.mango), seat: 5, expected: nil),
    MoveCase(name: "a second base", variant: "solo", before: [soloBase], move: .base(.cakeCone), seat: 0,
             expected: .illegal("The ice cream already has a base.")),
    MoveCase(name: "scoops before a base", variant: "solo", before: [], move: .scoops(.pistachio), seat: 0,
             expected: .illegal("Select a base before adding scoops.")),
    MoveCase(name: "topping before a base", variant: "solo", before: [], move: .topping(.marshmallows), seat: 0,
             expected: .illegal("Select a base before adding a topping.")),
    MoveCase(name: "topping before scoops", variant: "solo", before: [soloBase], move: .topping(.marshmallows), seat: 0,
             expected: .illegal("Add scoops before adding a topping.")),
    MoveCase(name: "second scoops", variant: "solo", before: [soloBase, soloScoops], move: .scoops(.vanilla), seat: 0,
             expected: .illegal("The ice cream already has scoops.")),
    MoveCase(name: "anything once finished", variant: "solo", before: [soloBase, soloScoops, soloTopping], move: .topping(.cherries), seat: 0,
             expected: .gameOver),
    MoveCase(name: "a seat beyond the table", variant: "solo", before: [], move: .base(.cup), seat: 64, expected: tableFull),
]

@Suite("Moves played with Match.play")
struct IceCreamMoveTableTests {
    @Test(arguments: moveCases)
    func answer(_ testCase: MoveCase) throws {
        var match = try match(testCase.variant, after: testCase.before)
        let before = match.state
        let refusal = violation { () throws(RuleViolation) in
            try match.play(testCase.move, by: seat(testCase.seat), mover: "$mover")
        }
        #expect(refusal == testCase.expected)
        if refusal == nil {
            #expect(match.state == testCase.move.applied(to: before))
            #expect(match.lastMover == seat(testCase.seat))
            #expect(match.moveCount == testCase.before.count + 1)
        } else {
            #expect(match.state == before)
            #expect(match.moveCount == testCase.before.count)
        }
    }

    @Test func applyRefusesAFinishedIceCream() {
        let game = IceCreamGame()
        let refusal = violation { () throws(RuleViolation) in
            _ = try game.apply(.base(.cup), by: seat(1), to: waffleStrawberryChips)
        }
        #expect(refusal == .gameOver)
    }

    @Test func turnPolicies() {
        let group = iceCreamGame("group")
        let solo = iceCreamGame("solo")
        for state in [IceCream.empty, IceCream(base: .cup), IceCream(base: .cup, scoops: .coffee)] {
            #expect(group.turnPolicy(in: state) == .anyoneButLastMover)
            #expect(solo.turnPolicy(in: state) == .anyone)
        }
        #expect(group.turnPolicy(in: waffleStrawberryChips) == .nobody)
        #expect(solo.turnPolicy(in: waffleStrawberryChips) == .nobody)
    }

    @Test func finishedTogether() throws {
        var match = try match("group", after: [base, scoops])
        #expect(match.outcome == .inProgress)
        try match.play(topping.move, by: seat(topping.seat), mover: "$a")
        #expect(match.outcome == .finished(winners: [], losers: []))
        #expect(match.turn == .nobody)
    }
}
