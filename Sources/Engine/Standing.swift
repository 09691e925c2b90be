import Foundation
import Ratings
import Storage
import Transcript
import Wire

/// A player's rating in one game and variant, with the rated games that made it.
public struct Standing: Hashable, Sendable {
    public var rating: Rating
    public var games: Int
    public var wins: Int
    public var losses: Int
    public var draws: Int

    public init(rating: Rating = .initial, games: Int = 0, wins: Int = 0, losses: Int = 0, draws: Int = 0) {
        self.rating = rating
        self.games = games
        self.wins = wins
        self.losses = losses
        self.draws = draws
    }

    /// A player's standing before their first rated game.
    public static let new = Standing()

    /// The standing after one more game scored `score`, rated `rating`.
    public func after(_ score: GameScore, rated rating: Rating) -> Standing {
        Standing(
            rating: rating, games: games + 1, wins: wins + (score == .win ? 1 : 0), losses: losses + (score == .loss ? 1 : 0),
            draws: draws + (score == .draw ? 1 : 0))
    }
}

extension Standing: Codable {
    private enum CodingKeys: String, CodingKey {
        case rating, deviation, volatility, games, wins, losses, draws
    }

    public init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: CodingKeys.self)
        rating = Rating(
            rating: try fields.decode(Double.self, forKey: .rating), deviation: try fields.decode(Double.self, forKey: .deviation),
            volatility: try fields.decode(Double.self, forKey: .volatility))
        games = try fields.decode(Int.self, forKey: .games)
        wins = try fields.decode(Int.self, forKey: .wins)
        losses = try fields.decode(Int.self, forKey: .losses)
        draws = try fields.decode(Int.self, forKey: .draws)
    }

    public func encode(to encoder: any Encoder) throws {
        var fields = encoder.container(keyedBy: CodingKeys.self)
        try fields.encode(rating.rating, forKey: .rating)
        try fields.encode(rating.deviation, forKey: .deviation)
        try fields.encode(rating.volatility, forKey: .volatility)
        try fields.encode(games, forKey: .games)
        try fields.encode(wins, forKey: .wins)
        try fields.encode(losses, forKey: .losses)
        try fields.encode(draws, forKey: .draws)
    }

    /// As the `rating` index keeps it.
    public var json: String { Self.json(self) }

    /// A `rating` index value; `nil` when it is not one.
    public init?(json: String) {
        guard let standing = try? JSONDecoder().decode(Standing.self, from: Data(json.utf8)) else { return nil }
        self = standing
    }

    static func json(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}

/// A rated game that ended by its own moves, a resignation or a timeout, waiting to change its
/// players' ratings (`IndexKind.unrated`): written with the record that ended it, taken away
/// with the records that rate it.
public struct RatedGame: Codable, Hashable, Sendable {
    public var session: SessionID
    public var game: String
    public var variant: String
    /// In seat order.
    public var players: [AccountID]
    /// Each player's score, as `players`: 1 a win, 0 a loss, 0.5 a draw.
    public var scores: [Double]

    public init(session: SessionID, game: String, variant: String, players: [AccountID], scores: [Double]) {
        self.session = session
        self.game = game
        self.variant = variant
        self.players = players
        self.scores = scores
    }

    public var json: String { Standing.json(self) }

    public init?(json: String) {
        guard let game = try? JSONDecoder().decode(RatedGame.self, from: Data(json.utf8)), game.players.count == 2,
            game.scores.count == 2, game.players[0] != game.players[1]
        else { return nil }
        self = game
    }

    /// The `rating` key of each player's standing in this game.
    public var ratingKeys: [String] { players.map { IndexKind.ratingKey(game: game, variant: variant, account: $0) } }
}

/// How one rated game changed one player's standing: a record of the player's own stream
/// (`stream(of:)`), which holds their rating's history, and part of the conversation's `rated`
/// entry, which shows it to its members.
public struct RatingChange: Codable, Hashable, Sendable {
    public var account: AccountID
    public var opponent: AccountID
    public var game: String
    public var variant: String
    public var conversation: ConversationID
    public var session: SessionID
    /// 1 a win, 0 a loss, 0.5 a draw.
    public var score: Double
    public var before: Standing
    public var after: Standing
    public var at: Date

    public init(
        account: AccountID, opponent: AccountID, game: String, variant: String, conversation: ConversationID, session: SessionID,
        score: Double, before: Standing, after: Standing, at: Date
    ) {
        self.account = account
        self.opponent = opponent
        self.game = game
        self.variant = variant
        self.conversation = conversation
        self.session = session
        self.score = score
        self.before = before
        self.after = after
        self.at = at
    }

    private enum CodingKeys: String, CodingKey {
        case account, opponent, game, variant, conversation, session, score, before, after, at
    }

    public init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: CodingKeys.self)
        account = try fields.decode(AccountID.self, forKey: .account)
        opponent = try fields.decode(AccountID.self, forKey: .opponent)
        game = try fields.decode(String.self, forKey: .game)
        variant = try fields.decode(String.self, forKey: .variant)
        conversation = try fields.decode(ConversationID.self, forKey: .conversation)
        session = try fields.decode(SessionID.self, forKey: .session)
        score = try fields.decode(Double.self, forKey: .score)
        before = try fields.decode(Standing.self, forKey: .before)
        after = try fields.decode(Standing.self, forKey: .after)
        at = Date(timeIntervalSince1970: Double(try fields.decode(Int64.self, forKey: .at)) / 1000)
    }

    public func encode(to encoder: any Encoder) throws {
        var fields = encoder.container(keyedBy: CodingKeys.self)
        try fields.encode(account, forKey: .account)
        try fields.encode(opponent, forKey: .opponent)
        try fields.encode(game, forKey: .game)
        try fields.encode(variant, forKey: .variant)
        try fields.encode(conversation, forKey: .conversation)
        try fields.encode(session, forKey: .session)
        try fields.encode(score, forKey: .score)
        try fields.encode(before, forKey: .before)
        try fields.encode(after, forKey: .after)
        try fields.encode(Int64((at.timeIntervalSince1970 * 1000).rounded()), forKey: .at)
    }

    /// The changes a rated game makes to its players' standings (`before`, as `game.players`),
    /// rated by Glicko-2 one game at a time.
    public static func changes(
        of game: RatedGame, in conversation: ConversationID, before: [Standing], at: Date, glicko: Glicko2 = Glicko2()
    ) -> [RatingChange] {
        let scores = game.scores.map { GameScore(rawValue: $0) ?? .draw }
        let (first, second) = glicko.rated(before[0].rating, before[1].rating, score: scores[0])
        let after = [before[0].after(scores[0], rated: first), before[1].after(scores[1], rated: second)]
        return (0..<2).map { index in
            RatingChange(
                account: game.players[index], opponent: game.players[1 - index], game: game.game, variant: game.variant,
                conversation: conversation, session: game.session, score: scores[index].rawValue, before: before[index],
                after: after[index], at: at)
        }
    }
}

extension IndexKind {
    /// Key: conversation id; value: the rated game that ended in it, not yet rated (`RatedGame`,
    /// JSON). Removed by the batch that rates it.
    public static let unrated = "unrated"
    /// Key: `GAME:VARIANT/ACCOUNT` (`ratingKey`); value: the account's standing in that game
    /// (`Standing`, JSON). Absent before its first rated game.
    public static let rating = "rating"
    /// Key: `GAME:VARIANT/PLACE/RANK/ACCOUNT` (`ladderKey`): the ladder of a game and variant,
    /// established ratings ("0") before provisional ones ("1"), the highest first; value: "".
    public static let ladder = "ladder"
    /// Key: `ACCOUNT/POOL` (`StoredSeek.key`); value: a seek waiting in the queue
    /// (`StoredSeek`, JSON): what a server starting mirrors, before the stream `queue` after it.
    public static let seek = "seek"

    /// What a variant's name ends with in the keys of ratings earned against the house bot
    /// (`battleship:classic@house/ACCOUNT`): a ladder of its own, apart from games between people.
    public static let againstHouseBot = "@house"

    public static func ratingKey(game: String, variant: String, account: AccountID) -> String {
        "\(game):\(variant)/\(account.rawValue)"
    }

    /// The prefix of a game and variant's ladder entries; with `provisional`, of those of one
    /// kind only.
    public static func ladderPrefix(game: String, variant: String, provisional: Bool? = nil) -> String {
        "\(game):\(variant)/" + (provisional.map { $0 ? "1/" : "0/" } ?? "")
    }

    /// Ordered by key, the highest rating first: the rating's tenths taken from 99999.
    public static func ladderKey(game: String, variant: String, account: AccountID, standing: Standing) -> String {
        let tenths = min(99_999, max(0, Int((standing.rating.rating * 10).rounded())))
        let rank = String(99_999 - tenths)
        return ladderPrefix(game: game, variant: variant, provisional: standing.rating.isProvisional)
            + String(repeating: "0", count: 5 - rank.count) + rank + "/" + account.rawValue
    }

    /// The account a ladder key names.
    public static func ladderAccount(_ key: String) -> AccountID? {
        key.split(separator: "/").last.map { AccountID(rawValue: String($0)) }
    }

    /// The index changes of one player's rating change: its standing, and its place on the ladder.
    public static func changes(of change: RatingChange) -> [IndexChange] {
        var changes: [IndexChange] = []
        if change.before.games > 0 {
            changes.append(.remove(ladder, ladderKey(game: change.game, variant: change.variant, account: change.account, standing: change.before)))
        }
        changes.append(.set(rating, ratingKey(game: change.game, variant: change.variant, account: change.account), change.after.json))
        changes.append(.set(ladder, ladderKey(game: change.game, variant: change.variant, account: change.account, standing: change.after), ""))
        return changes
    }
}

extension RatingValue {
    /// A standing's rating as a player sees it.
    public init(_ standing: Standing) {
        self.init(
            rating: Int(standing.rating.rating.rounded()), deviation: Int(standing.rating.deviation.rounded()),
            provisional: standing.rating.isProvisional)
    }
}
