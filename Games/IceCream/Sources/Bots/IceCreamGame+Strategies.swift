import GameRules

/// Ice Cream's bots: `random` picks any choice for each part; each named recipe
/// (`RecipeBuilder.named`: classic, berry, mocha) builds that ice cream from wherever it stands.
extension IceCreamGame {
    public static var strategies: [String] { ["random"] + RecipeBuilder.named.map(\.name) }

    public func strategy(named name: String) -> (any GameStrategy)? {
        if name == "random" { return IceCreamStrategy(bot: IceCreamBot(game: self, builder: RandomBuilder())) }
        return RecipeBuilder.named(name).map { IceCreamStrategy(bot: IceCreamBot(game: self, builder: $0)) }
    }
}

struct IceCreamStrategy: GameStrategy {
    let bot: IceCreamBot

    func proposal<R: RandomNumberGenerator>(after state: [QueryItem]?, using generator: inout R) throws(RuleViolation)
        -> [QueryItem]?
    {
        try bot.proposal(for: state ?? [], using: &generator)
    }
}
