import Battleship
import FourInARow
import GamePresentation
import GameRules
import IceCream

/// The games a server hosts. Adding a game is a folder under `Games/` and one line in
/// `standard`.
public struct GameCatalog: Sendable, Equatable {
    public static let standard = GameCatalog([
        BattleshipGame.self,
        IceCreamGame.self,
        FourInARowGame.self,
    ])

    public let games: [any GamePresentation.Type]

    public init(_ games: [any GamePresentation.Type]) {
        self.games = games
    }

    public var ids: [GameID] { games.map { $0.id } }

    /// Two catalogs are the same when they list the same games, in the same order.
    public static func == (left: GameCatalog, right: GameCatalog) -> Bool {
        left.ids == right.ids
    }

    /// Each game's own turn timeout, by game id: a server's defaults.
    public var defaultTurnTimeouts: [String: Duration] {
        Dictionary(uniqueKeysWithValues: games.map { ($0.id.rawValue, $0.defaultTurnTimeout) })
    }

    /// The game called `id`, for its static facts and its presentation.
    public func type(_ id: GameID) -> (any GamePresentation.Type)? {
        games.first { $0.id == id }
    }

    /// The game whose original app's state URLs had `path` (`GamePresentation.originalPagePath`).
    public func type(originalPagePath path: String) -> (any GamePresentation.Type)? {
        games.first { $0.originalPagePath == path }
    }

    /// The rules of one game and variant; the default variant when `variant` is `nil`.
    public func game(_ id: GameID, variant: String? = nil) throws(RuleViolation) -> AnyGame {
        guard let type = type(id) else { throw unknown(id) }
        return try Self.make(type, variant: variant)
    }

    /// The presentation of one game and variant (the default variant when `variant` is `nil`):
    /// how it is drawn and played on the terminal and on pages.
    public func presentation(_ id: GameID, variant: String? = nil) throws(RuleViolation) -> AnyPresentation {
        guard let type = type(id) else { throw unknown(id) }
        return try Self.present(type, variant: variant)
    }

    /// The presentation a URL met on its own is drawn with: its game's, in the variant its
    /// items name.
    public func presentation(_ id: GameID, for items: [QueryItem]) throws(RuleViolation) -> AnyPresentation {
        guard let type = type(id) else { throw unknown(id) }
        return try presentation(id, variant: type.variant(of: items))
    }

    /// The refusal of a game this catalog does not have, naming those it has.
    private func unknown(_ id: GameID) -> RuleViolation {
        RuleViolation(.unknownGame, "There is no game \"\(id)\"; this server has \(ids.map(\.rawValue).joined(separator: ", ")).")
    }

    private static func present<G: GamePresentation>(_ type: G.Type, variant: String?) throws(RuleViolation) -> AnyPresentation {
        try AnyPresentation(G(variant: variant ?? G.defaultVariant.id))
    }

    /// The rules a URL met on its own is read with: its game's, in the variant its items name.
    public func game(_ id: GameID, for items: [QueryItem]) throws(RuleViolation) -> AnyGame {
        let type = try self.game(id).type
        return try game(id, variant: type.variant(of: items))
    }

    private static func make<G: Game>(_ type: G.Type, variant: String?) throws(RuleViolation) -> AnyGame {
        try AnyGame(G(variant: variant ?? G.defaultVariant.id))
    }
}

extension GameCatalog {
    /// The boards a URL's state shows and hides (`Game.hiddenBoards(in:)`), read with its
    /// game's rules in the variant its items name; `nil` for a game without boards or one this
    /// catalog does not have. Throws when the items do not decode.
    public func hiddenBoards(game: String, in items: [QueryItem]) throws(RuleViolation) -> HiddenBoards? {
        guard type(GameID(rawValue: game)) != nil else { return nil }
        return try self.game(GameID(rawValue: game), for: items).hiddenBoards(in: items)
    }
}
