import GamePresentation

/// A finished ice cream in pixels, for its sticker: the shapes its page's SVG draws
/// (`IceCreamShape`), base, then scoops, then topping, at twice the page's size (400x520).
enum IceCreamPicture {
    static func canvas(_ iceCream: IceCream, scale: Double = 2) -> Canvas {
        var canvas = Canvas(width: 200, height: 260, scale: scale)
        for (_, _, shapes) in IceCreamShape.shapes(of: iceCream) {
            for shape in shapes { shape.paint(on: &canvas) }
        }
        return canvas
    }
}
