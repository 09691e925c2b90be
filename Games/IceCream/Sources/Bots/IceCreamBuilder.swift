import GameRules

/// A way of choosing an ice cream's next part. The move is always for `nextPart`, so a
/// builder never breaks the building order, whatever came before.
public protocol IceCreamBuilder: Sendable {
    /// The step that adds the next missing part, or `nil` when the ice cream is complete.
    func nextMove(for iceCream: IceCream, using generator: inout some RandomNumberGenerator) -> IceCreamMove?
}

/// Any choice for the next part, uniformly.
public struct RandomBuilder: IceCreamBuilder {
    public init() {}

    public func nextMove(for iceCream: IceCream, using generator: inout some RandomNumberGenerator) -> IceCreamMove? {
        switch iceCream.nextPart {
        case .base?: IceCream.Base.allCases.randomElement(using: &generator).map(IceCreamMove.base)
        case .scoops?: IceCream.Scoops.allCases.randomElement(using: &generator).map(IceCreamMove.scoops)
        case .topping?: IceCream.Topping.allCases.randomElement(using: &generator).map(IceCreamMove.topping)
        case nil: nil
        }
    }
}

/// Builds one fixed ice cream: each step adds the recipe's choice for the part that is
/// missing. Parts someone else chose first stay as they are (the rules forbid changing
/// them), so the recipe is followed from wherever the ice cream stands.
public struct RecipeBuilder: IceCreamBuilder, Hashable {
    public let name: String
    /// Complete: every part chosen.
    public let recipe: IceCream

    public init(name: String, base: IceCream.Base, scoops: IceCream.Scoops, topping: IceCream.Topping) {
        self.name = name
        recipe = IceCream(base: base, scoops: scoops, topping: topping)
    }

    public func nextMove(for iceCream: IceCream, using generator: inout some RandomNumberGenerator) -> IceCreamMove? {
        iceCream.nextPart.flatMap { IceCreamMove(choosing: $0, from: recipe) }
    }

    /// A few named recipes, so a bot can be asked for one by name (`parley bot --recipe`).
    public static let named: [RecipeBuilder] = [
        RecipeBuilder(name: "classic", base: .waffleCone, scoops: .vanilla, topping: .hotFudge),
        RecipeBuilder(name: "berry", base: .cup, scoops: .strawberry, topping: .freshBerries),
        RecipeBuilder(name: "mocha", base: .sugarCone, scoops: .coffee, topping: .chocolateChips),
    ]

    /// The named recipe called `name`, if there is one.
    public static func named(_ name: String) -> RecipeBuilder? {
        named.first { $0.name == name }
    }
}
