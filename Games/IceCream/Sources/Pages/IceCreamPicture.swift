import GamePresentation

/// A finished ice cream in pixels, for its sticker: the same shapes and colours as its page's
/// SVG (`IceCreamSVG`), base, then scoops, then topping, at twice the page's size (400x520).
enum IceCreamPicture {
    static func canvas(_ iceCream: IceCream, scale: Double = 2) -> Canvas {
        var canvas = Canvas(width: 200, height: 260, scale: scale)
        if let base = iceCream.base {
            let colour = IceCreamPalette.bases[base] ?? 0xd9a066
            if base == .cup {
                canvas.fill(polygon: [(45, 150), (155, 150), (140, 240), (60, 240)], colour: colour)
            } else {
                canvas.fill(polygon: [(50, 150), (150, 150), (100, 250)], colour: colour)
                for (x1, x2, y) in [(62.0, 138.0, 170.0), (74, 126, 195), (86, 114, 220)] {
                    canvas.line(from: x1, y, to: x2, y, thickness: 2, colour: 0x8a5a2b)
                }
            }
        }
        if let scoops = iceCream.scoops {
            let colour = IceCreamPalette.scoops[scoops] ?? 0xf3e5ab
            canvas.fill(circle: 70, 130, radius: 36, colour: colour)
            canvas.fill(circle: 130, 130, radius: 36, colour: colour)
            canvas.fill(circle: 100, 92, radius: 40, colour: colour)
        }
        if let topping = iceCream.topping {
            let colour = IceCreamPalette.toppings[topping] ?? 0xff6f91
            for (x, y) in [(80.0, 70.0), (100, 58), (120, 72), (92, 84), (112, 90), (70, 96), (130, 100)] {
                canvas.fill(circle: x, y, radius: 5, colour: colour)
            }
        }
        return canvas
    }
}
