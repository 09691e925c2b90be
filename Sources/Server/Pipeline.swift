import Engine
import Foundation
import Logging
import GameRules
import ServiceLifecycle
import Storage
import Transcript
import Wire

/// The authoritative relay: one pipeline through which every request of every connection
/// passes, in order. It takes what has queued up, lets the engine decide each request, stores
/// all the batch's events in one append (group commit), and only then sends the replies and
/// relays the events, each rendered for its recipient. So nothing is heard of before it is
/// durable, and one slow disk write serves many moves.
public actor Relay {
    var engine: Engine
    let log: any EventLog
    let logger: Logger
    var outboxes: [AccountID: [Int: AsyncStream<ServerFrame>.Continuation]] = [:]
    private var nextConnection = 0
    var pending: [Command] = []
    private var wakeUp: CheckedContinuation<Void, Never>?
    private var generator = SystemRandomNumberGenerator()

    var timers: [Session: Task<Void, Never>] = [:]
    /// Counters for `/metrics`, safe to touch from any connection.
    nonisolated let metrics: RelayMetrics
    /// Operators watching games live, by session id (`Relay+Admin`).
    var watchers: [String: [UUID: AsyncStream<AdminMove>.Continuation]] = [:]
    /// Accepted moves by the second they were answered in, for the last few seconds.
    var acceptedBySecond: [Int: Int] = [:]

    enum Command {
        /// A frame of `account`. Answers go to `connection`; `nil` for requests made on a
        /// connection's behalf whose answers nobody waits for (the name given on authenticating).
        case frame(ClientFrame, account: AccountID, connection: Int?, received: ContinuousClock.Instant)
        /// A turn's deadline has passed.
        case deadline(TurnDeadline)
        /// An operator's action; `answer` hears, once it is stored, whether it applied.
        case operatorAction(OperatorAction, answer: @Sendable (OperatorOutcome) -> Void)
    }

    /// What became of an operator's action.
    enum OperatorOutcome: Sendable {
        case applied
        /// No such game running, or no such member.
        case notApplicable
        /// The store failed; nothing was kept.
        case unavailable
    }

    /// Set when an append failed: why, and since when. While it is set, each batch is decided
    /// on a copy of the engine that is dropped if the store fails again.
    var storeFailure: (error: LogError, since: Date)?
    /// Set when the engine holds decisions that the store refused and must be rebuilt from
    /// the store before it decides anything again.
    var engineAheadOfStore = false
    var lastRebuildAttempt: ContinuousClock.Instant?
    let secret: [UInt8]

    /// What an operator may do through the admin API.
    enum OperatorAction: Sendable {
        case end(session: String)
        case remove(account: AccountID, conversation: String)
    }

    /// A relay over `engine`, whose state must already hold everything in `log`.
    let heartbeat: Heartbeat?
    let residency: Residency
    /// When each conversation in memory was last used.
    var lastUsed: [String: ContinuousClock.Instant] = [:]
    var lastSweep: ContinuousClock.Instant?
    var sweepDue = false
    var lastTrim: ContinuousClock.Instant?
    var evictedSinceTrim = 0
    var lastAccountSweep: ContinuousClock.Instant?
    /// For each conversation in memory: the log position of its newest stored event, and the
    /// seq its newest stored snapshot holds up to.
    var storedThrough: [String: Int64] = [:]
    var snapshotSeq: [String: Int] = [:]
    /// Snapshots of conversations that left memory, not yet stored.
    var pendingSnapshots: [String: IndexChange] = [:]
    /// How many entries a conversation may gain before a snapshot of it is stored with them.
    static let snapshotInterval = 200

    init(
        engine: Engine, secret: [UInt8], log: any EventLog, heartbeat: Heartbeat? = nil,
        residency: Residency = Residency(), logger: Logger, metrics: RelayMetrics = RelayMetrics()
    ) {
        self.engine = engine
        self.residency = residency
        self.heartbeat = heartbeat
        self.secret = secret
        self.log = log
        self.logger = logger
        self.metrics = metrics
    }

    /// Registers a connection of `account`; frames for it are yielded to `outbox`.
    func connect(_ account: AccountID, outbox: AsyncStream<ServerFrame>.Continuation) -> Int {
        nextConnection += 1
        outboxes[account, default: [:]][nextConnection] = outbox
        metrics.connected()
        return nextConnection
    }

    func disconnect(_ account: AccountID, connection: Int) {
        guard outboxes[account]?[connection] != nil else { return }
        metrics.disconnected()
        outboxes[account]?[connection] = nil
        if outboxes[account]?.isEmpty == true { outboxes[account] = nil }
    }

    /// The name an `authenticate` gives, as it is kept; or why it is refused.
    func check(name typed: String) -> (kept: String?, refusal: ErrorFrame) {
        (engine.keptName(typed), engine.nameRefusal)
    }

    func setPublicURL(_ url: String) {
        engine.configuration.publicURL = url
    }

    /// How many connections are authenticated now.
    public var connectionCount: Int { outboxes.values.reduce(0) { $0 + $1.count } }

    func submit(_ frame: ClientFrame, from account: AccountID, connection: Int?) {
        pending.append(.frame(frame.canonical, account: account, connection: connection, received: .now))
        wake()
    }

    /// The pipeline; runs until its task is cancelled or the server shuts down gracefully.
    public func run() async {
        let beating = heartbeat.map { heartbeat in
            Task {
                while !Task.isCancelled {
                    try? await Task.sleep(for: Heartbeat.interval)
                    heartbeat.beat()
                }
            }
        }
        // Idle conversations leave memory even when nothing else happens.
        let sweeping = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(1))
                await self?.requestSweep()
            }
        }
        defer { sweeping.cancel() }
        await cancelWhenGracefulShutdown {
            await withTaskCancellationHandler {
                await self.pipeline()
            } onCancel: {
                Task { await self.wake() }
            }
        }
        beating?.cancel()
        heartbeat?.beat()
        stopTimers()
    }

    func stopTimers() {
        for timer in timers.values { timer.cancel() }
        timers = [:]
    }

    private func requestSweep() {
        sweepDue = true
        wake()
    }

    func wake() {
        wakeUp?.resume()
        wakeUp = nil
    }

    private func pipeline() async {
        while !Task.isCancelled {
            if pending.isEmpty {
                // Eviction runs here, between batches, so it never takes a conversation from
                // under a batch that is waiting for the store.
                if sweepDue {
                    sweepDue = false
                    evictIdleConversations()
                    continue
                }
                if !pendingSnapshots.isEmpty, storeFailure == nil {
                    await storePendingSnapshots()
                    continue
                }
                await withCheckedContinuation { wakeUp = $0 }
                continue
            }
            let batch = pending
            pending = []
            await process(batch)
        }
    }

    private func process(_ batch: [Command]) async {
        guard await engineMatchesStore(), await loadConversations(for: batch) else {
            refuse(batch)
            return
        }
        defer { evictIdleConversations() }
        // While the store is failing, decide on a copy that can be dropped: the copy costs what
        // a rebuild would not, and only while the store is down.
        let saved = storeFailure == nil ? nil : engine
        let now = Date()
        let decisions = batch.map { command in
            switch command {
            case let .frame(frame, account, _, _):
                engine.handle(frame, from: account, now: now, random: &generator)
            case let .deadline(deadline):
                engine.timeOut(deadline, now: now)
            case let .operatorAction(action, _):
                switch action {
                case let .end(session): engine.end(session: session, now: now) ?? Decision()
                case let .remove(account, conversation): engine.remove(account, from: conversation) ?? Decision()
                }
            }
        }
        let events = decisions.flatMap(\.events)
        if !events.isEmpty {
            do {
                let records = try events.map { event in
                    NewLogRecord(stream: event.conversation ?? "", payload: try WireJSON.encode(event))
                }
                let (snapshots, snapshotted) = snapshotsDue(after: events)
                let stored = try await log.append(records, indexing: engine.indexChanges(for: events) + snapshots)
                for record in stored where !record.stream.isEmpty { storedThrough[record.stream] = record.position }
                for (id, seq) in snapshotted { snapshotSeq[id] = seq }
            } catch {
                // Nothing of the batch is relayed: its requests are refused, and the engine goes
                // back to what the store holds.
                await storeFailed(error, restoring: saved)
                refuse(batch)
                return
            }
            if storeFailure != nil { storeRecovered() }
        }
        let answered = ContinuousClock.now
        for (command, decision) in zip(batch, decisions) {
            if case let .frame(_, account, connection, received) = command {
                var replies = decision.replies
                // Read here, in order, so that the backlog reaches the client before any
                // entry relayed after it.
                if let backlog = decision.backlog { replies += await answer(backlog) }
                count(replies, after: answered - received)
                if let connection, let outbox = outboxes[account]?[connection] {
                    for reply in replies { Self.deliver(reply, to: outbox) }
                }
            }
            touch(decision.notify)
            for reference in decision.notify { relay(reference) }
            for deadline in decision.deadlines { schedule(deadline) }
            if case let .operatorAction(_, answer) = command { answer(decision.events.isEmpty ? .notApplicable : .applied) }
        }
        stopClocks(after: events)
        if !watchers.isEmpty { tellWatchers(about: events) }
    }

    func count(_ replies: [ServerFrame], after duration: Duration) {
        for reply in replies {
            switch reply {
            case .accepted:
                metrics.acceptedMove(after: duration)
                noteAccepted()
            case let .rejected(rejected): metrics.rejected(rejected.error.code)
            case let .error(error): metrics.rejected(error.code)
            default: break
            }
        }
    }

    /// Counts over the engine's state, for `/metrics` and the admin's stats.
    public func statistics() -> EngineStatistics { engine.statistics() }

    /// Cancels the timers of sessions whose clock stopped: a finished game's timer would
    /// otherwise sleep until its turn's deadline, minutes after the game ended.
    private func stopClocks(after events: [EngineEvent]) {
        for event in events {
            let session: Session, conversation: String
            switch event {
            case let .accepted(move): (session, conversation) = (move.session, move.conversation)
            case let .ended(id, _, ended, _), let .timedOut(id, _, ended, _): (session, conversation) = (ended, id)
            default: continue
            }
            guard timers[session] != nil, engine.deadline(ofSession: session, in: conversation) == nil else { continue }
            timers[session]?.cancel()
            timers[session] = nil
        }
    }

    /// Times a session's turn, replacing the timer of its previous turn.
    func schedule(_ deadline: TurnDeadline) {
        timers[deadline.session]?.cancel()
        timers[deadline.session] = Task { [weak self] in
            let wait = deadline.at.timeIntervalSinceNow
            if wait > 0 { try? await Task.sleep(for: .milliseconds(Int((wait * 1000).rounded(.up)))) }
            guard !Task.isCancelled else { return }
            await self?.expire(deadline)
        }
    }

    /// Tries a deadline again in a second, when the store could not keep its timeout.
    func retry(_ deadline: TurnDeadline) {
        timers[deadline.session]?.cancel()
        timers[deadline.session] = Task { [weak self] in
            try? await Task.sleep(for: .seconds(1))
            guard !Task.isCancelled else { return }
            await self?.expire(deadline)
        }
    }

    func expire(_ deadline: TurnDeadline) {
        timers[deadline.session] = nil
        pending.append(.deadline(deadline))
        wake()
    }

    private func relay(_ reference: EntryReference) {
        for member in engine.members(of: reference.conversation) {
            guard let connections = outboxes[member],
                let event = engine.event(conversation: reference.conversation, seq: reference.seq, for: member)
            else { continue }
            for outbox in connections.values { Self.deliver(.event(event), to: outbox) }
        }
    }

    /// Queues a frame for a connection; one whose queue is full is ended, which closes the
    /// connection. Its client reconnects and resumes, so nothing is lost, and no reader, however
    /// slow, makes the server hold more than `limits.outboxFrames` frames for it.
    static func deliver(_ frame: ServerFrame, to outbox: AsyncStream<ServerFrame>.Continuation) {
        if case .dropped = outbox.yield(frame) { outbox.finish() }
    }
}
