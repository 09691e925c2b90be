import GameCatalog
import GameRules
import Hummingbird
import Reads
import Transport

/// The operator's ladder: `GET /admin/api/ladder/GAME?variant=V`, the public ladder's top 200
/// of each list with each player's account, to see who plays whom.
package extension AdminRoutes {
    static func addLadder(to admin: RouterGroup<ParleyRequestContext>, reads: StoredReads, catalog: GameCatalog) {
        admin.get("api/ladder/:game") { request, context -> Response in
            let game = try context.parameters.require("game")
            guard let variant = (try? catalog.game(GameID(rawValue: game), variant: request.uri.queryParameters.get("variant")))?.variant.id
            else {
                return AdminGate<ParleyRequestContext>.refusal(.notFound, "unknown-game", "This server has no game \(game), or no such variant of it.")
            }
            do {
                return try json(try await reads.ladder(game: game, variant: variant, top: 200, withAccounts: true))
            } catch {
                return unavailable()
            }
        }
    }
}
