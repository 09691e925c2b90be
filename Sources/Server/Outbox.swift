import NIOCore
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
/// writer, which takes everything queued at once (`next()`) and writes it as one TLS write.
/// Bounded: a reader too slow for `limits.outboxFrames` frames and replays is closed (1001),
/// and no more than `maxReplays` replays wait at once.
final class Outbox: Sendable {
    private struct State {
        var items: [Outgoing] = []
        /// The writer, waiting for something to write.
        var writer: CheckedContinuation<[Outgoing]?, Never>?
        /// Set once nothing more may be queued; the writer sends what is queued, then stops.
        var finished = false
        /// Replays queued and not yet written.
        var replays = 0

        /// The waiting writer, if any, no longer waiting.
        mutating func take() -> CheckedContinuation<[Outgoing]?, Never>? {
            defer { writer = nil }
            return writer
        }
    }

    private let state = Mutex(State())
    private let limit: Int
    /// How many replays may wait for one connection; a `resume` beyond them is refused as
    /// `rate-limited`, to be sent again once the others have arrived.
    static let maxReplays = 16

    /// An outbox holding at most `limit` items.
    init(limit: Int) {
        self.limit = limit
    }

    /// Queues a frame; an outbox that is full is ended, which closes the connection. Its client
    /// reconnects and resumes, so nothing is lost.
    func deliver(_ frame: ServerFrame) {
        enqueue(.frame(frame))
    }

    /// Queues a `resume`'s answer (its events, then `synced`) as one replay; or, when
    /// `maxReplays` already wait, a refusal of request `id` in its place.
    func deliver(replay: Replay, request id: String) {
        guard replay.frames.count > 1 || replay.pages != nil else {
            for frame in replay.frames { deliver(frame) }
            return
        }
        let admitted = state.withLock { state in
            guard state.replays < Self.maxReplays else { return false }
            state.replays += 1
            return true
        }
        guard admitted else {
            deliver(.rejected(.init(id: id, error: ErrorFrame(code: "rate-limited",
                reason: "\(Self.maxReplays) resumes already wait to be sent on this connection; send it again once they have arrived."))))
            return
        }
        if !enqueue(.replay(replay)) { sentReplay() }
    }

    /// Called by the writer once it has sent a replay.
    func sentReplay() {
        state.withLock { $0.replays -= 1 }
    }

    /// Ends the outbox: the writer sends what is queued, then stops.
    func finish() {
        let writer = state.withLock { state -> CheckedContinuation<[Outgoing]?, Never>? in
            state.finished = true
            return state.items.isEmpty ? state.take() : nil
        }
        writer?.resume(returning: nil)
    }

    /// Everything queued since the last call, in order; waits while nothing is. `nil` once the
    /// outbox is finished and empty. Only the connection's one writer calls it.
    func next() async -> [Outgoing]? {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> [Outgoing]?? in
                if !state.items.isEmpty {
                    defer { state.items = [] }
                    return .some(state.items)
                }
                if state.finished { return .some(nil) }
                state.writer = continuation
                return .none
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    /// False when the item was not queued: the outbox is finished, or was full and is now.
    @discardableResult
    private func enqueue(_ item: Outgoing) -> Bool {
        var handOver: (CheckedContinuation<[Outgoing]?, Never>, [Outgoing]?)?
        let queued = state.withLock { state -> Bool in
            guard !state.finished else { return false }
            guard state.items.count < limit else {
                // Too slow a reader: what is queued still goes, then the connection closes.
                state.finished = true
                return false
            }
            if let writer = state.take() {
                handOver = (writer, [item])
            } else {
                state.items.append(item)
            }
            return true
        }
        if let (writer, items) = handOver { writer.resume(returning: items) }
        return queued
    }
}
