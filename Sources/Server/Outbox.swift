import Synchronization
import Wire

/// What a connection's writer sends, in order.
enum Outgoing: Sendable {
    case frame(ServerFrame)
    /// A `resume`'s answer: the events it replays, then its `synced`. However many, they take
    /// one place in the outbox, and the writer sends them at the pace the client reads, so a
    /// member away for a long while catches up instead of being cut off.
    case replay(Replay)
}

/// A `resume`'s answer: frames in memory, then, for entries the engine no longer holds, pages
/// read from the store only as the writer comes to them, so that a backlog of any length costs
/// the memory of one page.
struct Replay: Sendable {
    var frames: [ServerFrame]
    var pages: AsyncStream<[ServerFrame]>?
}

/// One connection's queue of frames, filled by the pipelines and emptied by the connection's
/// writer. Bounded: a reader too slow for `limits.outboxFrames` frames and replays is closed
/// (1001), and no more than `maxReplays` replays wait at once.
final class Outbox: Sendable {
    private let continuation: AsyncStream<Outgoing>.Continuation
    /// Replays queued and not yet written.
    private let replays = Atomic<Int>(0)
    /// How many replays may wait for one connection; a `resume` beyond them is refused as
    /// `rate-limited`, to be sent again once the others have arrived.
    static let maxReplays = 16

    private init(_ continuation: AsyncStream<Outgoing>.Continuation) {
        self.continuation = continuation
    }

    /// A new outbox holding at most `limit` items, and the stream its writer reads.
    static func make(limit: Int) -> (items: AsyncStream<Outgoing>, outbox: Outbox) {
        let (items, continuation) = AsyncStream<Outgoing>.makeStream(bufferingPolicy: .bufferingOldest(limit))
        return (items, Outbox(continuation))
    }

    /// Queues a frame; an outbox that is full is ended, which closes the connection. Its client
    /// reconnects and resumes, so nothing is lost.
    func deliver(_ frame: ServerFrame) {
        if case .dropped = continuation.yield(.frame(frame)) { continuation.finish() }
    }

    /// Queues a `resume`'s answer (its events, then `synced`) as one replay; or, when
    /// `maxReplays` already wait, a refusal of request `id` in its place.
    func deliver(replay: Replay, request id: String) {
        guard replay.frames.count > 1 || replay.pages != nil else {
            for frame in replay.frames { deliver(frame) }
            return
        }
        guard replays.add(1, ordering: .relaxed).newValue <= Self.maxReplays else {
            replays.subtract(1, ordering: .relaxed)
            deliver(.rejected(.init(id: id, error: ErrorFrame(code: "rate-limited",
                reason: "\(Self.maxReplays) resumes already wait to be sent on this connection; send it again once they have arrived."))))
            return
        }
        if case .dropped = continuation.yield(.replay(replay)) {
            replays.subtract(1, ordering: .relaxed)
            continuation.finish()
        }
    }

    /// Called by the writer once it has sent a replay.
    func sentReplay() {
        replays.subtract(1, ordering: .relaxed)
    }

    /// Ends the outbox: the writer sends what is queued, then closes.
    func finish() {
        continuation.finish()
    }
}
