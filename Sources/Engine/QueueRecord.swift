import Foundation
import Matchmaking
import Transcript

/// A seek as the store keeps it: its own format, independent of Swift's names.
public struct StoredSeek: Codable, Hashable, Sendable {
    public var seek: Seek

    public init(_ seek: Seek) { self.seek = seek }

    private enum CodingKeys: String, CodingKey {
        case id, account, origin, game, variant, secondsPerMove, rated, rating, deviation, players, startWithFewerAfter, houseBotAfter, since, node, name
    }

    public init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: CodingKeys.self)
        let pool = Pool(
            game: try fields.decode(String.self, forKey: .game), variant: try fields.decodeIfPresent(String.self, forKey: .variant),
            secondsPerMove: try fields.decode(Int.self, forKey: .secondsPerMove), rated: try fields.decode(Bool.self, forKey: .rated))
        seek = Seek(
            id: try fields.decode(String.self, forKey: .id), account: try fields.decode(AccountID.self, forKey: .account),
            origin: try fields.decode(String.self, forKey: .origin), pool: pool, rating: try fields.decode(Double.self, forKey: .rating),
            deviation: try fields.decodeIfPresent(Double.self, forKey: .deviation) ?? 350,
            players: try fields.decode(Int.self, forKey: .players),
            startWithFewerAfter: try fields.decodeIfPresent(Int64.self, forKey: .startWithFewerAfter).map { .milliseconds($0) },
            houseBotAfter: try fields.decodeIfPresent(Int64.self, forKey: .houseBotAfter).map { .milliseconds($0) },
            since: Date(timeIntervalSince1970: Double(try fields.decode(Int64.self, forKey: .since)) / 1000),
            node: try fields.decodeIfPresent(String.self, forKey: .node), name: try fields.decodeIfPresent(String.self, forKey: .name))
    }

    public func encode(to encoder: any Encoder) throws {
        var fields = encoder.container(keyedBy: CodingKeys.self)
        func milliseconds(_ duration: Duration) -> Int64 {
            duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
        }
        try fields.encode(seek.id, forKey: .id)
        try fields.encode(seek.account, forKey: .account)
        try fields.encode(seek.origin, forKey: .origin)
        try fields.encode(seek.pool.game, forKey: .game)
        try fields.encodeIfPresent(seek.pool.variant, forKey: .variant)
        try fields.encode(seek.pool.secondsPerMove, forKey: .secondsPerMove)
        try fields.encode(seek.pool.rated, forKey: .rated)
        try fields.encode(seek.rating, forKey: .rating)
        try fields.encode(seek.deviation, forKey: .deviation)
        try fields.encode(seek.players, forKey: .players)
        try fields.encodeIfPresent(seek.startWithFewerAfter.map(milliseconds), forKey: .startWithFewerAfter)
        try fields.encodeIfPresent(seek.houseBotAfter.map(milliseconds), forKey: .houseBotAfter)
        try fields.encode(Int64((seek.since.timeIntervalSince1970 * 1000).rounded()), forKey: .since)
        try fields.encodeIfPresent(seek.node, forKey: .node)
        try fields.encodeIfPresent(seek.name, forKey: .name)
    }

    public var json: String { Standing.json(self) }

    /// Its `seek` index key: `ACCOUNT/POOL` (an account seeks once a pool).
    public var key: String { Self.key(seek) }

    public static func key(_ seek: Seek) -> String { "\(seek.account.rawValue)/\(seek.pool)" }
}
