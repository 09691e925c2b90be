import GameCatalog
import GamePresentation
import GameRules
import Stickers
import Testing

/// A finished ice cream drawn as a sticker: its parts where its page draws them, in their
/// colours, as a PNG a sticker may be.
@Suite struct GameStickerTests {
    static func canvas(_ query: String) throws -> Canvas? {
        let type = try #require(GameCatalog.standard.type(GameID(rawValue: "icecream")))
        return try type.sticker(of: QueryString.items(in: query))
    }

    static func pixel(_ canvas: Canvas, _ x: Int, _ y: Int) -> [UInt8] {
        let index = (y * canvas.width + x) * 4
        return Array(canvas.pixels[index..<index + 4])
    }

    @Test func aFinishedIceCreamIsDrawnInItsColours() throws {
        // A waffle cone (0xd9a066), chocolate scoops (0x6b3e26), rainbow sprinkles (0xff4fa3).
        let canvas = try #require(try Self.canvas("?Base=base01&Scoops=scoops02&Topping=topping01"))
        #expect(canvas.width == 400 && canvas.height == 520)
        #expect(Self.pixel(canvas, 5, 5) == [0, 0, 0, 0], "the ground is transparent")
        #expect(Self.pixel(canvas, 200, 330) == [0xd9, 0xa0, 0x66, 255], "the cone, below the scoops")
        #expect(Self.pixel(canvas, 140, 260) == [0x6b, 0x3e, 0x26, 255], "the left scoop")
        #expect(Self.pixel(canvas, 160, 140) == [0xff, 0x4f, 0xa3, 255], "the first sprinkle, at (80, 70) in the page's units")
        let edge = Self.pixel(canvas, 200 + 80, 260 - 1)
        #expect(edge[3] == 255, "inside the right scoop")
        // Anti-aliased: some pixel on the cone's slanted edge is partly covered.
        let slant = (300..<500).map { Self.pixel(canvas, 100 + ($0 - 300) / 2, $0)[3] }
        #expect(slant.contains { $0 > 0 && $0 < 255 })
    }

    @Test func anUnfinishedIceCreamMakesNoSticker() throws {
        #expect(try Self.canvas("?Base=base01&Scoops=scoops02") == nil)
        let battleship = try #require(GameCatalog.standard.type(GameID(rawValue: "battleship")))
        #expect(try battleship.sticker(of: QueryString.items(in: "?Ship_Location=0&Ship_Location=4&Is_Complete=1")) == nil)
    }

    @Test func itsPNGIsASticker() throws {
        let canvas = try #require(try Self.canvas("?Base=base04&Scoops=scoops07&Topping=topping03"))
        let png = try PNGEncoder.encode(width: canvas.width, height: canvas.height, rgba: canvas.pixels)
        #expect(try StickerImage.inspect(png) == StickerImage(format: .png, width: 400, height: 520, bytes: png.count))
        #expect(png.count < 20_000, "flat colours compress well: \(png.count) bytes")
        #expect(Array(png.suffix(12)) == [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82], "IEND and its CRC")
    }
}
