import Foundation
import GameRules
import Ratings
import Transcript
import Wire

/// What the store said of ratings, for one batch's requests (`Engine.ratingReads`).
struct RatingReads: Sendable {
    /// For each conversation to rate: its game waiting (`nil`: none), its players' standings and
    /// the heads of their rating streams.
    var games: [ConversationID: (game: RatedGame?, standings: [Standing], heads: [Int64])] = [:]
    /// Standings by `rating` key; absent from it, a key read that had none.
    var standings: [String: Standing] = [:]
    /// The `rating` keys read.
    var read: Set<String> = []
}

/// Ratings: a rated game that ended waits in the index (`IndexKind.unrated`) until a `rate`
/// request of its conversation's pipeline changes its players' standings, stored as records of
/// the conversation (`rated`, its members see it) and of each player's rating stream, on the
/// condition that those streams still end where the standings were read.
extension Engine {
    /// The records of rating a conversation's game that waits, with the heads the store must
    /// find; nothing when none waits (another server rated it, or this one did already).
    mutating func rate(_ id: ConversationID, now: Date) -> Decision {
        guard let read = ratingReads.games.removeValue(forKey: id), let game = read.game, let lastSeq = lastSeq(of: id) else {
            return Decision()
        }
        let changes = RatingChange.changes(of: game, in: id, before: read.standings, at: now)
        let seq = lastSeq + 1
        let records = [Record.rated(conversation: id, seq: seq, session: game.session, changes: changes, at: now)]
            + changes.map(Record.ratingChanged)
        var decision = commit(records, reply: nil, notify: [EntryReference(conversation: id, seq: seq)])
        for (player, head) in zip(game.players, read.heads) { decision.expecting[StoredStream.rating(player).name] = head }
        return decision
    }

    /// A seeker's rating in the game and variant sought, as read for the batch; the first
    /// guess when it has none.
    func rating(of account: AccountID, game: String, variant: String) -> Rating {
        ratingReads.standings[IndexKind.ratingKey(game: game, variant: variant, account: account)]?.rating ?? Rating.initial
    }

    /// Takes in what a rating read found.
    mutating func takeRatingRead(_ found: StoreFound) {
        switch found {
        case let .unrated(id, game, standings, heads):
            ratingReads.games[id] = (game, standings.map { $0 ?? .new }, heads)
        case let .standing(key, standing):
            ratingReads.read.insert(key)
            ratingReads.standings[key] = standing
        default:
            break
        }
    }

    /// The `rating` key a seek reads, once its game is known to this server.
    func standingKey(of seek: ClientFrame.Seek, by account: AccountID) -> String? {
        guard let game = try? catalog.game(GameID(rawValue: seek.game), variant: seek.variant) else { return nil }
        return IndexKind.ratingKey(game: seek.game, variant: game.variant.id, account: account)
    }
}
