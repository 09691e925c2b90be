import GamePresentation
import IceCream
import Testing

/// One drawing of an ice cream: the sticker's pixels, the page's SVG and the web client's
/// module all hold the same shapes.
@Suite("Drawing an ice cream in pictures")
struct IceCreamPictureTests {
    /// The colour and opacity of the sticker's pixel at (x, y) of the 200x260 grid.
    func pixel(_ canvas: Canvas, _ x: Int, _ y: Int) -> (rgb: UInt32, alpha: UInt8) {
        let index = ((y * 2) * canvas.width + x * 2) * 4
        let p = canvas.pixels
        return (UInt32(p[index]) << 16 | UInt32(p[index + 1]) << 8 | UInt32(p[index + 2]), p[index + 3])
    }

    func sticker(_ topping: IceCream.Topping, scoops: IceCream.Scoops = .strawberry) throws -> Canvas {
        try #require(iceCreamGame("solo").sticker(of: IceCream(base: .waffleCone, scoops: scoops, topping: topping)))
    }

    @Test func hotFudgeIsASauceOverTheTopScoop() throws {
        let fudge = try #require(IceCreamPalette.toppings[.hotFudge])
        // Over the top scoop, away from where bits of a topping sit, and down a drip.
        #expect(pixel(try sticker(.hotFudge), 80, 62).rgb == fudge)
        #expect(pixel(try sticker(.hotFudge), 81, 96).rgb == fudge)
        // Below the drips the scoop shows.
        #expect(pixel(try sticker(.hotFudge), 100, 110).rgb == IceCreamPalette.scoops[.strawberry])
    }

    @Test func whippedCreamRisesAboveTheScoops() throws {
        let cream = pixel(try sticker(.whippedCream), 100, 38)
        #expect(cream.alpha == 255)
        #expect(cream.rgb == 0xffffff)
        // Above the top scoop, a sprinkled ice cream has nothing.
        #expect(pixel(try sticker(.rainbowSprinkles), 100, 38).alpha == 0)
    }

    @Test func cherriesHaveStemsAndBerriesTheirColours() throws {
        #expect(pixel(try sticker(.cherries), 112, 56).rgb == IceCreamPalette.toppings[.cherries])
        // A stem, above the cherries.
        #expect(pixel(try sticker(.cherries), 108, 23).rgb == 0x2f6b2f)
        // Fresh berries come in three colours, not one.
        let canvas = try sticker(.freshBerries)
        let colours = Set([(80, 70), (100, 58), (120, 72)].map { pixel(canvas, $0.0, $0.1).rgb })
        #expect(colours == Set(IceCreamPalette.berries))
    }

    @Test func thePageDrawsTheSameShapes() throws {
        let card = iceCreamGame("solo").stateCard(for: IceCream(base: .cup, scoops: .mango, topping: .hotFudge))
        // The sauce is one path, not seven dots.
        let topping = try #require(card.picture.split(separator: "<g class=\"part topping\"").last)
        #expect(topping.ranges(of: "<path").count == 1)
        #expect(!topping.contains("<circle"))
        #expect(card.picture.contains("<path d=\"M45 150 L155 150 L140 240 L60 240 Z\" fill=\"#ff9ecb\"/>"))
    }

    @Test func theWebClientIsGivenEveryChoicesShapes() throws {
        let module = String(decoding: try #require(IceCreamGame.webPresentation), as: UTF8.self)
        #expect(!module.contains("/* IceCreamShape */"))
        for part in IceCream.Part.allCases {
            #expect(module.contains("\"prompt\":\"\(part.prompt)\""))
            for choice in part.choices { #expect(module.contains("\"\(choice.value)\":[[")) }
        }
        // The same element as the page's.
        let card = iceCreamGame("solo").stateCard(for: IceCream(base: .cup))
        #expect(card.picture.contains("<path d=\"M45 150 L155 150 L140 240 L60 240 Z\" fill=\"#ff9ecb\"/>"))
        #expect(module.contains(##""base04":[["path",{"d":"M45 150 L155 150 L140 240 L60 240 Z","fill":"#ff9ecb"}]]"##))
    }
}
