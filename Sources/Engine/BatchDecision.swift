import Foundation
import Storage
import Transcript
import Wire

/// One request of a pipeline's batch, as the engine decides it (the pipeline's `Submission`
/// carries it, with who hears the answer).
public enum Request: Sendable {
    /// A frame of an authenticated account (a `list` too).
    case frame(ClientFrame, from: AccountID)
    /// A turn's deadline has passed.
    case deadline(TurnDeadline)
    /// The operator ends a game, nobody winning.
    case end(session: String)
    /// The operator takes an account out of a conversation and bars it.
    case remove(AccountID, from: ConversationID)
    /// The operator lifts a removal's bar.
    case readmit(AccountID, to: ConversationID)
    /// A sticker posted over HTTP; its image's bytes are stored with its record.
    case sticker(StickerPost, by: AccountID, image: Data)
    /// An account's new name, stored by another pipeline, to tell in its conversations here.
    case announce(name: String, of: AccountID)
    /// A seek, from where the account connected, with the name its connection gave.
    case seek(ClientFrame.Seek, from: AccountID, origin: String, name: String? = nil)
    /// Stop seeking: one seek (named by the request that made it), or all when `nil` (the
    /// account's last connection went); `answering` is the request to answer, if any.
    case unseek(String?, from: AccountID, answering: String?)
    /// Pair the seeks whose time has come.
    case pair
    /// Rate the game of the conversation that waits to be rated (its `unrated` entry).
    case rate(ConversationID)
    /// The house bot's move in a conversation, if it has one to make.
    case houseBot(ConversationID)
    /// Another server paired seeks into this conversation: answer them on this server's
    /// connections, with its entries.
    case pairedElsewhere(ConversationID)
    /// This server starts: the seeks it took before it stopped leave the queue.
    case dropOwnSeeks
    /// Nothing to decide: another server sharing the store appended to a conversation of this
    /// partition (or, for `nil`, may have appended anything meanwhile), which the pipeline
    /// takes in before the batch.
    case storedElsewhere(AppendNotice?)
}

/// What the engine decided of a whole batch: each request's `Decision`, and what goes to the
/// store beside their records in the same transaction. The pipeline asks nothing more of the
/// engine to store a batch.
public struct BatchDecision: Sendable {
    /// Where the batch began (`Engine.setAside(_:)` sets aside what changed since).
    public let start: Engine.BatchStart
    /// Each request's decision, in the batch's order.
    public var decisions: [Decision] = []
    /// Every decision's records, in order.
    public var records: [Record] = []
    /// The index changes the records make.
    public var index: [IndexChange] = []
    /// The snapshots due with the records (under `snapshot` and `snapshot-at`), at most
    /// `Engine.snapshotsPerBatch` conversations' a batch.
    public var snapshots: [IndexChange] = []
    /// The conversations of `snapshots`, each with the seq its snapshot holds up to.
    public var snapshotted: [(conversation: ConversationID, seq: Int)] = []
    /// How each sticker post went, by the request's place in the batch.
    public var stickerAnswers: [Int: StickerAnswer] = [:]
    /// The accounts that asked for a new name and had one before the batch: their new names
    /// are announced in their conversations of other partitions (a first name is not).
    public var renamed: Set<AccountID> = []
    /// Where streams other than the batch's conversations must end for the batch to be stored
    /// (the streams of the players' ratings it changes: see `StoredStream.rating`).
    public var expecting: [String: Int64] = [:]
    /// What the pipeline is to schedule once the batch is stored.
    public var chores: [BatchChore] = []

    init(start: Engine.BatchStart) {
        self.start = start
    }
}

/// A chore a batch leaves its pipeline to schedule once it is stored.
public enum BatchChore: Hashable, Sendable {
    /// The conversation's rated game waits to be rated since this batch: decide a `rate` now.
    case rate(ConversationID)
    /// The house bot may move in the conversation since this batch: decide a `houseBot` after
    /// a moment's thought.
    case houseBot(ConversationID)
    /// When to decide a `pair` again, while seeks wait; `nil` when none does.
    case pair(at: Date?)
}

/// What a conversation that left memory (`Engine.evictIdle`) hands back: `snapshot`, if any,
/// keeps what it gained since its newest stored one; `deadlines` are the turns that ran in it,
/// which the server times from the store from now on.
public struct Eviction: Equatable, Sendable {
    public let snapshot: IndexChange?
    public let deadlines: [TurnDeadline]
}
