import GameRules
import IceCream
import Testing

@Suite("Captions, summaries and prompts")
struct IceCreamTextsTests {
    @Test func eachStepOfAGroupIceCream() throws {
        var match = Match(game: IceCreamGame())
        #expect(match.game.prompt(in: match.state) == "Select a base")

        let first = try match.play(.base(.waffleCone), by: seat(0), mover: "$alice")
        #expect(first.texts == StepTexts(
            caption: "Let's build an ice cream",
            summary: "$alice chose a base",
            accessibilityLabel: "Ice cream: waffle cone."))
        #expect(match.game.prompt(in: match.state) == "Add some scoops")

        let second = try match.play(.scoops(.strawberry), by: seat(1), mover: "$bob")
        #expect(second.texts == StepTexts(
            caption: "I added some scoops",
            summary: "$bob added scoops",
            accessibilityLabel: "Ice cream: waffle cone with strawberry scoops."))
        #expect(match.game.prompt(in: match.state) == "Finish with a topping")

        let third = try match.play(.topping(.chocolateChips), by: seat(0), mover: "$alice")
        #expect(third.texts == StepTexts(
            caption: "Our finished ice cream",
            summary: "$alice finished an ice cream",
            accessibilityLabel: "Ice cream: waffle cone with strawberry scoops and chocolate chips on top."))
        #expect(match.game.prompt(in: match.state) == nil)
        #expect(third.outcome == .finished(winners: [], losers: []))
    }

    /// A URL may hold a topping without scoops; the scoops then finish it, and the texts say so.
    @Test func scoopsThatFinish() throws {
        let game = IceCreamGame(), before = IceCream(base: .cup, topping: .cherries)
        let move = try game.inferMove(from: before, to: IceCream(base: .cup, scoops: .mango, topping: .cherries), by: seat(2))
        #expect(move == .scoops(.mango))
        let after = try game.apply(move, by: seat(2), to: before)
        let texts = game.texts(for: move, by: seat(2), mover: "$carol", from: before, to: after)
        #expect(texts.caption == "Our finished ice cream")
        #expect(texts.summary == "$carol finished an ice cream")
        #expect(texts.accessibilityLabel == "Ice cream: cup with mango scoops and cherries on top.")
    }

    @Test func spokenDescriptions() {
        #expect(IceCream.empty.spokenDescription == "nothing chosen yet")
        #expect(IceCream(base: .cakeCone).spokenDescription == "cake cone")
        #expect(IceCream(base: .cakeCone, topping: .hotFudge).spokenDescription == "cake cone with hot fudge on top")
        #expect(IceCream(scoops: .vanilla).spokenDescription == "vanilla scoops")
    }

    @Test func everyChoiceHasItsOwnName() {
        let names = IceCream.Base.allCases.map(\.displayName) + IceCream.Scoops.allCases.map(\.displayName)
            + IceCream.Topping.allCases.map(\.displayName)
        #expect(Set(names).count == 4 + 10 + 12)
        #expect(IceCream.Scoops.allCases.map(\.rawValue).last == "scoops10")
        #expect(IceCream.Topping.allCases.map(\.rawValue).last == "topping12")
    }

    @Test func groupOutOfTurnSaysWhy() {
        let game = IceCreamGame()
        #expect(game.outOfTurn(seat(0), in: IceCream(base: .cup)).reason
            == "You made the previous step; someone else makes the next one.")
    }
}
