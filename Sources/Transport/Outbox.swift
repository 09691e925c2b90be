import Transcript
import NIOCore
import Synchronization
import Wire

/// What a connection's writer sends, in order.
package enum Outgoing: Sendable {
    /// Boxed: a `ServerFrame` is 441 bytes, which every slot of an outbox took, though most of
    /// what a busy server queues is `encoded`.
    indirect case frame(ServerFrame)
    /// Frames already written as WebSocket text frames (`WebSocketTextFrames`), `count` of
    /// them: what a batch sends a connection, encoded once on the pipeline.
    case encoded(ByteBuffer, count: Int)
    /// A `resume`'s answer: the events it resumeAnswers, then its `synced`. However many, they take
    /// one place in the outbox, and the writer sends them at the pace the client reads, so a
    /// member away for a long while catches up instead of being cut off.
    case resumeAnswer(ResumeAnswer)

    /// How many frames it counts for against the outbox's bound.
    package var frameCount: Int {
        switch self {
        case .frame, .resumeAnswer: 1
        case let .encoded(_, count): count
        }
    }
}

/// A `resume`'s answer: frames in memory, then, for entries the engine no longer holds, pages
/// read from the store only as the writer comes to them, so that a backlog of any length costs
/// the memory of one page.
package struct ResumeAnswer: Sendable {
    package var frames: [ServerFrame]
    package var pages: AsyncStream<[ServerFrame]>?

    package init(frames: [ServerFrame], pages: AsyncStream<[ServerFrame]>? = nil) {
        self.frames = frames
        self.pages = pages
    }
}

/// One connection's queue of frames, filled by the pipelines and emptied by its consumer (the
/// connection's `OutboxWriter`), which takes everything queued at once and writes it as one
/// TLS write. Nothing waits on an idle outbox: the first item queued wakes the consumer
/// (`wake`), which takes until it finds the outbox empty.
///
/// Bounded: a reader too slow for `limits.outboxFrames` frames and resumeAnswers is closed (1001),
/// and no more than `maxResumeAnswers` resumeAnswers wait at once.
package final class Outbox: Sendable {
    private struct State {
        var items: [Outgoing] = []
        /// How many frames `items` holds (`Outgoing.frameCount`).
        var queued = 0
        /// Set while the consumer has been woken and has not yet found the outbox empty, and
        /// before `start()`.
        var busy = true
        var phase = Phase.open
        /// Called once the consumer has ended.
        var whenEnded: [@Sendable () -> Void] = []
        /// Resume answers queued and not yet written.
        var resumeAnswers = 0
        /// The newest seq of each conversation whose events were queued live: a `conversations`
        /// list queued after them says no lower `lastSeq`.
        var newestSeqs: [ConversationID: Int] = [:]

        /// Whether the consumer must be woken: it is not already at work.
        mutating func startConsumer() -> Bool {
            guard !busy, phase != .ended else { return false }
            busy = true
            return true
        }
    }

    /// Where an outbox is in its life.
    private enum Phase: Equatable {
        /// Frames may be queued.
        case open
        /// Nothing more may be queued; the consumer sends what is queued, then ends. Finished by
        /// the connection's reader, or because it overflowed.
        case finishing(byReader: Bool)
        /// The consumer has sent everything and ended, or given up.
        case ended
    }

    private let state = Mutex(State())
    private let limit: Int
    /// A frame longer than this goes in fragments (the server's own limit on a message).
    package let maxFrameBytes: Int
    /// Where the connection came from (its peer's address), if known: two accounts from one
    /// are never paired for a rated game.
    package let origin: String?
    /// The name the connection's account goes by, as the connection last gave it (at
    /// `authenticate` or by `rename`): a seek carries it, so that its pairing names the player
    /// before the account's own pipeline has stored the name.
    package var name: String? {
        get { named.withLock { $0 } }
        set { named.withLock { $0 = newValue } }
    }
    private let named: Mutex<String?>
    /// Called, outside the lock, when an item arrives in an idle outbox.
    private let wake: @Sendable (Outbox) -> Void
    /// Called once if the outbox ends because it overflowed while the connection still reads.
    private let overflowed: @Sendable () -> Void
    /// How many resumeAnswers may wait for one connection; a `resume` beyond them is refused as
    /// `rate-limited`, to be sent again once the others have arrived.
    package static let maxResumeAnswers = 16

    /// An outbox holding at most `limit` items, that queues without waking its consumer until
    /// `start()`: a connection's welcome is queued before the connection is registered, and
    /// sent only if it is.
    package init(
        limit: Int, maxFrameBytes: Int, origin: String? = nil, name: String? = nil, wake: @escaping @Sendable (Outbox) -> Void,
        overflowed: @escaping @Sendable () -> Void = {}
    ) {
        self.origin = origin
        named = Mutex(name)
        self.limit = limit
        self.maxFrameBytes = maxFrameBytes
        self.wake = wake
        self.overflowed = overflowed
    }

    /// Queues a frame; an outbox that is full is ended, which closes the connection. Its client
    /// reconnects and resumes, so nothing is lost.
    package func deliver(_ frame: ServerFrame) {
        enqueue(.frame(frame))
    }

    /// Queues `count` frames already encoded, in order, waking the consumer once: what one
    /// batch sends a connection (`Deliveries`).
    package func deliver(encoded frames: ByteBuffer, count: Int) {
        enqueue(.encoded(frames, count: count))
    }

    /// The same, for frames that hold the events `newest` names (the newest seq of each
    /// conversation among them).
    package func deliver(encoded frames: ByteBuffer, count: Int, newest: [ConversationID: Int]) {
        enqueue(.encoded(frames, count: count)) { state in
            state.newestSeqs.merge(newest, uniquingKeysWith: max)
        }
    }

    /// Queues a `conversations` list, each `lastSeq` raised to the newest event queued for its
    /// conversation before it: the list was read from the pipelines before some of those were
    /// relayed, and a client must never be told of a `lastSeq` older than an event it has.
    package func deliver(list: ServerFrame.ConversationList) {
        enqueue { state in
            var list = list
            for index in list.conversations.indices {
                let newest = state.newestSeqs[list.conversations[index].conversation] ?? 0
                list.conversations[index].lastSeq = max(list.conversations[index].lastSeq, newest)
            }
            return .frame(.conversations(list))
        }
    }

    /// Queues a `resume`'s answer (its events, then `synced`) as one item; or, when
    /// `maxResumeAnswers` already wait, a refusal of request `id` in its place.
    package func deliver(resumeAnswer: ResumeAnswer, request id: String) {
        guard resumeAnswer.frames.count > 1 || resumeAnswer.pages != nil else {
            for frame in resumeAnswer.frames { deliver(frame) }
            return
        }
        let admitted = state.withLock { state in
            guard state.resumeAnswers < Self.maxResumeAnswers else { return false }
            state.resumeAnswers += 1
            return true
        }
        guard admitted else {
            deliver(.rejected(.init(id: id, error: ErrorFrame(code: "rate-limited",
                reason: "\(Self.maxResumeAnswers) resumes already wait to be sent on this connection; send it again once they have arrived."))))
            return
        }
        if !enqueue(.resumeAnswer(resumeAnswer)) { sentResumeAnswer() }
    }

    /// Called by the consumer once it has sent a resume answer.
    package func sentResumeAnswer() {
        state.withLock { $0.resumeAnswers -= 1 }
    }

    /// Lets the consumer take what is queued, and what comes.
    package func start() {
        let wakeUp = state.withLock { state -> Bool in
            state.busy = false
            return state.startConsumer()
        }
        if wakeUp { wake(self) }
    }

    /// Ends the outbox from the connection's side: the consumer sends what is queued, then
    /// ends, and then `then` is called (at once if it has ended already).
    package func finish(then: (@Sendable () -> Void)? = nil) {
        let (wakeUp, endedAlready) = state.withLock { state -> (Bool, Bool) in
            let endedAlready = state.phase == .ended
            if !endedAlready {
                state.phase = .finishing(byReader: true)
                if let then { state.whenEnded.append(then) }
            }
            return (state.startConsumer(), endedAlready)
        }
        if endedAlready { then?() }
        if wakeUp { wake(self) }
    }

    // MARK: The consumer's side

    /// For the consumer, once woken: everything queued, in order. Empty when nothing is (the
    /// consumer stops until woken again); `nil` once the outbox is finished and empty (the
    /// consumer is done, and says so with `ended()`).
    package func take() -> [Outgoing]? {
        state.withLock { state in
            if !state.items.isEmpty {
                defer {
                    state.items = []
                    state.queued = 0
                }
                return state.items
            }
            if state.phase != .open { return nil }
            state.busy = false
            return []
        }
    }

    /// For the consumer: items it took but could not handle yet, back at the front.
    package func putBack(_ items: some Collection<Outgoing>) {
        let count = items.reduce(0) { $0 + $1.frameCount }
        state.withLock { state in
            state.items.insert(contentsOf: items, at: 0)
            state.queued += count
        }
    }

    /// For the consumer: it has sent everything, or can send nothing more (the connection is
    /// gone). Calls what waits for the end (`finish(then:)`); an outbox that overflowed while
    /// the connection still reads has the connection closed.
    package func ended() {
        let (waiting, overflow) = state.withLock { state -> ([@Sendable () -> Void], Bool) in
            guard state.phase != .ended else { return ([], false) }
            let overflow = state.phase != .finishing(byReader: true)
            state.phase = .ended
            state.items = []
            state.queued = 0
            defer { state.whenEnded = [] }
            return (state.whenEnded, overflow)
        }
        for then in waiting { then() }
        if overflow { overflowed() }
    }

    /// False when the item was not queued: the outbox is finished, or was full and is now.
    @discardableResult
    private func enqueue(_ item: Outgoing, noting: (inout State) -> Void = { _ in }) -> Bool {
        enqueue { state in
            noting(&state)
            return item
        }
    }

    /// Queues the item `make` makes under the outbox's lock, after everything queued before it.
    @discardableResult
    private func enqueue(_ make: (inout State) -> Outgoing) -> Bool {
        let (queued, wakeUp) = state.withLock { state -> (Bool, Bool) in
            guard state.phase == .open else { return (false, false) }
            let item = make(&state)
            guard state.queued + item.frameCount <= limit else {
                // Too slow a reader: what is queued still goes, then the connection closes.
                state.phase = .finishing(byReader: false)
                return (false, state.startConsumer())
            }
            state.items.append(item)
            state.queued += item.frameCount
            return (true, state.startConsumer())
        }
        if wakeUp { wake(self) }
        return queued
    }
}
