import Transcript

/// One numbered entry of a conversation, as one member sees it. Every member receives every
/// event at least once (live, and again in a `resume`'s replay), not always in `seq` order: a
/// client handles the one whose `seq` is next and drops the others. Identifiers in it are that
/// member's own.
public struct Event: Codable, Hashable, Sendable {
    public enum Kind: String, Codable, Hashable, Sendable {
        /// A game message: `message` and `status` are set.
        case message
        /// Someone joined: `participant`.
        case joined
        /// Someone left: `participant`.
        case left
        /// The server's operator removed `participant`, who may not join again until the
        /// operator lets them back in. Sent to the members and to the one removed.
        case removed
        /// Nobody moved in time: `status` is the session after the game's timeout rule (a
        /// forfeit ends it; a skip lets anyone move next), `participant` who was late, if known.
        case timeout
        /// The server's operator ended a game: `status` is the session after it, finished
        /// with nobody winning.
        case ended
        /// A player gave up: `participant` who, `status` the session after it, finished with
        /// them losing (and in a game of two, the other winning).
        case resigned
        /// A chat message: `participant` wrote `text`, a conversation's plain words beside its
        /// games. The text is as its sender wrote it: a client shows it with control characters
        /// neutralised (`ChatText`), a page escaped.
        case chat
        /// A sticker: `participant` sent the image `sticker` describes.
        case sticker
        /// A member took a new name: `participant`, with the name it took.
        case renamed
        /// The server paired players who sought a game (`seek`) in this new conversation:
        /// `pairing` says which game, on what time, and who moves first.
        case paired
        /// A rated game of the conversation ended and changed its players' ratings: `ratings`,
        /// one for each player.
        case rated
        /// The first player of a pairing did not start its game within a move's time: the
        /// pairing is called off, nobody rated, and the conversation is any other.
        case aborted
    }

    public var conversation: ConversationID
    public var seq: Int
    public var kind: Kind
    public var message: Message?
    public var status: GameStatus?
    public var participant: ParticipantInfo?
    /// A chat message's words.
    public var text: String?
    /// A sticker event's image.
    public var sticker: Sticker?
    /// Of a `timeout`, `resigned` or `ended` that ends a game which hides boards: the signed URL
    /// of its final state with every board shown and its seeds (docs/FAIRNESS.md), the next
    /// message of the session's chain, so that every player can check the boards they could
    /// not see.
    public var reveal: String?
    /// Of a `paired` event: the game the players were paired for.
    public var pairing: PairingInfo?
    /// Of a `rated` event: how the game changed each player's rating.
    public var ratings: [RatingInfo]?

    public init(
        conversation: ConversationID, seq: Int, kind: Kind, message: Message? = nil, status: GameStatus? = nil,
        participant: ParticipantInfo? = nil, text: String? = nil, sticker: Sticker? = nil, reveal: String? = nil,
        pairing: PairingInfo? = nil, ratings: [RatingInfo]? = nil
    ) {
        self.pairing = pairing
        self.ratings = ratings
        self.reveal = reveal
        self.text = text
        self.sticker = sticker
        self.conversation = conversation
        self.seq = seq
        self.kind = kind
        self.message = message
        self.status = status
        self.participant = participant
    }
}

/// A sticker as a member receives it: what the image is, and where to fetch it. The bytes are
/// not in the event: `url` is the sticker's page, `url` + `/image` the image itself.
public struct Sticker: Codable, Hashable, Sendable {
    /// 32 lowercase hex digits.
    public var id: String
    /// What its sender called it, such as its file's name.
    public var name: String
    /// `png`, `apng`, `gif` or `jpeg`, read from the image's header.
    public var format: String
    public var width: Int
    public var height: Int
    public var bytes: Int
    public var url: String

    public init(id: String, name: String, format: String, width: Int, height: Int, bytes: Int, url: String) {
        self.id = id
        self.name = name
        self.format = format
        self.width = width
        self.height = height
        self.bytes = bytes
        self.url = url
    }
}

/// The game players who sought one were paired for (a `paired` event).
public struct PairingInfo: Codable, Hashable, Sendable {
    public var game: String
    public var variant: String?
    /// Seconds each player has for a move.
    public var secondsPerMove: Int
    public var rated: Bool
    /// The players, in the order they move: the first sends the game's first message.
    public var players: [ParticipantID]
    /// Each player's rating in the game when paired, as `players`; absent with the house bot.
    public var ratings: [RatingValue]?
    /// When the first player must have sent the game's first message, in milliseconds since
    /// 1970 (the pairing's time and `secondsPerMove`; later by any time the server was down).
    public var startBy: Int64?

    public init(
        game: String, variant: String?, secondsPerMove: Int, rated: Bool, players: [ParticipantID], ratings: [RatingValue]? = nil,
        startBy: Int64? = nil
    ) {
        self.ratings = ratings
        self.startBy = startBy
        self.game = game
        self.variant = variant
        self.secondsPerMove = secondsPerMove
        self.rated = rated
        self.players = players
    }
}

/// How a rated game changed one player's rating (a `rated` event).
public struct RatingInfo: Codable, Hashable, Sendable {
    public enum Result: String, Codable, Hashable, Sendable {
        case win, loss, draw
    }

    public var participant: ParticipantID
    public var game: String
    public var variant: String
    public var result: Result
    public var before: RatingValue
    public var after: RatingValue

    public init(participant: ParticipantID, game: String, variant: String, result: Result, before: RatingValue, after: RatingValue) {
        self.participant = participant
        self.game = game
        self.variant = variant
        self.result = result
        self.before = before
        self.after = after
    }
}

/// A Glicko-2 rating as a player sees it: whole points.
public struct RatingValue: Codable, Hashable, Sendable {
    public var rating: Int
    public var deviation: Int
    /// Until the deviation is small (110 or less), the rating is a first guess: shown `1500?`.
    public var provisional: Bool

    public init(rating: Int, deviation: Int, provisional: Bool) {
        self.rating = rating
        self.deviation = deviation
        self.provisional = provisional
    }

    /// `1500`, or `1500?` while provisional.
    public var shown: String { "\(rating)\(provisional ? "?" : "")" }
}

/// A member as another member knows them.
public struct ParticipantInfo: Codable, Hashable, Sendable {
    public var id: ParticipantID
    public var name: String?
    /// A player unless the member joined to watch. Written only for a spectator (`"role":"spectator"`).
    public var role: ParticipantRole
    /// The server's own bot (a game sought with `houseBotAfter`), not a person. Written only
    /// when true (`"bot":true`).
    public var bot: Bool

    public init(id: ParticipantID, name: String?, role: ParticipantRole = .player, bot: Bool = false) {
        self.id = id
        self.name = name
        self.role = role
        self.bot = bot
    }

    private enum CodingKeys: String, CodingKey { case id, name, role, bot }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(ParticipantID.self, forKey: .id)
        name = try container.decodeIfPresent(String.self, forKey: .name)
        // A role this version does not know is read as a player's: fields may be added.
        role = try container.decodeIfPresent(String.self, forKey: .role).flatMap(ParticipantRole.init(rawValue:)) ?? .player
        bot = try container.decodeIfPresent(Bool.self, forKey: .bot) ?? false
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        if bot { try container.encode(true, forKey: .bot) }
        try container.encode(id, forKey: .id)
        try container.encodeIfPresent(name, forKey: .name)
        if role != .player { try container.encode(role, forKey: .role) }
    }
}

/// What a member may do in a conversation: a player makes moves; a spectator, who joined with
/// the conversation's watch invite, sees what a non-player may see and makes none.
public enum ParticipantRole: String, Codable, Hashable, Sendable {
    case player
    case spectator
}

/// A conversation as one member sees it.
public struct ConversationSummary: Codable, Hashable, Sendable {
    public var conversation: ConversationID
    /// The code that brings someone in as this member is: a player's invite to play, a
    /// spectator's invite to watch.
    public var invite: String
    /// A player's invite to watch (absent for a spectator, whose `invite` is that one).
    public var watchInvite: String?
    /// The member's own identifier in this conversation.
    public var you: ParticipantID
    public var members: [ParticipantInfo]
    public var lastSeq: Int
    public init(
        conversation: ConversationID, invite: String, watchInvite: String? = nil, you: ParticipantID, members: [ParticipantInfo],
        lastSeq: Int
    ) {
        self.conversation = conversation
        self.invite = invite
        self.watchInvite = watchInvite
        self.you = you
        self.members = members
        self.lastSeq = lastSeq
    }

    /// The member's own role, as the members list says.
    public var role: ParticipantRole {
        members.first { $0.id == you }?.role ?? .player
    }
}
