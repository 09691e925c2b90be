import Engine
import Storage
import Transcript
import Wire

extension StoredReads {
    /// The ladder of a game and variant: the top `top` of each list, read from the index
    /// (`IndexKind.ladder`, then each player's `rating` and `name`), and the place of `you`.
    /// `withAccounts` names each player's account (for the operator).
    public func ladder(game: String, variant: String, top: Int = 50, you: AccountID? = nil, withAccounts: Bool = false) async throws -> Ladder {
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
                    losses: standing.losses, draws: standing.draws, account: withAccounts ? account.rawValue : nil,
                    profile: "/profile/\(account.rawValue)")
                if index < top { lists[list].append(place) }
                if isYou { yours = place }
            }
        }
        return Ladder(
            game: game, variant: variant, players: lists[0], playerCount: counts[0], provisional: lists[1], provisionalCount: counts[1],
            you: yours)
    }
}

extension StoredReads {
    /// An account's profile: its standing in each of `variants` (game and variant) it was rated
    /// in, and its newest rated games from its rating stream (`StoredStream.rating`);
    /// `nil` for an account the store has no name and no rating of.
    public func profile(of account: AccountID, variants: [(game: String, variant: String)]) async throws -> Profile? {
        let name = try await log.indexValue(IndexKind.name, key: account.rawValue)
        var standings: [Profile.Standing] = []
        for (game, variant) in variants {
            guard let value = try await log.indexValue(IndexKind.rating, key: IndexKind.ratingKey(game: game, variant: variant, account: account)),
                let standing = Standing(json: value)
            else { continue }
            let shown = RatingValue(standing)
            standings.append(Profile.Standing(
                game: game, variant: variant, rating: shown.rating, deviation: shown.deviation, provisional: shown.provisional,
                games: standing.games, wins: standing.wins, losses: standing.losses, draws: standing.draws))
        }
        guard name != nil || !standings.isEmpty else { return nil }
        // The stream holds one record a rated game: read whole, the newest kept.
        var changes: [RatingChange] = []
        var position: Int64 = 0
        while true {
            let page = try await log.records(in: StoredStream.rating(account).name, after: position, limit: Self.page)
            guard let last = page.last else { break }
            for stored in page {
                if case let .ratingChanged(change) = try Record(stored: stored.payload) { changes.append(change) }
            }
            changes = Array(changes.suffix(Self.historyKept))
            position = last.position
        }
        var opponents: [AccountID: String?] = [:]
        var history: [Profile.Point] = []
        for change in changes {
            if opponents[change.opponent] == nil { opponents[change.opponent] = .some(try await log.indexValue(IndexKind.name, key: change.opponent.rawValue)) }
            history.append(Profile.Point(
                game: change.game, variant: change.variant, at: Int64((change.at.timeIntervalSince1970 * 1000).rounded()),
                result: change.score == 1 ? .win : change.score == 0 ? .loss : .draw, before: RatingValue(change.before),
                after: RatingValue(change.after), opponent: opponents[change.opponent] ?? nil))
        }
        return Profile(name: name, standings: standings, history: history)
    }

    /// How many rated games a profile shows.
    static let historyKept = 200
}
