/// An ice cream drawn in ASCII for terminals, stacked as the original's stickers were: topping
/// over scoops over base. Each kind of part has its own shape and each choice its own fill
/// character, so a glance tells both; parts not chosen are left out, so the drawing grows.
public struct IceCreamDrawing: Hashable, Sendable {
    /// Every line is exactly this many columns, so a drawing can sit beside text.
    public static let width = 16

    /// The drawing, top line first; empty for an ice cream with nothing chosen.
    public let lines: [String]

    public init(_ iceCream: IceCream) {
        var lines: [String] = []
        if let topping = iceCream.topping { lines += Self.topping(fill: Self.fill(for: topping)) }
        if let scoops = iceCream.scoops { lines += Self.scoops(fill: Self.fill(for: scoops)) }
        if let base = iceCream.base { lines += Self.base(base, fill: Self.fill(for: base)) }
        self.lines = lines
    }

    /// The drawing as one string, lines joined by newlines.
    public var text: String { lines.joined(separator: "\n") }

    private static func topping(fill: Character) -> [String] {
        [
            row(5, ".", fill, 4, "."),
            row(4, "(", fill, 6, ")"),
        ]
    }

    private static func scoops(fill: Character) -> [String] {
        [
            row(3, ".", "-", 8, "."),
            row(2, "(", fill, 10, ")"),
            row(2, "(", fill, 10, ")"),
            row(3, "'", "-", 8, "'"),
        ]
    }

    private static func base(_ base: IceCream.Base, fill: Character) -> [String] {
        guard base != .cup else {
            return [
                row(2, "|", fill, 10, "|"),
                row(2, "|", fill, 10, "|"),
                row(3, "\\", fill, 8, "/"),
                row(4, "'", "-", 6, "'"),
            ]
        }
        // A cone narrows by one column a side per line down to its tip.
        return stride(from: 10, through: 0, by: -2).map { inner in
            row((width - inner) / 2 - 1, "\\", fill, inner, "/")
        }
    }

    /// A line centred in `width`: `indent` spaces, the edges around `count` fill characters.
    private static func row(_ indent: Int, _ left: Character, _ fill: Character, _ count: Int, _ right: Character) -> String {
        let body = String(left) + String(repeating: fill, count: count) + String(right)
        let line = String(repeating: " ", count: indent) + body
        return line + String(repeating: " ", count: width - line.count)
    }

    private static func fill(for base: IceCream.Base) -> Character {
        switch base {
        case .waffleCone: "#"
        case .sugarCone: "="
        case .cakeCone: ":"
        case .cup: "+"
        }
    }

    private static func fill(for scoops: IceCream.Scoops) -> Character {
        switch scoops {
        case .vanilla: "o"
        case .chocolate: "@"
        case .strawberry: "%"
        case .mintChocolateChip: "*"
        case .pistachio: "&"
        case .cookiesAndCream: "8"
        case .saltedCaramel: "$"
        case .mango: "~"
        case .blueberry: "+"
        case .coffee: "="
        }
    }

    private static func fill(for topping: IceCream.Topping) -> Character {
        switch topping {
        case .rainbowSprinkles: ":"
        case .hotFudge: "~"
        case .whippedCream: "m"
        case .cherries: "6"
        case .caramelSauce: "s"
        case .choppedNuts: "n"
        case .chocolateChips: "v"
        case .marshmallows: "0"
        case .gummyBears: "g"
        case .cookieCrumbs: ","
        case .toastedCoconut: "'"
        case .freshBerries: "*"
        }
    }
}
