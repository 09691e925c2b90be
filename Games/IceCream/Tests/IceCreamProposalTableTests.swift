import GameRules
import IceCream
import Testing

/// Proposals sent as URLs and judged by `Match.propose` after a setup: the move the server
/// must infer, or the exact refusal.
struct ProposalCase: Sendable, CustomTestStringConvertible {
    enum Expected: Sendable, Equatable {
        case move(IceCreamMove)
        case refused(RuleViolation)
    }

    let name: String
    let variant: String
    let before: [Played]
    let url: String
    let seat: Int
    let expected: Expected

    var testDescription: String { "\(variant): \(name)" }
}

private let base = Played(.base(.waffleCone), 0)
private let scoops = Played(.scoops(.strawberry), 1)
private let topping = Played(.topping(.chocolateChips), 0)
private let soloBase = Played(.base(.waffleCone), 0)
private let soloScoops = Played(.scoops(.strawberry), 0)

private let stepTwice = RuleViolation(.notYourTurn, "You made the previous step; someone else makes the next one.")
private let unchanged = RuleViolation.notOneMove(
    "The proposed ice cream is the same as the current one; a step adds one part.")

let proposalCases: [ProposalCase] = [
    ProposalCase(name: "the base", variant: "group", before: [], url: "?Base=base01", seat: 0, expected: .move(.base(.waffleCone))),
    ProposalCase(name: "the scoops", variant: "group", before: [base], url: "?Base=base01&Scoops=scoops03", seat: 1,
                 expected: .move(.scoops(.strawberry))),
    ProposalCase(name: "the topping", variant: "group", before: [base, scoops], url: "?Base=base01&Scoops=scoops03&Topping=topping07",
                 seat: 2, expected: .move(.topping(.chocolateChips))),
    ProposalCase(name: "items in another order", variant: "group", before: [base], url: "?Scoops=scoops10&Base=base01", seat: 1,
                 expected: .move(.scoops(.coffee))),
    ProposalCase(name: "a whole URL with noise", variant: "group", before: [base], url: "https://host/g/icecream?Base=base01&Cone=x&Scoops=scoops02#top",
                 seat: 1, expected: .move(.scoops(.chocolate))),
    ProposalCase(name: "unchanged", variant: "group", before: [base], url: "?Base=base01", seat: 1, expected: .refused(unchanged)),
    ProposalCase(name: "base changed", variant: "group", before: [base], url: "?Base=base02&Scoops=scoops01", seat: 1,
                 expected: .refused(.notOneMove("The base was already chosen and can't be changed."))),
    ProposalCase(name: "scoops changed", variant: "group", before: [base, scoops], url: "?Base=base01&Scoops=scoops04&Topping=topping01",
                 seat: 0, expected: .refused(.notOneMove("The scoops were already chosen and can't be changed."))),
    ProposalCase(name: "scoops taken away", variant: "group", before: [base, scoops], url: "?Base=base01&Topping=topping01",
                 seat: 0, expected: .refused(.notOneMove("The scoops were already chosen and can't be taken away."))),
    ProposalCase(name: "scoops and topping at once", variant: "group", before: [base], url: "?Base=base01&Scoops=scoops01&Topping=topping01",
                 seat: 1, expected: .refused(.notOneMove("The proposal adds scoops and a topping at once; a step adds one part."))),
    ProposalCase(name: "base and scoops at once", variant: "group", before: [], url: "?Base=base01&Scoops=scoops01",
                 seat: 0, expected: .refused(.notOneMove("The proposal adds a base and scoops at once; a step adds one part."))),
    ProposalCase(name: "a whole ice cream at once", variant: "group", before: [], url: "?Base=base01&Scoops=scoops03&Topping=topping07",
                 seat: 0, expected: .refused(.notOneMove("The proposal adds a base, scoops and a topping at once; a step adds one part."))),
    ProposalCase(name: "base and topping at once", variant: "group", before: [], url: "?Base=base01&Topping=topping07",
                 seat: 0, expected: .refused(.notOneMove("The proposal adds a base and a topping at once; a step adds one part."))),
    ProposalCase(name: "topping without scoops", variant: "group", before: [base], url: "?Base=base01&Topping=topping01", seat: 1,
                 expected: .refused(.illegal("Add scoops before adding a topping."))),
    ProposalCase(name: "same seat twice", variant: "group", before: [base], url: "?Base=base01&Scoops=scoops01", seat: 0,
                 expected: .refused(stepTwice)),
    ProposalCase(name: "same seat twice, unchanged", variant: "group", before: [base], url: "?Base=base01", seat: 0,
                 expected: .refused(stepTwice)),
    ProposalCase(name: "after the finish", variant: "group", before: [base, scoops, topping], url: "?Base=base01&Scoops=scoops03&Topping=topping07",
                 seat: 1, expected: .refused(.gameOver)),
    ProposalCase(name: "a change after the finish", variant: "group", before: [base, scoops, topping], url: "?Base=base02",
                 seat: 1, expected: .refused(.gameOver)),

    ProposalCase(name: "the same builder twice", variant: "solo", before: [soloBase], url: "?Base=base01&Scoops=scoops03", seat: 0,
                 expected: .move(.scoops(.strawberry))),
    ProposalCase(name: "the same builder finishes", variant: "solo", before: [soloBase, soloScoops], url: "?Base=base01&Scoops=scoops03&Topping=topping12",
                 seat: 0, expected: .move(.topping(.freshBerries))),
    ProposalCase(name: "unchanged", variant: "solo", before: [soloBase], url: "?Base=base01", seat: 0, expected: .refused(unchanged)),
    ProposalCase(name: "topping without scoops", variant: "solo", before: [soloBase], url: "?Base=base01&Topping=topping05", seat: 0,
                 expected: .refused(.illegal("Add scoops before adding a topping."))),
    ProposalCase(name: "base changed", variant: "solo", before: [soloBase, soloScoops], url: "?Base=base04&Scoops=scoops03&Topping=topping01",
                 seat: 0, expected: .refused(.notOneMove("The base was already chosen and can't be changed."))),
    ProposalCase(name: "after the finish", variant: "solo", before: [soloBase, soloScoops, Played(.topping(.cherries), 0)],
                 url: "?Base=base01&Scoops=scoops03&Topping=topping04", seat: 0, expected: .refused(.gameOver)),
]

@Suite("Proposals judged by Match.propose")
struct IceCreamProposalTableTests {
    @Test(arguments: proposalCases)
    func answer(_ testCase: ProposalCase) throws {
        var match = try match(testCase.variant, after: testCase.before)
        let before = match.state
        let proposal = try match.game.decode(url: testCase.url)
        var played: IceCreamMove?
        let refusal = violation { () throws(RuleViolation) in
            played = try match.propose(proposal, by: seat(testCase.seat), mover: "$mover").move
        }
        switch testCase.expected {
        case let .move(move):
            #expect(refusal == nil)
            #expect(played == move)
            #expect(match.state == proposal)
        case let .refused(expected):
            #expect(refusal == expected)
            #expect(match.state == before)
        }
    }

    /// The same mistake gets the same words whether it arrives as a move or as a proposal.
    @Test func proposalAndMoveAgree() {
        let game = IceCreamGame()
        let current = IceCream(base: .sugarCone)
        let asMove = violation { () throws(RuleViolation) in _ = try game.apply(.topping(.hotFudge), by: seat(1), to: current) }
        let asProposal = violation { () throws(RuleViolation) in
            _ = try game.inferMove(from: current, to: IceCream(base: .sugarCone, topping: .hotFudge), by: seat(1))
        }
        #expect(asMove != nil)
        #expect(asMove == asProposal)
    }

    /// The server hosts games through `AnyGame`, where proposals arrive as query items.
    @Test func throughAnyGame() throws {
        var match = AnyGame(IceCreamGame()).newMatch()
        #expect(match.prompt == "Select a base")
        let step = try match.propose(QueryString.items(in: "?Base=base03"), by: seat(0), mover: "$a")
        #expect(step.move == "base base03")
        #expect(step.texts.caption == "Let's build an ice cream")
        #expect(match.trueState == [QueryItem("Base", "base03")])
        #expect(throws: RuleViolation(.notYourTurn, "You made the previous step; someone else makes the next one.")) {
            _ = try match.propose(QueryString.items(in: "?Base=base03&Scoops=scoops01"), by: seat(0), mover: "$a")
        }
    }
}
