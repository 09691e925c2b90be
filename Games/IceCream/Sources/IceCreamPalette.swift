/// The colours of an ice cream's parts, as its page paints them (`0xRRGGBB`): one palette for
/// the page's SVG, the sticker, the web client and the terminal's 24-bit colours.
public enum IceCreamPalette {
    public static let bases: [IceCream.Base: UInt32] = [
        .waffleCone: 0xd9a066, .sugarCone: 0xe8c48a, .cakeCone: 0xf2dcb3, .cup: 0xff9ecb,
    ]
    public static let scoops: [IceCream.Scoops: UInt32] = [
        .vanilla: 0xf7efcf, .chocolate: 0x6b3e26, .strawberry: 0xf7a1b5, .mintChocolateChip: 0xb8f2d8,
        .pistachio: 0xb5d99c, .cookiesAndCream: 0xe0dcd5, .saltedCaramel: 0xd89b57, .mango: 0xffc24b,
        .blueberry: 0x8c9eff, .coffee: 0xa47551,
    ]
    public static let toppings: [IceCream.Topping: UInt32] = [
        .rainbowSprinkles: 0xff4fa3, .hotFudge: 0x4a2511, .whippedCream: 0xffffff, .cherries: 0xd2042d,
        .caramelSauce: 0xc68e17, .choppedNuts: 0x8b5a2b, .chocolateChips: 0x3b2314, .marshmallows: 0xfff5f8,
        .gummyBears: 0xff6f91, .cookieCrumbs: 0xc49a6c, .toastedCoconut: 0xc8a06a, .freshBerries: 0x5b2a86,
    ]
    /// The bits of a topping of several colours, in turn.
    public static let rainbow: [UInt32] = [0xff4fa3, 0xffd23f, 0x3ec1d3, 0x7bd389, 0xff8c42, 0x9b5de5]
    public static let gummies: [UInt32] = [0xff6f91, 0xffd23f, 0x7bd389, 0xff8c42, 0x3ec1d3]
    public static let berries: [UInt32] = [0x5b2a86, 0xc2185b, 0x3f51b5]

    /// `#rrggbb`, for a page.
    public static func hex(_ rgb: UInt32) -> String {
        let digits = String(rgb, radix: 16)
        return "#" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits
    }
}
