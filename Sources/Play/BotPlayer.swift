import Battleship
import Bots
import GameRules
import IceCream

/// A strategy for one game, working on state URLs as they come over the wire: given the URL
/// of the message the bot was shown, the query of the state it proposes next, or `nil` when
/// it has nothing to do.
public struct BotPlayer: Sendable {
    public enum Strategy: String, Sendable, CaseIterable {
        case hunter, random
    }

    public let game: String
    public let variant: String?
    private let strategy: Strategy
    private let recipe: RecipeBuilder?

    public init(game: String, variant: String?, strategy: Strategy, recipe: String? = nil) throws(LineError) {
        switch game {
        case "battleship", "icecream": break
        default: throw LineError("A bot plays battleship or icecream, not \(game).")
        }
        if let recipe, RecipeBuilder.named(recipe) == nil {
            throw LineError("There is no recipe \(recipe); the recipes are \(RecipeBuilder.named.map(\.name).joined(separator: ", ")).")
        }
        self.game = game
        self.variant = variant
        self.strategy = strategy
        self.recipe = recipe.flatMap { RecipeBuilder.named($0) }
    }

    /// The first state of a new game, for a bot that opens one.
    public func opening(using generator: inout some RandomNumberGenerator) throws(RuleViolation) -> String? {
        try proposal(after: [], using: &generator)
    }

    /// The next state after the state in `url`, as the bot sees it.
    public func proposal(after url: String, using generator: inout some RandomNumberGenerator) throws(RuleViolation) -> String? {
        try proposal(after: QueryString.items(in: url), using: &generator)
    }

    private func proposal(after items: [QueryItem], using generator: inout some RandomNumberGenerator) throws(RuleViolation) -> String? {
        if game == "icecream" {
            let iceCream = try IceCreamGame(variant: variant ?? IceCreamGame.defaultVariant.id)
            let bot = IceCreamBot(game: iceCream, builder: recipe.map { $0 as any IceCreamBuilder } ?? RandomBuilder())
            return try bot.proposal(for: items, using: &generator).map(QueryString.format)
        }
        let named = BattleshipGame.variant(of: items) ?? variant ?? BattleshipGame.defaultVariant.id
        let battleship = try BattleshipGame(variant: named)
        let view = items.isEmpty ? battleship.initialState : try battleship.decode(items)
        guard let seat = Self.seat(in: view) else { return nil }
        let shooter: any BattleshipShooter = strategy == .hunter ? HunterShooter() : RandomShooter()
        let bot = BattleshipBot(game: battleship, seat: seat, shooter: shooter)
        return bot.proposal(for: view, using: &generator).map { battleship.query(for: $0) }
    }

    /// Which seat a view is seen from: the fleet shown is the viewer's own; a viewer whose
    /// fleet is not placed yet holds the first unplaced seat after the hidden ones.
    static func seat(in view: BattleshipState) -> Seat? {
        if let own = view.fleets.firstIndex(where: { $0.fleet != nil }) { return Seat(own) }
        if view.fleets.allSatisfy({ $0 == .unplaced }) { return Seat(0) }
        if let unplaced = view.fleets.firstIndex(of: .unplaced) { return Seat(unplaced) }
        // The seed's one fleet is hidden from its guesser, seat 1.
        return view.fleets.count == 1 ? Seat(1) : nil
    }
}
