import Transcript

/// Every frame a client sends: a JSON object whose `type` names the frame and whose other
/// keys are that frame's fields (see docs/PROTOCOL.md). Requests carry an `id` chosen by the
/// client; the server's answer to a request carries the same `id`.
public enum ClientFrame: Hashable, Sendable {
    case authenticate(Authenticate)
    case create(Create)
    case join(Join)
    case list(List)
    case leave(Leave)
    case rename(Rename)
    case send(Send)
    case ack(Ack)
    case resume(Resume)
    case resign(Resign)
    case chat(Chat)
    case seek(Seek)
    case unseek(Unseek)

    /// The answer to the server's `challenge`: the install's P-256 public key and its
    /// signature of the challenge.
    public struct Authenticate: Codable, Hashable, Sendable {
        public var v: ProtocolVersion
        /// The public key, ANSI X9.63 (uncompressed, 65 bytes), base64.
        public var publicKey: String
        /// ECDSA P-256 SHA-256 over `"parley-auth-v1:" + nonce` (the nonce's base64 text), DER, base64.
        public var signature: String
        public var name: String?

        public init(v: ProtocolVersion = .current, publicKey: String, signature: String, name: String? = nil) {
            self.v = v
            self.publicKey = publicKey
            self.signature = signature
            self.name = name
        }
    }

    /// Open a new conversation; the answer is a `conversation` frame with its invite code.
    public struct Create: Codable, Hashable, Sendable {
        public var id: String
        public init(id: String) { self.id = id }
    }

    public struct Join: Codable, Hashable, Sendable {
        public var id: String
        public var invite: String
        public init(id: String, invite: String) {
            self.id = id
            self.invite = invite
        }
    }

    /// One page of your conversations, in the order of their ids: those after `after` (from the
    /// first when absent), at most `limit` (`defaultPage` when absent, at most `maxPage`).
    public struct List: Codable, Hashable, Sendable {
        public var id: String
        public var after: ConversationID?
        public var limit: Int?
        public init(id: String, after: ConversationID? = nil, limit: Int? = nil) {
            self.id = id
            self.after = after
            self.limit = limit
        }

        public static let defaultPage = 100
        public static let maxPage = 500

        /// How many this page holds at most.
        public var pageSize: Int { min(max(1, limit ?? Self.defaultPage), Self.maxPage) }
    }

    public struct Leave: Codable, Hashable, Sendable {
        public var id: String
        public var conversation: ConversationID
        public init(id: String, conversation: ConversationID) {
            self.id = id
            self.conversation = conversation
        }
    }

    /// Give up the game of `session`: the sender, a player of it, loses; in a game of two the
    /// other player wins. Answered `done`; every member receives a `resigned` event.
    public struct Resign: Codable, Hashable, Sendable {
        public var id: String
        public var conversation: ConversationID
        public var session: String
        public init(id: String, conversation: ConversationID, session: String) {
            self.id = id
            self.conversation = conversation
            self.session = session
        }
    }

    /// A chat message: plain words to the conversation beside its games. Answered `done`;
    /// every member receives a `chat` event.
    public struct Chat: Codable, Hashable, Sendable {
        public var id: String
        public var conversation: ConversationID
        public var text: String
        public init(id: String, conversation: ConversationID, text: String) {
            self.id = id
            self.conversation = conversation
            self.text = text
        }
    }

    /// Ask for a game with someone now: a player seeking the same game, variant, time and
    /// rating is found, preferring the closest rating (docs/PROTOCOL.md, "Finding a game").
    /// Answered `done` once the seek waits; when it is paired, the new conversation's entries
    /// arrive as events, a `paired` one among them naming who moves first.
    public struct Seek: Codable, Hashable, Sendable {
        public var id: String
        public var game: String
        /// The game's variant; `nil` for its default.
        public var variant: String?
        /// Seconds each player has for a move: one the server allows.
        public var secondsPerMove: Int
        public var rated: Bool
        /// How many play together: 2 when absent, more for a game of a group.
        public var players: Int?
        /// For a game of a group: after how many seconds to start with those present (two
        /// at least) rather than wait for all `players`; absent, only with all of them.
        public var startWithFewerAfter: Int?
        /// For a game of two: after how many seconds without another player to play the
        /// server's own bot instead (0: at once); absent, never.
        public var houseBotAfter: Int?

        public init(
            id: String, game: String, variant: String? = nil, secondsPerMove: Int, rated: Bool, players: Int? = nil,
            startWithFewerAfter: Int? = nil, houseBotAfter: Int? = nil
        ) {
            self.houseBotAfter = houseBotAfter
            self.id = id
            self.game = game
            self.variant = variant
            self.secondsPerMove = secondsPerMove
            self.rated = rated
            self.players = players
            self.startWithFewerAfter = startWithFewerAfter
        }
    }

    /// Stop seeking: the seek made by the request `seek`, or every one of the account's when
    /// absent. Answered `done`, whether or not it was still waiting.
    public struct Unseek: Codable, Hashable, Sendable {
        public var id: String
        public var seek: String?

        public init(id: String, seek: String? = nil) {
            self.id = id
            self.seek = seek
        }
    }

    /// Set the name the other participants see.
    public struct Rename: Codable, Hashable, Sendable {
        public var id: String
        public var name: String
        public init(id: String, name: String) {
            self.id = id
            self.name = name
        }
    }

    /// A game message: the proposed next state of a session, or the first state of a new one.
    public struct Send: Codable, Hashable, Sendable {
        /// The client's message id. Sending the same id again gets the first answer again and
        /// never applies the message twice.
        public var id: String
        public var conversation: ConversationID
        public var game: String
        /// For a new session: the game's variant; `nil` for its default.
        public var variant: String?
        /// The session to continue; `nil` opens a new one.
        public var session: String?
        /// The `seq` of the session's message this one answers; required with `session`.
        public var basedOn: Int?
        /// The proposed state: any URL whose query is the state (`?Base=base01`).
        public var url: String
        /// For a new session: the seconds each player has for a move, one of the server's time
        /// controls; `nil` for the game's own turn time. A paired conversation's games keep the
        /// pairing's.
        public var secondsPerMove: Int?

        public init(
            id: String, conversation: ConversationID, game: String, variant: String? = nil,
            session: String? = nil, basedOn: Int? = nil, url: String, secondsPerMove: Int? = nil
        ) {
            self.secondsPerMove = secondsPerMove
            self.id = id
            self.conversation = conversation
            self.game = game
            self.variant = variant
            self.session = session
            self.basedOn = basedOn
            self.url = url
        }
    }

    /// Everything up to `seq` in the conversation has arrived; the server may forget it.
    public struct Ack: Codable, Hashable, Sendable {
        public var conversation: ConversationID
        public var seq: Int
        public init(conversation: ConversationID, seq: Int) {
            self.conversation = conversation
            self.seq = seq
        }
    }

    /// Send every event of the conversation after `after`, then a `synced` frame.
    public struct Resume: Codable, Hashable, Sendable {
        public var id: String
        public var conversation: ConversationID
        public var after: Int
        public init(id: String, conversation: ConversationID, after: Int) {
            self.id = id
            self.conversation = conversation
            self.after = after
        }
    }
}
