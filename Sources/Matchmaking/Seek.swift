import Foundation
import Transcript

/// The games a seek asks for: one game and variant, one time control, rated or not. Only
/// seeks of the same pool are paired.
public struct Pool: Hashable, Codable, Sendable, CustomStringConvertible {
    public var game: String
    public var variant: String?
    /// Seconds a player has for each move.
    public var secondsPerMove: Int
    public var rated: Bool

    public init(game: String, variant: String? = nil, secondsPerMove: Int, rated: Bool) {
        self.game = game
        self.variant = variant
        self.secondsPerMove = secondsPerMove
        self.rated = rated
    }

    /// `GAME[:VARIANT]/SECONDS/rated|casual`.
    public var description: String {
        "\(game)\(variant.map { ":" + $0 } ?? "")/\(secondsPerMove)/\(rated ? "rated" : "casual")"
    }
}

/// A player's ask for a game with someone now: what it asks for, how strong it is at that
/// game, and how long it will wait for what.
public struct Seek: Hashable, Codable, Sendable {
    /// The request that made it (the client's id), to answer and to name it.
    public var id: String
    public var account: AccountID
    /// Where the account connected from, as the server keeps it (a digest, not the address):
    /// two accounts from one address are never paired in a rated pool.
    public var origin: String
    public var pool: Pool
    /// The account's rating at the pool's game and variant, and how far from it the player
    /// may be (its Glicko-2 deviation): shown beside the player's name once paired.
    public var rating: Double
    public var deviation: Double
    /// How many play together: 2, or more for a group game.
    public var players: Int
    /// For a group game, how long to wait for all `players` before starting with those
    /// present (two at least); `nil`: only with all of them.
    public var startWithFewerAfter: Duration?
    /// How long to wait for a person before taking the house bot; `nil`: never.
    public var houseBotAfter: Duration?
    /// When the seek was made.
    public var since: Date
    /// The server the account sought on, among servers sharing a store; `nil` alone on one.
    /// Its seeks leave the queue when the account's last connection to that server closes.
    public var node: String?
    /// The seeker's name as their connection gave it, to name them in the pairing; `nil` when
    /// they gave none.
    public var name: String?

    public init(
        id: String, account: AccountID, origin: String, pool: Pool, rating: Double, deviation: Double = 350, players: Int = 2,
        startWithFewerAfter: Duration? = nil, houseBotAfter: Duration? = nil, since: Date, node: String? = nil, name: String? = nil
    ) {
        self.name = name
        self.deviation = deviation
        self.node = node
        self.id = id
        self.account = account
        self.origin = origin
        self.pool = pool
        self.rating = rating
        self.players = players
        self.startWithFewerAfter = startWithFewerAfter
        self.houseBotAfter = houseBotAfter
        self.since = since
    }

    /// A seek's identity in the queue: an account seeks once a pool.
    public struct Key: Hashable, Sendable {
        public var account: AccountID
        public var pool: Pool
    }

    public var key: Key { Key(account: account, pool: pool) }

    /// How long the seek has waited at `now`.
    func waited(at now: Date) -> Duration {
        .milliseconds(Int64(max(0, now.timeIntervalSince(since)) * 1000))
    }
}

/// Seeks that play together: a new conversation and game for them.
public struct Pairing: Hashable, Sendable {
    /// The seeks paired, the first moving first: the one that waited longest.
    public var seeks: [Seek]
    /// Whether the house bot takes the remaining seat (a seek that waited for it).
    public var withHouseBot: Bool

    public var pool: Pool { seeks[0].pool }
}
