import Engine
import Storage
import Transcript
import Wire

extension StoredReads {
    /// The ladder of a game and variant: the top `top` of each list, read from the index
    /// (`IndexKind.ladder`, then each player's `rating` and `name`), and the place of `you`.
    public func ladder(game: String, variant: String, top: Int = 50, you: AccountID? = nil) async throws -> Ladder {
        var lists: [[Ladder.Place]] = [[], []]
        var counts = [0, 0]
        var yours: Ladder.Place?
        for (list, provisional) in [false, true].enumerated() {
            let entries = try await log.indexEntries(
                IndexKind.ladder, prefix: IndexKind.ladderPrefix(game: game, variant: variant, provisional: provisional))
            counts[list] = entries.count
            for (index, entry) in entries.enumerated() {
                guard let account = IndexKind.ladderAccount(entry.key) else { continue }
                let isYou = account == you
                guard index < top || isYou else { continue }
                guard let value = try await log.indexValue(IndexKind.rating, key: IndexKind.ratingKey(game: game, variant: variant, account: account)),
                    let standing = Standing(json: value)
                else { continue }
                let shown = RatingValue(standing)
                let place = Ladder.Place(
                    place: index + 1, name: try await log.indexValue(IndexKind.name, key: account.rawValue), rating: shown.rating,
                    deviation: shown.deviation, provisional: shown.provisional, games: standing.games, wins: standing.wins,
                    losses: standing.losses, draws: standing.draws)
                if index < top { lists[list].append(place) }
                if isYou { yours = place }
            }
        }
        return Ladder(
            game: game, variant: variant, players: lists[0], playerCount: counts[0], provisional: lists[1], provisionalCount: counts[1],
            you: yours)
    }
}
