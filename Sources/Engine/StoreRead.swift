import Transcript

/// A read of the store that the engine needs before it can decide a request
/// (`Engine.nextRead(for:after:)`): the pipeline performs it, teaches the engine what it found,
/// and asks for the next, until the request needs nothing more.
public enum StoreRead: Hashable, Sendable {
    /// An account's conversations (its `member` entries) and its name, for
    /// `Engine.learn(_:conversations:name:)`.
    case account(AccountID)
    /// The conversation an invite opens: its `invite` entry, under the invite's key.
    case invite(key: String)
    /// The conversation of a session: its `session` entry.
    case session(SessionID)
    /// A conversation of this partition not in memory, from its snapshot and the records after
    /// it, with its members' names.
    case conversation(ConversationID)
    /// How many conversations an account is in over every partition, for
    /// `Engine.learnConversationCount(of:_:)`.
    case conversationCount(AccountID)
    /// A game's first answer, for a first message sent again long after: its `start` entry, for
    /// `Engine.recall(_:under:)`.
    case start(key: String)
}

/// What the reads for one request have found so far.
public struct Reading: Sendable {
    /// The reads performed.
    public private(set) var done: Set<StoreRead> = []
    /// The conversation each `.invite` or `.session` read found.
    public private(set) var found: [StoreRead: ConversationID] = [:]

    public init() {}

    /// Notes that `read` was performed, and the conversation it found, if it looks one up.
    public mutating func note(_ read: StoreRead, found conversation: ConversationID?) {
        done.insert(read)
        if let conversation { found[read] = conversation }
    }
}
