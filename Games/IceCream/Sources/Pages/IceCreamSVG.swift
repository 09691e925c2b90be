import GamePresentation

/// An ice cream as SVG, stacked as the original's sticker was: the topping over the scoops
/// over the base. Each part has its own colour, and its name in a title for screen readers.
struct IceCreamSVG {
    let iceCream: IceCream

    var svg: String {
        var parts = [
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"200\" height=\"260\" viewBox=\"0 0 200 260\" role=\"img\" "
                + "aria-label=\"\(HTML.escaped(iceCream.spokenDescription))\" class=\"icecream\">",
        ]
        if let base = iceCream.base {
            let colour = Self.baseColours[base] ?? "#d9a066"
            let shape = base == .cup
                ? "<path d=\"M45 150 L155 150 L140 240 L60 240 Z\" fill=\"\(colour)\"/>"
                : "<path d=\"M50 150 L150 150 L100 250 Z\" fill=\"\(colour)\"/>"
                    + "<path d=\"M62 170 L138 170 M74 195 L126 195 M86 220 L114 220\" stroke=\"#8a5a2b\" stroke-width=\"2\"/>"
            parts.append("<g class=\"part base\" data-value=\"\(base.rawValue)\"><title>base: \(base.displayName)</title>\(shape)</g>")
        }
        if let scoops = iceCream.scoops {
            let colour = Self.scoopColours[scoops] ?? "#f3e5ab"
            parts.append(
                "<g class=\"part scoops\" data-value=\"\(scoops.rawValue)\"><title>scoops: \(scoops.displayName)</title>"
                    + "<circle cx=\"70\" cy=\"130\" r=\"36\" fill=\"\(colour)\"/><circle cx=\"130\" cy=\"130\" r=\"36\" fill=\"\(colour)\"/>"
                    + "<circle cx=\"100\" cy=\"92\" r=\"40\" fill=\"\(colour)\" stroke=\"#00000022\"/></g>")
        }
        if let topping = iceCream.topping {
            let colour = Self.toppingColours[topping] ?? "#ff6f91"
            let dots = [(80, 70), (100, 58), (120, 72), (92, 84), (112, 90), (70, 96), (130, 100)]
                .map { "<circle cx=\"\($0.0)\" cy=\"\($0.1)\" r=\"5\" fill=\"\(colour)\"/>" }.joined()
            parts.append("<g class=\"part topping\" data-value=\"\(topping.rawValue)\"><title>topping: \(topping.displayName)</title>\(dots)</g>")
        }
        if iceCream.base == nil && iceCream.scoops == nil && iceCream.topping == nil {
            parts.append("<text x=\"100\" y=\"130\" text-anchor=\"middle\" fill=\"#6e6e73\">nothing chosen yet</text>")
        }
        parts.append("</svg>")
        return parts.joined(separator: "\n")
    }

    static let baseColours = IceCreamPalette.bases.mapValues(IceCreamPalette.hex)
    static let scoopColours = IceCreamPalette.scoops.mapValues(IceCreamPalette.hex)
    static let toppingColours = IceCreamPalette.toppings.mapValues(IceCreamPalette.hex)
}
