import Transcript

/// Every frame the server sends: a JSON object whose `type` names the frame (see
/// docs/PROTOCOL.md). Answers to a request carry the request's `id`.
public enum ServerFrame: Hashable, Sendable {
    case challenge(Challenge)
    case welcome(Welcome)
    case conversation(ConversationReply)
    case conversations(ConversationList)
    case done(Done)
    case accepted(Accepted)
    case rejected(Rejected)
    case error(ErrorFrame)
    case event(Event)
    case synced(Synced)

    /// The first frame on every connection: sign `nonce` to prove which install you are.
    public struct Challenge: Codable, Hashable, Sendable {
        public var v: ProtocolVersion
        public var nonce: String
        public var server: String
        public init(v: ProtocolVersion = .current, nonce: String, server: String) {
            self.v = v
            self.nonce = nonce
            self.server = server
        }
    }

    /// Authentication succeeded. `account` is the install's own account (the SHA-256 of its key).
    public struct Welcome: Codable, Hashable, Sendable {
        public var v: ProtocolVersion
        public var account: String
        public var name: String?
        public init(v: ProtocolVersion = .current, account: String, name: String?) {
            self.v = v
            self.account = account
            self.name = name
        }
    }

    public struct ConversationReply: Codable, Hashable, Sendable {
        public var id: String
        public var conversation: ConversationSummary
        public init(id: String, conversation: ConversationSummary) {
            self.id = id
            self.conversation = conversation
        }
    }

    public struct ConversationList: Codable, Hashable, Sendable {
        public var id: String
        public var conversations: [ConversationSummary]
        /// Set when more conversations follow this page: the `after` of a `list` for the next.
        public var next: ConversationID?
        public init(id: String, conversations: [ConversationSummary], next: ConversationID? = nil) {
            self.id = id
            self.conversations = conversations
            self.next = next
        }
    }

    /// A request that needs no other answer succeeded.
    public struct Done: Codable, Hashable, Sendable {
        public var id: String
        public init(id: String) { self.id = id }
    }

    /// A `send` was accepted and stored as event `seq`; the event itself follows as an `event`.
    public struct Accepted: Codable, Hashable, Sendable {
        public var id: String
        public var conversation: ConversationID
        public var seq: Int
        public var session: String
        public init(id: String, conversation: ConversationID, seq: Int, session: String) {
            self.id = id
            self.conversation = conversation
            self.seq = seq
            self.session = session
        }
    }

    /// A request was refused and changed nothing. For a stale `send`, `current` is the
    /// session's newest message, to start again from.
    public struct Rejected: Codable, Hashable, Sendable {
        public var id: String
        public var error: ErrorFrame
        public var current: Event?
        public init(id: String, error: ErrorFrame, current: Event? = nil) {
            self.id = id
            self.error = error
            self.current = current
        }
    }

    /// Everything after the `resume`'s `after` has been sent; `lastSeq` is the newest event.
    public struct Synced: Codable, Hashable, Sendable {
        public var id: String
        public var conversation: ConversationID
        public var lastSeq: Int
        public init(id: String, conversation: ConversationID, lastSeq: Int) {
            self.id = id
            self.conversation = conversation
            self.lastSeq = lastSeq
        }
    }
}
