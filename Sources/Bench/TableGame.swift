import Foundation
import Play

/// The game a table of two bots plays, game after game. Tables cycle through the kinds a run
/// asks for, so a run of all three mixes the short seed and ice cream games (3 to 5 moves,
/// each opening a session) with the long classic ones (about 100 shots).
public enum TableGame: String, Sendable, CaseIterable {
    case seed, classic, icecream

    /// The bot that plays this game with `strategy` (Battleship's shooter; Ice Cream builds
    /// random cones either way).
    public func player(_ strategy: BotPlayer.Strategy) throws -> BotPlayer {
        switch self {
        case .seed: try BotPlayer(game: "battleship", variant: "seed", strategy: strategy)
        case .classic: try BotPlayer(game: "battleship", variant: "classic", strategy: strategy)
        case .icecream: try BotPlayer(game: "icecream", variant: "group", strategy: strategy)
        }
    }

    /// Reads a comma-separated list such as `seed,classic`; `nil` when a name is unknown.
    public static func list(_ text: String) -> [TableGame]? {
        let games = text.split(separator: ",").map { TableGame(rawValue: $0.trimmingCharacters(in: .whitespaces)) }
        guard !games.isEmpty, games.allSatisfy({ $0 != nil }) else { return nil }
        return games.compactMap { $0 }
    }
}
