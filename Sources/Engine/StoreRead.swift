import Transcript

/// A read of the store that the engine needs before it can decide a request
/// (`Engine.nextRead(for:after:)`): the pipeline performs it, hands the engine what it found
/// (`Engine.take(_:)`), and asks for the next, until the request needs nothing more.
public enum StoreRead: Hashable, Sendable {
    /// An account's conversations (its `member` entries) and its name: `StoreFound.account`.
    case account(AccountID)
    /// The conversation an invite opens: its `invite` entry, under the invite's key.
    case invite(key: String)
    /// The conversation of a session: its `session` entry.
    case session(SessionID)
    /// A conversation of this partition not in memory, from its snapshot and the records after
    /// it (`StoreFound.snapshot`, or `.records`, all of them), then its members' names
    /// (`.names`).
    case conversation(ConversationID)
    /// How many conversations an account is in over every partition: `StoreFound.conversationCount`.
    case conversationCount(AccountID)
    /// A game's first answer, for a first message sent again long after: its `start` entry,
    /// `StoreFound.start`.
    case start(key: String)
    /// A conversation's rated game waiting to be rated (its `unrated` entry), its players'
    /// standings (`rating` entries) and where their rating streams end: `StoreFound.unrated`.
    case unrated(ConversationID)
    /// An account's standing in a game and variant (its `rating` entry, under this key):
    /// `StoreFound.standing`.
    case standing(key: String)
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

/// What a read of the store found, for the engine to take in (`Engine.take(_:)`): the answer to
/// a `StoreRead`, or what another server stored.
public enum StoreFound: Sendable {
    /// An account's conversations (its `member` entries; the engine keeps its partition's) and
    /// its name.
    case account(AccountID, conversations: [ConversationID], name: String?)
    /// How many conversations an account is in over every partition.
    case conversationCount(AccountID, Int)
    /// A game's first answer (its `start` entry), under its key.
    case start(key: String, answer: String)
    /// A conversation's newest snapshot and the records stored after it (older ones are passed
    /// over by their seq).
    case snapshot(ConversationID, String, then: [Record])
    /// Every record of a conversation, in order.
    case records(ConversationID, [Record])
    /// Accounts' names (their `name` entries).
    case names([AccountID: String])
    /// A conversation's rated game waiting to be rated (`nil`: none waits, it was rated), with
    /// its players' standings (`nil` for one who has none yet) and the heads of their rating
    /// streams (0 for one with no record), as `game.players`.
    case unrated(ConversationID, RatedGame?, standings: [Standing?], heads: [Int64])
    /// An account's standing under a `rating` key; `nil` before its first rated game.
    case standing(key: String, Standing?)
    /// The records of the queue's stream after `Engine.queueThrough`, up to `through`; or, as
    /// a server starts, every seek waiting (`sought` records made from the `seek` index)
    /// and where the stream ended before they were read.
    case queue([Record], through: Int64)
    /// What another server stored, in the store's order: records of conversations in memory
    /// (others are passed over), and names.
    case storedElsewhere([Record])
}

/// What the engine made of what the store found (`Engine.take(_:)`).
public struct Taken: Sendable {
    /// False when a snapshot is of a format this version cannot use: nothing changed, and the
    /// conversation is to be taken from every one of its records instead.
    public var loaded = true
    /// The members of what was taken in whose names the engine lacks: read next (`StoreFound.names`).
    public var namesWanted: [AccountID] = []
    /// For what another server stored, what it decided as far as this server is concerned:
    /// the records taken in, the entries to relay and the turn clocks they moved on or stopped.
    /// For a conversation loaded, the turn clocks running in it (`timers`).
    public var decision = Decision()
    /// For a conversation loaded, the seq of its newest entry.
    public var lastSeq: Int?

    public init() {}

    /// Says what a conversation just loaded needs: its running clocks, its members' names.
    mutating func describe(loaded conversation: ConversationID, in engine: Engine) {
        decision.timers = engine.deadlines(in: conversation).map(TimerChange.set)
        namesWanted = engine.accountsWithoutNames(in: conversation)
        lastSeq = engine.lastSeq(of: conversation)
    }
}
