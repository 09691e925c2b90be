import GameCatalog
import GameRules

/// A bot for any game of the catalog, working on state URLs as they come over the wire: given
/// the URL of the message the bot was shown, the query of the state it proposes next, or `nil`
/// when it has nothing to do. The game's own strategy plays (`Game.strategy(named:)`).
public struct BotPlayer: Sendable {
    public let game: String
    public let variant: String?
    /// The strategy's name, one of the game's `strategies`.
    public let strategy: String
    /// The games the bot knows.
    public let catalog: GameCatalog

    /// A bot for `game` (in `variant` for a game it opens; the game's first when `nil`) that
    /// plays `strategy`, or the game's usual one when `nil`.
    public init(game: String, variant: String?, strategy: String? = nil, catalog: GameCatalog = .standard) throws(LineError) {
        let rules: AnyGame
        do {
            rules = try catalog.game(GameID(rawValue: game), variant: variant)
        } catch {
            guard catalog.ids.contains(GameID(rawValue: game)) else {
                throw LineError(
                    "This client knows \(catalog.ids.map(\.rawValue).joined(separator: ", ")), not \(game): its bots play the games built into it.")
            }
            throw LineError(error.reason)
        }
        guard let name = strategy ?? rules.strategies.first else { throw LineError("\(rules.name) has no bots.") }
        guard rules.strategy(named: name) != nil else {
            throw LineError("\(rules.name) has no strategy \(name); its bots play \(rules.strategies.joined(separator: ", ")).")
        }
        self.game = game
        self.variant = variant
        self.strategy = name
        self.catalog = catalog
    }

    /// The first state of a new game, for a bot that opens one.
    public func opening(using generator: inout some RandomNumberGenerator) throws(RuleViolation) -> String? {
        try proposal(after: nil, using: &generator)
    }

    /// The next state after the state in `url`, as the bot sees it.
    public func proposal(after url: String, using generator: inout some RandomNumberGenerator) throws(RuleViolation) -> String? {
        let items = try QueryString.items(in: url)
        return try proposal(after: items.isEmpty ? nil : items, using: &generator)
    }

    private func proposal(after items: [QueryItem]?, using generator: inout some RandomNumberGenerator) throws(RuleViolation) -> String? {
        let id = GameID(rawValue: game)
        // A URL names its variant where the game writes one (`Variant=classic`).
        let named = try items.flatMap { items throws(RuleViolation) in try catalog.game(id).type.variant(of: items) } ?? variant
        guard let play = try catalog.game(id, variant: named).strategy(named: strategy) else { return nil }
        return try play.proposal(after: items, using: &generator).map(QueryString.format)
    }
}
