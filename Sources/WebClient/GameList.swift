import Foundation
import GameCatalog
import GamePresentation
import GameRules

/// The server's catalog as the web client reads it (`/client/games.json`): each game's id,
/// name and variants, whether it has a web presentation of its own, whether a player may
/// resign it, and whether the house bot plays it (a seek's `houseBotAfter`).
public struct GameList: Encodable, Sendable {
    public struct Entry: Encodable, Sendable {
        let id: String
        let name: String
        let variants: [VariantEntry]
        let web: Bool
        let resign: Bool
        let houseBot: Bool
    }

    struct VariantEntry: Encodable, Sendable {
        let id: String
        let name: String
        let summary: String
        let seats: [Int]
    }

    public let games: [Entry]

    public init(_ catalog: GameCatalog) {
        games = catalog.games.map { type in
            let game = try? catalog.game(type.id)
            let resign = game?.allowsResigning ?? false
            return Entry(
                id: type.id.rawValue, name: type.name,
                variants: type.variants.map { VariantEntry(id: $0.id, name: $0.name, summary: $0.summary, seats: [$0.seats.lowerBound, $0.seats.upperBound]) },
                web: type.webPresentation != nil, resign: resign, houseBot: !(game?.strategies.isEmpty ?? true))
        }
    }

    /// The list as JSON: an array, its keys sorted.
    public func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(games)
    }
}
