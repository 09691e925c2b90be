import GameCatalog
import GameRules
import Play

/// The game a table of two bots plays, game after game: one variant of a game of the catalog,
/// one that needs two players at least, so the turn passes between the table's bots. Tables
/// take the run's games in turn, so a run of Battleship's two variants and Ice Cream mixes the
/// short seed and ice cream games (3 to 5 moves, each opening a session) with the long classic
/// ones (about 100 shots).
public struct BenchVariant: Hashable, Sendable, CustomStringConvertible {
    public let game: GameID
    public let variant: String
    /// How `--games` names it: the game, when it is the game's only such variant
    /// (`icecream`); otherwise the variant, when no other game has one of that name (`seed`);
    /// otherwise both (`game:variant`).
    public let name: String

    public var description: String { name }

    /// How many signatures a move of this game between two players takes: one for each
    /// distinct view of it (docs/FAIRNESS.md, "What it costs"): two for Battleship, whose
    /// players each see their own fleet only, one for games that hide nothing. Asked of the
    /// game itself (`views(of:variant:in:)`).
    public let signedViews: Int

    /// How many different states a game's two players are shown over its first moves, played
    /// by its usual strategy: 2 for a game that hides something of one player's from the other.
    static func views(of game: GameID, variant: String, in catalog: GameCatalog) -> Int {
        guard let rules = try? catalog.game(game, variant: variant), let usual = rules.strategies.first,
            let strategy = rules.strategy(named: usual)
        else { return 1 }
        var match = rules.newMatch()
        var random = SystemRandomNumberGenerator()
        var most = 1
        let seats = [Seat(0), Seat(1)]
        for turn in 0..<6 {
            let seat = seats[turn % 2]
            let shown = match.moveCount == 0 ? nil : match.state(for: seat)
            guard let proposal = try? strategy.proposal(after: shown, using: &random),
                (try? match.propose(proposal, by: seat, mover: "a player")) != nil
            else { continue }
            most = max(most, Set(seats.map { match.state(for: $0) }).count)
        }
        return most
    }

    /// Every game's variants for two players or more, in the catalog's order: what a run
    /// plays unless told otherwise.
    public static func all(in catalog: GameCatalog = .standard) -> [BenchVariant] {
        let variants = catalog.games.flatMap { game in game.variants.filter(isForTables).map { (game.id, $0.id) } }
        return variants.map { game, variant in
            let name: String
            if variants.filter({ $0.0 == game }).count == 1 {
                name = game.rawValue
            } else if catalog.games.flatMap({ $0.variants.map(\.id) }).filter({ $0 == variant }).count == 1 {
                name = variant
            } else {
                name = "\(game):\(variant)"
            }
            return BenchVariant(game: game, variant: variant, name: name, signedViews: views(of: game, variant: variant, in: catalog))
        }
    }

    /// The table game `text` names: as `all` names them, or as `game` (its first variant for
    /// tables) or `game:variant`.
    public static func named(_ text: String, in catalog: GameCatalog = .standard) -> BenchVariant? {
        let tables = all(in: catalog)
        if let found = tables.first(where: { $0.name == text || "\($0.game):\($0.variant)" == text }) { return found }
        return tables.first { $0.game.rawValue == text }
    }

    /// Reads a comma-separated list such as `seed,classic`; `nil` when a name is unknown.
    public static func list(_ text: String, in catalog: GameCatalog = .standard) -> [BenchVariant]? {
        let games = text.split(separator: ",").map { named($0.trimmingCharacters(in: .whitespaces), in: catalog) }
        guard !games.isEmpty, games.allSatisfy({ $0 != nil }) else { return nil }
        return games.compactMap { $0 }
    }

    /// The bot that plays this game with `strategy` where the game has one of that name, and
    /// with the game's usual strategy where it has not (Battleship's shooters; Ice Cream
    /// builds random cones either way).
    public func player(_ strategy: String) throws -> BotPlayer {
        let strategies = try GameCatalog.standard.game(game).strategies
        return try BotPlayer(game: game.rawValue, variant: variant, strategy: strategies.contains(strategy) ? strategy : nil)
    }

    private static func isForTables(_ variant: Variant) -> Bool {
        variant.seats.lowerBound >= 2
    }
}
