import IceCream
import Testing

@Suite("Drawing an ice cream for terminals")
struct IceCreamDrawingTests {
    @Test func aWholeIceCream() {
        let drawing = IceCreamDrawing(IceCream(base: .waffleCone, scoops: .strawberry, topping: .rainbowSprinkles))
        #expect(drawing.lines == [
            "     .::::.     ",
            "    (::::::)    ",
            "   .--------.   ",
            "  (%%%%%%%%%%)  ",
            "  (%%%%%%%%%%)  ",
            "   '--------'   ",
            "  \\##########/  ",
            "   \\########/   ",
            "    \\######/    ",
            "     \\####/     ",
            "      \\##/      ",
            "       \\/       ",
        ])
    }

    @Test func aCup() {
        #expect(IceCreamDrawing(IceCream(base: .cup)).lines == [
            "  |++++++++++|  ",
            "  |++++++++++|  ",
            "   \\++++++++/   ",
            "    '------'    ",
        ])
    }

    @Test func growsAsPartsAreAdded() {
        for base in IceCream.Base.allCases {
            let steps = [
                IceCream.empty, IceCream(base: base), IceCream(base: base, scoops: .mango),
                IceCream(base: base, scoops: .mango, topping: .gummyBears),
            ]
            let counts = steps.map { IceCreamDrawing($0).lines.count }
            #expect(counts[0] == 0)
            #expect(zip(counts, counts.dropFirst()).allSatisfy { $0 < $1 })
        }
    }

    @Test func everyLineHasTheSameWidth() {
        for base in IceCream.Base.allCases {
            for scoops in IceCream.Scoops.allCases {
                for topping in IceCream.Topping.allCases {
                    let lines = IceCreamDrawing(IceCream(base: base, scoops: scoops, topping: topping)).lines
                    #expect(lines.allSatisfy { $0.count == IceCreamDrawing.width })
                }
            }
        }
        #expect(IceCreamDrawing.width <= 24)
    }

    /// Each choice has its own fill, so two different ice creams never look the same.
    @Test func differentIceCreamsLookDifferent() {
        var seen: Set<[String]> = []
        for base in IceCream.Base.allCases {
            for scoops in IceCream.Scoops.allCases {
                for topping in IceCream.Topping.allCases {
                    seen.insert(IceCreamDrawing(IceCream(base: base, scoops: scoops, topping: topping)).lines)
                }
            }
        }
        #expect(seen.count == 4 * 10 * 12)
    }
}
