import GamePresentation

/// An ice cream as SVG, stacked as the original's sticker was: the topping over the scoops
/// over the base, each part drawn with its shapes (`IceCreamShape`) in a group with its name in
/// a title for screen readers.
struct IceCreamSVG {
    let iceCream: IceCream

    var svg: String {
        var parts = [
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"200\" height=\"260\" viewBox=\"0 0 200 260\" role=\"img\" "
                + "aria-label=\"\(HTML.escaped(iceCream.spokenDescription))\" class=\"icecream\">",
        ]
        for (part, value, shapes) in IceCreamShape.shapes(of: iceCream) {
            let name = iceCream.displayName(of: part) ?? value
            parts.append(
                "<g class=\"part \(part.name)\" data-value=\"\(HTML.escaped(value))\"><title>\(part.name): \(HTML.escaped(name))</title>"
                    + shapes.map(\.element.markup).joined() + "</g>")
        }
        if iceCream.base == nil && iceCream.scoops == nil && iceCream.topping == nil {
            parts.append("<text x=\"100\" y=\"130\" text-anchor=\"middle\" fill=\"#6e6e73\">nothing chosen yet</text>")
        }
        parts.append("</svg>")
        return parts.joined(separator: "\n")
    }
}
