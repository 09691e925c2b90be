import GamePresentation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one drawing of an ice cream, on a 200x260 grid: each choice of each part as a few
/// shapes, base, then scoops, then topping over them. The state page's SVG (`IceCreamSVG`),
/// the sticker's pixels (`IceCreamPicture`) and the web client (its module is given these
/// shapes, `IceCreamGame.webPresentation`) all draw from it, so an ice cream looks the same
/// wherever it is seen.
enum IceCreamShape: Equatable, Sendable {
    typealias Point = (x: Double, y: Double)

    /// A colour `0xRRGGBB` and how opaque it is.
    struct Paint: Equatable, Sendable {
        var rgb: UInt32
        var opacity = 1.0
    }

    /// A filled polygon, its edge drawn in `outline` when there is one.
    case polygon([Point], fill: Paint, outline: Paint?)
    case ellipse(centre: Point, rx: Double, ry: Double, fill: Paint, outline: Paint?)
    /// A line through `points`, `width` wide, with round ends and joins.
    case line([Point], width: Double, colour: Paint)

    static func circle(_ x: Double, _ y: Double, _ r: Double, fill: Paint, outline: Paint? = nil) -> Self {
        .ellipse(centre: (x, y), rx: r, ry: r, fill: fill, outline: outline)
    }

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.element == rhs.element }
}

extension IceCreamShape {
    /// The shapes of one choice of a part, by the part's query item and the choice's URL value.
    static func shapes(of part: IceCream.Part, _ value: String) -> [IceCreamShape] {
        switch part {
        case .base: IceCream.Base(rawValue: value).map(base) ?? []
        case .scoops: IceCream.Scoops(rawValue: value).map(scoops) ?? []
        case .topping: IceCream.Topping(rawValue: value).map(topping) ?? []
        }
    }

    /// The shapes of every part `iceCream` has, in the order they are drawn.
    static func shapes(of iceCream: IceCream) -> [(part: IceCream.Part, value: String, shapes: [IceCreamShape])] {
        IceCream.Part.allCases.compactMap { part in
            iceCream.value(of: part).map { (part, $0, shapes(of: part, $0)) }
        }
    }

    private static let outline = Paint(rgb: 0x000000, opacity: 0.15)
    /// Small bits have a darker edge, so that they show on scoops of their own colour.
    private static let bitOutline = Paint(rgb: 0x000000, opacity: 0.27)

    static func base(_ base: IceCream.Base) -> [IceCreamShape] {
        let fill = Paint(rgb: IceCreamPalette.bases[base] ?? 0xd9a066)
        if base == .cup { return [.polygon([(45, 150), (155, 150), (140, 240), (60, 240)], fill: fill, outline: nil)] }
        return [.polygon([(50, 150), (150, 150), (100, 250)], fill: fill, outline: nil)]
            + [(62.0, 138.0, 170.0), (74, 126, 195), (86, 114, 220)].map { x1, x2, y in
                .line([(x1, y), (x2, y)], width: 2, colour: Paint(rgb: 0x8a5a2b))
            }
    }

    static func scoops(_ scoops: IceCream.Scoops) -> [IceCreamShape] {
        let fill = Paint(rgb: IceCreamPalette.scoops[scoops] ?? 0xf3e5ab)
        return [circle(70, 130, 36, fill: fill, outline: outline), circle(130, 130, 36, fill: fill, outline: outline),
                circle(100, 92, 40, fill: fill, outline: outline)]
    }

    /// Where the bits of a topping sit, on the top scoop.
    private static let spots: [Point] = [(80, 70), (100, 58), (120, 72), (92, 84), (112, 90), (70, 96), (130, 100)]

    static func topping(_ topping: IceCream.Topping) -> [IceCreamShape] {
        let colour = IceCreamPalette.toppings[topping] ?? 0xff6f91
        switch topping {
        case .rainbowSprinkles: return rods(width: 3, colours: IceCreamPalette.rainbow)
        case .toastedCoconut: return rods(width: 3, colours: [colour])
        case .hotFudge, .caramelSauce: return [sauce(colour)]
        case .whippedCream:
            return [(58.0, 32.0, 11.0), (47, 24, 10), (37, 15, 8), (29, 7, 5)].map { cy, rx, ry in
                .ellipse(centre: (100, cy), rx: rx, ry: ry, fill: Paint(rgb: colour), outline: outline)
            }
        case .cherries:
            let stem = Paint(rgb: 0x2f6b2f), shine = Paint(rgb: 0xffffff, opacity: 0.6)
            return [
                .line(curve(from: (90, 50), via: (94, 30), to: (108, 22)), width: 2, colour: stem),
                .line(curve(from: (112, 52), via: (110, 34), to: (108, 22)), width: 2, colour: stem),
                circle(90, 54, 10, fill: Paint(rgb: colour)), circle(112, 56, 10, fill: Paint(rgb: colour)),
                circle(87, 51, 3, fill: shine), circle(109, 53, 3, fill: shine),
            ]
        case .choppedNuts: return pieces(size: 7, round: 1, colour: colour)
        case .chocolateChips: return dots(radius: 4, colours: [colour])
        case .marshmallows: return pieces(size: 9, round: 3, colour: colour)
        case .gummyBears: return dots(radius: 6, colours: IceCreamPalette.gummies)
        case .cookieCrumbs: return pieces(size: 6, round: 0, colour: colour)
        case .freshBerries: return dots(radius: 6, colours: IceCreamPalette.berries)
        }
    }

    private static func dots(radius: Double, colours: [UInt32]) -> [IceCreamShape] {
        spots.enumerated().map { index, spot in
            circle(spot.x, spot.y, radius, fill: Paint(rgb: colours[index % colours.count]), outline: bitOutline)
        }
    }

    /// Short rods, each turned its own way.
    private static func rods(width: Double, colours: [UInt32]) -> [IceCreamShape] {
        spots.enumerated().map { index, spot in
            let ends = [(spot.x - 4, spot.y - 2), (spot.x + 4, spot.y + 2)]
            return .line(turned(ends, by: Double(index * 53 % 180), about: spot), width: width,
                         colour: Paint(rgb: colours[index % colours.count]))
        }
    }

    /// Squares of `size`, corners rounded by `round`, each turned its own way.
    private static func pieces(size: Double, round: Double, colour: UInt32) -> [IceCreamShape] {
        spots.enumerated().map { index, spot in
            let half = size / 2
            let corners: [Point] = [(half - round, half - round), (-half + round, half - round),
                                    (-half + round, -half + round), (half - round, -half + round)]
            var outline: [Point] = []
            for (index, corner) in corners.enumerated() {
                let steps = round > 0 ? 3 : 0
                for step in 0...steps {
                    let angle = (Double(index) + Double(step) / Double(max(steps, 1))) * .pi / 2
                    outline.append((spot.x + corner.x + round * cos(angle), spot.y + corner.y + round * sin(angle)))
                }
            }
            return .polygon(turned(outline, by: Double(index * 37 % 90), about: spot), fill: Paint(rgb: colour), outline: bitOutline)
        }
    }

    /// A sauce poured over the top scoop, dripping down its sides: the scoop's top, from
    /// (62, 80) over to (138, 80), then drips back along the bottom.
    private static func sauce(_ colour: UInt32) -> IceCreamShape {
        // The arc of radius 40 through both ends, over the top.
        let centre: Point = (100, 80 + (1600.0 - 38 * 38).squareRoot())
        let from = atan2(80 - centre.y, 62 - centre.x), to = atan2(80 - centre.y, 138 - centre.x)
        var points: [Point] = (0...16).map { step in
            let angle = from + (to - from) * Double(step) / 16
            return (centre.x + 40 * cos(angle), centre.y + 40 * sin(angle))
        }
        let drips: [(Point, Point, Point, Point)] = [
            ((139, 90), (136, 104), (132, 92), (124, 88)), ((124, 88), (120, 110), (114, 90), (104, 92)),
            ((104, 92), (100, 104), (96, 92), (86, 90)), ((86, 90), (82, 108), (76, 90), (66, 92)),
            ((66, 92), (62, 100), (61, 88), (61, 88)),
        ]
        for (start, via, end, next) in drips {
            points += curve(from: start, via: via, to: end)
            if next != end { points.append(next) }
        }
        return .polygon(points, fill: Paint(rgb: colour), outline: nil)
    }

    /// A quadratic curve as a few straight steps.
    private static func curve(from start: Point, via control: Point, to end: Point) -> [Point] {
        (0...8).map { step in
            let t = Double(step) / 8, u = 1 - t
            return (u * u * start.x + 2 * u * t * control.x + t * t * end.x, u * u * start.y + 2 * u * t * control.y + t * t * end.y)
        }
    }

    private static func turned(_ points: [Point], by degrees: Double, about centre: Point) -> [Point] {
        let angle = degrees * .pi / 180
        return points.map { point in
            let (dx, dy) = (point.x - centre.x, point.y - centre.y)
            return (centre.x + dx * cos(angle) - dy * sin(angle), centre.y + dx * sin(angle) + dy * cos(angle))
        }
    }
}

/// A shape as one SVG element: its tag and attributes, in order.
struct SVGElement: Equatable, Sendable {
    let tag: String
    let attributes: [Attribute]

    struct Attribute: Equatable, Sendable {
        let name: String
        let value: String
    }

    var markup: String {
        "<\(tag)" + attributes.map { " \($0.name)=\"\(HTML.escaped($0.value))\"" }.joined() + "/>"
    }

    /// `["path", {"d": "…", "fill": "…"}]`, as the web client's module reads it.
    var json: String {
        "[\(JSON.string(tag)),{" + attributes.map { "\(JSON.string($0.name)):\(JSON.string($0.value))" }.joined(separator: ",") + "}]"
    }
}

extension IceCreamShape {
    var element: SVGElement {
        switch self {
        case let .polygon(points, fill, outline):
            let d = "M" + points.map { "\(Self.number($0.x)) \(Self.number($0.y))" }.joined(separator: " L") + " Z"
            return SVGElement(tag: "path", attributes: [.init(name: "d", value: d)] + Self.paint(fill, outline))
        case let .ellipse(centre, rx, ry, fill, outline):
            let place: [SVGElement.Attribute] = rx == ry
                ? [.init(name: "cx", value: Self.number(centre.x)), .init(name: "cy", value: Self.number(centre.y)), .init(name: "r", value: Self.number(rx))]
                : [.init(name: "cx", value: Self.number(centre.x)), .init(name: "cy", value: Self.number(centre.y)),
                   .init(name: "rx", value: Self.number(rx)), .init(name: "ry", value: Self.number(ry))]
            return SVGElement(tag: rx == ry ? "circle" : "ellipse", attributes: place + Self.paint(fill, outline))
        case let .line(points, width, colour):
            let d = "M" + points.map { "\(Self.number($0.x)) \(Self.number($0.y))" }.joined(separator: " L")
            return SVGElement(tag: "path", attributes: [
                .init(name: "d", value: d), .init(name: "fill", value: "none"), .init(name: "stroke", value: Self.colour(colour)),
                .init(name: "stroke-width", value: Self.number(width)), .init(name: "stroke-linecap", value: "round"),
                .init(name: "stroke-linejoin", value: "round"),
            ])
        }
    }

    private static func paint(_ fill: Paint, _ outline: Paint?) -> [SVGElement.Attribute] {
        [.init(name: "fill", value: colour(fill))] + (outline.map { [.init(name: "stroke", value: colour($0))] } ?? [])
    }

    /// `#rrggbb`, or `#rrggbbaa` when not opaque.
    static func colour(_ paint: Paint) -> String {
        let opaque = IceCreamPalette.hex(paint.rgb)
        guard paint.opacity < 1 else { return opaque }
        let alpha = String(Int((paint.opacity * 255).rounded()), radix: 16)
        return opaque + (alpha.count < 2 ? "0" : "") + alpha
    }

    /// A coordinate with at most two decimals: "80", "92.49".
    static func number(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let whole = String(abs(hundredths) / 100), part = abs(hundredths) % 100
        let sign = hundredths < 0 ? "-" : ""
        if part == 0 { return sign + whole }
        return sign + whole + "." + (part % 10 == 0 ? String(part / 10) : (part < 10 ? "0" : "") + String(part))
    }

    /// The shape in pixels, as its element draws it.
    func paint(on canvas: inout Canvas) {
        switch self {
        case let .polygon(points, fill, outline):
            canvas.fill(polygon: points.map { ($0.x, $0.y) }, colour: fill.rgb, opacity: fill.opacity)
            if let outline {
                canvas.stroke(path: points.map { ($0.x, $0.y) }, closed: true, thickness: 1, colour: outline.rgb, opacity: outline.opacity)
            }
        case let .ellipse(centre, rx, ry, fill, outline):
            canvas.fill(ellipse: centre.x, centre.y, rx: rx, ry: ry, colour: fill.rgb, opacity: fill.opacity)
            if let outline {
                canvas.stroke(ellipse: centre.x, centre.y, rx: rx, ry: ry, thickness: 1, colour: outline.rgb, opacity: outline.opacity)
            }
        case let .line(points, width, colour):
            canvas.stroke(path: points.map { ($0.x, $0.y) }, closed: false, thickness: width, colour: colour.rgb, opacity: colour.opacity)
        }
    }
}

/// Just enough JSON for the drawing handed to the web client: strings and the shapes' lists.
enum JSON {
    static func string(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "<": result += "\\u003c"
            case _ where scalar.value < 0x20: result += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
