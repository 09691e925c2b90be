import Transcript
import Wire

/// What handling one request decided. The server stores `events` durably first; only then does
/// it send `replies` to the requester and the conversation entries in `notify` to every member
/// online, each rendered for that member (`Engine.writeFrame(ofEntry:in:for:into:)`).
public struct Decision: Sendable {
    public var events: [Record] = []
    public var replies: [ServerFrame] = []
    public var notify: [EntryReference] = []
    /// The turn clocks it started, moved on or stopped: the server times them.
    public var timers: [TimerChange] = []
    /// A resume of entries no longer in memory: the server reads the conversation's stored
    /// events page by page, has `Engine.backlogRenderer(for:)` render them, sends them and then `synced`.
    public var backlog: Backlog?
    /// Frames for every connection of an account, whatever it asked: a pairing's
    /// `conversation` frame, for one.
    public var sends: [(account: AccountID, frame: ServerFrame)] = []
    /// Where other streams than its conversations' must end for its records to be stored
    /// (`BatchDecision.expecting`).
    public var expecting: [String: Int64] = [:]

    public init() {}

    /// Adds what `other` decided after this: its events, replies, entries and timers.
    mutating func merge(_ other: Decision) {
        events += other.events
        replies += other.replies
        notify += other.notify
        timers += other.timers
        sends += other.sends
        expecting.merge(other.expecting) { first, _ in first }
    }

    static func reply(_ frame: ServerFrame) -> Decision {
        var decision = Decision()
        decision.replies = [frame]
        return decision
    }
}

/// A change to the turn clocks the server times.
public enum TimerChange: Hashable, Sendable {
    /// A session's turn runs until this deadline, in place of any before.
    case set(TurnDeadline)
    /// A session's clock stopped: its game is over, or its turn passed on with no clock.
    case cancel(SessionID)
}

/// A conversation entry to deliver to every member.
public struct EntryReference: Hashable, Sendable {
    public let conversation: ConversationID
    public let seq: Int

    public init(conversation: ConversationID, seq: Int) {
        self.conversation = conversation
        self.seq = seq
    }
}

/// What a `resume` asked for that the store must supply.
public struct Backlog: Hashable, Sendable {
    public let request: String
    public let conversation: ConversationID
    public let viewer: AccountID
    /// The entries after `after` up to `lastSeq` are sent, then `synced` with `lastSeq`.
    public let after: Int
    public let lastSeq: Int
}
