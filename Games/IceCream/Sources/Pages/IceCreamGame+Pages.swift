import GamePresentation
import GameRules

/// Ice Cream's pages: the ice cream as it stands, with its last step in words.
extension IceCreamGame: GamePresentation {
    /// The original app's URLs are only a query: `?Base=base01&Scoops=scoops03`.
    public static var originalPagePath: String? { "/" }

    public func stateCard(for iceCream: IceCream) -> StateCard {
        let lastPart = IceCream.Part.allCases.last { iceCream.has($0) }
        var before = iceCream
        if let lastPart { before = Self.removing(lastPart, from: iceCream) }
        let texts = lastPart.flatMap { IceCreamMove(choosing: $0, from: iceCream) }
            .map { self.texts(for: $0, by: Seat(0), mover: "Someone", from: before, to: iceCream) }
        let status = iceCream.isComplete ? "Finished" : (prompt(in: iceCream) ?? "")
        return StateCard(
            title: "Ice Cream", caption: texts?.caption ?? "An ice cream", subcaption: iceCream.spokenDescription,
            picture: IceCreamSVG(iceCream: iceCream).svg, status: status, label: texts?.accessibilityLabel)
    }

    public func truePicture(of iceCream: IceCream) -> String {
        IceCreamSVG(iceCream: iceCream).svg
    }

    /// A finished ice cream makes a sticker.
    public func sticker(of iceCream: IceCream) -> Canvas? {
        makesSticker(iceCream) ? IceCreamPicture.canvas(iceCream) : nil
    }

    public func makesSticker(_ iceCream: IceCream) -> Bool { iceCream.isComplete }

    private static func removing(_ part: IceCream.Part, from iceCream: IceCream) -> IceCream {
        var result = iceCream
        switch part {
        case .base: result.base = nil
        case .scoops: result.scoops = nil
        case .topping: result.topping = nil
        }
        return result
    }
}
