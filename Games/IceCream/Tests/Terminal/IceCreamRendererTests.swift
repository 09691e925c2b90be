import IceCream
import GamePresentation
import Testing

@Suite("Ice cream and its picker")
struct IceCreamRendererTests {
    let renderer = IceCreamRenderer(mode: .plain)

    @Test func anIceCreamWithItsPicker() {
        let lines = renderer.builder(IceCream(base: .waffleCone, scoops: .strawberry), selection: 2, width: 80)
        #expect(lines.plain == [
            "   .--------.                           Finish with a topping:",
            "  (%%%%%%%%%%)    scoops: strawberry      rainbow sprinkles",
            "  (%%%%%%%%%%)                            hot fudge",
            "   '--------'                           > whipped cream",
            "  \\##########/                            cherries",
            "   \\########/                             caramel sauce",
            "    \\######/      base: waffle cone       chopped nuts",
            "     \\####/                               chocolate chips",
            "      \\##/                                marshmallows",
            "       \\/                                 gummy bears",
            "                                          cookie crumbs",
            "                                          toasted coconut",
            "                                          fresh berries",
        ])
    }

    @Test func namesGoBelowWhenTheyDoNotFitBeside() {
        let lines = renderer.drawing(IceCream(base: .cup, scoops: .mango, topping: .cherries), width: 20).plain
        #expect(lines.count == 2 + 4 + 4 + 3)
        #expect(lines.suffix(3) == ["topping: cherries", "scoops: mango", "base: cup"])
        #expect(renderer.drawing(.empty, width: 80).plain == ["(nothing chosen yet)"])
    }

    @Test func aLongPickerShowsTheWindowAroundTheSelection() {
        let scoops = IceCream(base: .cup)
        #expect(renderer.picker(for: scoops, selection: 9, height: 4).plain == [
            "Add some scoops:", "  mango", "  blueberry", "> coffee",
        ])
        #expect(renderer.picker(for: scoops, selection: 4, height: 4).plain == [
            "Add some scoops:", "  mint chocolate chip", "> pistachio", "  cookies and cream",
        ])
        // Out of range is clamped, never a crash.
        #expect(renderer.picker(for: .empty, selection: -3).plain == [
            "Select a base:", "> waffle cone", "  sugar cone", "  cake cone", "  cup",
        ])
        #expect(renderer.picker(for: IceCream(base: .cup, scoops: .mango, topping: .cherries), selection: 0).isEmpty)
    }

    @Test func theSelectionIsReversedInColour() {
        let lines = IceCreamRenderer(mode: .colour).picker(for: .empty, selection: 1)
        #expect(lines[2].render(.colour) == "\u{1B}[1m> \u{1B}[0m\u{1B}[7msugar cone\u{1B}[0m")
    }

    @Test func aChoiceIsTheNextStateToPropose() {
        let choices = IceCreamChoice.choices(for: IceCream(base: .cup))
        #expect(choices.count == IceCream.Scoops.allCases.count)
        #expect(choices[2] == IceCreamChoice(part: .scoops, value: "scoops03", name: "strawberry"))
        #expect(choices[2].applied(to: IceCream(base: .cup)) == IceCream(base: .cup, scoops: .strawberry))
        #expect(IceCreamChoice.choices(for: IceCream(base: .cup, scoops: .mango, topping: .cherries)).isEmpty)
    }

    @Test func aNarrowBuilderStacksThePickerUnderTheDrawing() {
        let lines = renderer.builder(IceCream(base: .cup), selection: 0, width: 30, height: 12).plain
        #expect(lines.count == 12)
        #expect(lines[4] == "")
        #expect(lines[5] == "Add some scoops:")
        #expect(lines[6] == "> vanilla")
        #expect(lines.allSatisfy { $0.count <= 30 })
    }
}
