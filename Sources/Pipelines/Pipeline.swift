import Engine
import Foundation
import Logging
import NIOCore
import GameRules
import ServiceLifecycle
import Synchronization
import Storage
import Transcript
import Transport
import Wire
import Timekeeping

/// One of the relay's pipelines: every request about the conversations of its partition passes
/// through it, in order. It takes what has queued up, lets its engine decide each request,
/// stores all the batch's events in one append (group commit), and only then sends the replies
/// and relays the events, each rendered for its recipient. So nothing is heard of before it is
/// durable, and one slow disk write serves many moves. Pipelines run side by side, one per core:
/// the moves of conversations of different partitions never wait for each other.
package actor Pipeline {
    /// What the pipeline works with and never changes (`Environment`).
    package nonisolated let environment: Environment
    /// Its partition's conversations, the directory of accounts, the totals.
    package var engine: Engine
    /// The other pipelines of the server, told of renames.
    package var peers: [Pipeline] = []
    /// Every pipeline of the server, in partition order, this one among them.
    package var all: [Pipeline] = []
    /// What admin pages, `/health` and `/metrics` read without waiting for the pipeline.
    package nonisolated let published = Mutex(Published())
    /// What waits for the pipeline: queued from any thread (a connection's event loop, a timer)
    /// without a hop onto the actor, and taken whole as the next batch.
    package nonisolated let inbox = Mutex(Inbox())
    package var generator = SystemRandomNumberGenerator()
    /// Its chores on the clock: every turn's deadline and the sweeps (`Pipeline+Deadlines`).
    package var timers = Timers<ChoreKey, Chore>()
    /// Operators watching games live, by session id (`Pipeline+Admin`).
    package var watchers: [String: [UUID: AsyncStream<AdminMove>.Continuation]] = [:]
    /// Whether the store takes what the pipeline appends (see `StoreState`).
    package var storeState = StoreState.working
    /// What it keeps of each conversation it holds beside the engine (`HeldConversations`).
    package var held = HeldConversations()
    /// When idle conversations were last looked for, after a batch or on the sweep's chore.
    package var lastSweep: WallInstant?

    /// What a pipeline works with, handed in when it is made.
    package struct Environment: Sendable {
        let log: any EventLog
        let logger: Logger
        let connections: Connections
        /// Where the pipeline runs: one of the server's event loops, which also serve
        /// connections, so that a frame read on it is decided without waking another thread, and
        /// the frames a batch relays to the connections of that loop are written without one.
        let eventLoop: any EventLoop
        /// Where the pipeline reads the time and sleeps: its timers, its sweeps, its heartbeat.
        let clock: any ServerClock
        /// Counters for `/metrics`, safe to touch from any connection.
        let metrics: ServerMetrics
        let secret: [UInt8]
        /// Only one pipeline of a server keeps it.
        let heartbeat: Heartbeat?
        let residency: ConversationRouter.Residency
        /// How many conversations each account is in, shared with the server's other pipelines.
        let conversationCounts: ConversationCounts
        /// Whether other servers append to the store too (`EventLog.isShared`).
        var isShared: Bool { log.isShared }
    }

    package nonisolated var log: any EventLog { environment.log }
    package nonisolated var logger: Logger { environment.logger }
    package nonisolated var connections: Connections { environment.connections }
    package nonisolated var clock: any ServerClock { environment.clock }
    package nonisolated var metrics: ServerMetrics { environment.metrics }
    package nonisolated var isShared: Bool { environment.isShared }

    package nonisolated var unownedExecutor: UnownedSerialExecutor {
        environment.eventLoop.executor.asUnownedSerialExecutor()
    }

    /// The figures read from outside the pipeline, as they stood after its last batch.
    package struct Published: Sendable {
        var statistics = EngineStatistics()
        var resident = 0
        /// `turnCount`.
        var turnsTimed = 0
        var storeProblem: String?
    }

    /// How many times a batch is decided again after losing races with other servers, before
    /// its requests are refused as `unavailable`.
    package static let conflictRetries = 5

    /// How long the house bot takes over a move: a moment, so that a person sees their own
    /// move land before the answer.
    package static let houseBotThought: Duration = .milliseconds(800)

    /// A pipeline over `engine`, whose state must already hold what `log` holds of its
    /// partition. Only one pipeline of a server keeps the heartbeat.
    package init(
        engine: Engine, secret: [UInt8], log: any EventLog, connections: Connections, heartbeat: Heartbeat? = nil,
        residency: ConversationRouter.Residency = ConversationRouter.Residency(), conversationCounts: ConversationCounts = ConversationCounts(),
        eventLoop: any EventLoop, logger: Logger, metrics: ServerMetrics, clock: any ServerClock = SystemClock()
    ) {
        self.engine = engine
        environment = Environment(
            log: log, logger: logger, connections: connections, eventLoop: eventLoop, clock: clock, metrics: metrics,
            secret: secret, heartbeat: heartbeat, residency: residency, conversationCounts: conversationCounts)
    }

    package func meet(_ peers: [Pipeline]) {
        all = peers
        self.peers = peers.filter { $0 !== self }
    }

    package func setPublicURL(_ url: String) {
        engine.configuration.publicURL = url
    }

    /// A name stored by another pipeline: the conversations of this one show it from now on.
    package func learnName(_ name: String, of account: AccountID) {
        _ = try? engine.take(.names([account: name]))
    }

    /// The pipeline; runs until its task is cancelled or the server shuts down gracefully.
    package func run() async {
        let beating = environment.heartbeat.map { heartbeat in
            // Off the event loop: it writes a file.
            Task.detached { [clock] in
                while !Task.isCancelled {
                    try? await clock.sleep(for: Heartbeat.interval)
                    await heartbeat.beat(at: clock.now.date)
                }
            }
        }
        // Idle conversations leave memory even when nothing else happens.
        startSweeps()
        await rateWaitingGames()
        await loadQueue()
        await cancelWhenGracefulShutdown {
            await withTaskCancellationHandler {
                await self.pipeline()
            } onCancel: {
                self.wake()
            }
        }
        beating?.cancel()
        await environment.heartbeat?.beat(at: clock.now.date)
        stopTimers()
    }

    /// The loop: what the inbox holds and the chores due on the clock, a batch at a time.
    private func pipeline() async {
        while !Task.isCancelled {
            let batch = takeBatch() + (await takeDueChores())
            if batch.isEmpty {
                if !held.pendingSnapshots.isEmpty, storeState.isWorking {
                    await storePendingSnapshots()
                    continue
                }
                await waitForWork()
                continue
            }
            await process(batch)
            publish()
        }
    }

    private func process(_ submissions: [Submission]) async {
        // Gathered by connection and queued at the end: a mover's acceptance and the event it
        // relays leave in one write.
        var deliveries = Deliveries()
        var batch = submissions
        if isShared {
            var notices: [AppendNotice?] = []
            batch = submissions.filter { submission in
                guard case let .storedElsewhere(notice) = submission.request else { return true }
                notices.append(notice)
                return false
            }
            if !notices.isEmpty { await takeIn(notices, into: &deliveries) }
            if batch.isEmpty {
                deliveries.send()
                return
            }
        }
        // A batch that lost a race with another server for one of its conversations is decided
        // again on what the store holds now: a few times at most.
        var conflicts = 0
        while await decide(batch, into: &deliveries, conflicts: conflicts) { conflicts += 1 }
        deliveries.send()
    }

    /// Decides a batch, sets what it changed aside while the store appends its events, keeps it
    /// once stored and queues what it sends. True when the store refused it for a conflict
    /// (another server moved one of its conversations on first): what was set aside is dropped,
    /// those conversations read again (and what they gained relayed), and the batch is to be
    /// decided again. A batch the store refuses for any other reason is dropped and refused:
    /// the engine never holds what the store does not (`Engine.setAside(_:since:)`).
    private func decide(_ batch: [Submission], into deliveries: inout Deliveries, conflicts: Int) async -> Bool {
        guard await loadConversations(for: batch) else {
            refuse(batch)
            return false
        }
        defer { evictIdleConversations() }
        let decided = engine.decide(
            batch.map(\.request), at: clock.now.date, random: &generator,
            storedThrough: held.storedThrough, snapshotSeq: held.snapshotSeq)
        switch await store(decided, of: batch, into: &deliveries, conflicts: conflicts) {
        case .kept: break
        case .lostRace: return true
        case .refused: return false
        }
        answer(batch, as: decided, into: &deliveries)
        schedule(decided.chores)
        if !watchers.isEmpty { tellWatchers(about: decided.records) }
        return false
    }

    /// How storing a batch went.
    private enum Storing {
        /// Stored, and kept by the engine.
        case kept
        /// Another server moved one of its conversations on first: decide it again.
        case lostRace
        /// Not stored: its requests are refused.
        case refused
    }

    /// Stores what the batch decided, in one append, and has the engine keep it; a batch that
    /// changed nothing is kept at once.
    private func store(
        _ decided: BatchDecision, of batch: [Submission], into deliveries: inout Deliveries, conflicts: Int
    ) async -> Storing {
        let events = decided.records
        guard !events.isEmpty else {
            engine.keep(engine.setAside(decided))
            return .kept
        }
        // The snapshots of conversations that left memory before those the batch takes, which
        // are newer.
        let index = decided.index + Array(held.pendingSnapshots.values) + decided.snapshots
        held.pendingSnapshots = [:]
        // With other servers appending too, each conversation must still end where this
        // engine's state of it ends.
        var heads: [String: Int64] = [:]
        if isShared { for case let id? in events.map(\.conversation) { heads[id.rawValue] = held.storedThrough[id] ?? 0 } }
        // Players' ratings change only from the standings the batch read.
        heads.merge(decided.expecting) { first, _ in first }
        // From here until the store has answered, the engine holds only what is stored.
        let aside = engine.setAside(decided)
        do {
            // A sticker's bytes before its event, in the same append.
            var records: [NewLogRecord] = []
            for (submission, decision) in zip(batch, decided.decisions) where !decision.events.isEmpty {
                if case let .sticker(post, _, image) = submission.request {
                    records.append(NewLogRecord(stream: StoredStream.sticker(post.sticker.id).name, payload: image))
                }
            }
            records += try events.map { event in NewLogRecord(stream: event.stream, payload: try event.storedJSON()) }
            let stored = try await log.append(records, indexing: index, expecting: heads)
            // Each stream ended where the batch expected it: it ends at its records now.
            for record in stored {
                switch StoredStream(record.stream) {
                case .queue: engine.queueThrough = record.position
                case let .conversation(id): held.storedThrough[id] = record.position
                case .rating, .sticker, .server: break
                }
            }
            for (id, seq) in decided.snapshotted { held.snapshotSeq[id] = seq }
        } catch let error as LogError where error.code == .conflict {
            // Read again first: what was stored of them tells what they gained elsewhere.
            if isShared { await lostRace(events, into: &deliveries) }
            drop(aside)
            // Another server changed the queue: what it stored, before deciding again.
            if heads[StoredStream.queue.name] != nil { await catchUpQueue() }
            guard conflicts < Self.conflictRetries else {
                logger.warning("A batch lost every race with other servers; refusing it", metadata: ["error": "\(error)"])
                refuse(batch)
                return .refused
            }
            return .lostRace
        } catch {
            // Nothing of the batch is kept or relayed: its requests are refused.
            drop(aside)
            storeFailed(error)
            refuse(batch)
            return .refused
        }
        engine.keep(aside)
        environment.conversationCounts.note(events)
        if !storeState.isWorking { storeRecovered() }
        // Before any reply: whoever hears of a move finds it counted.
        publish()
        await tellPeers(about: events, announcing: decided.renamed)
        return .kept
    }

    /// Answers each request of a stored batch, and queues what its decisions send and relay.
    private func answer(_ batch: [Submission], as decided: BatchDecision, into deliveries: inout Deliveries) {
        let answered = clock.now
        for (index, (submission, decision)) in zip(batch, decided.decisions).enumerated() {
            switch submission.answer {
            case let .sticker(answer):
                if let outcome = decided.stickerAnswers[index] { answer(outcome) }
            case let .connection(account, connection, _, received):
                let replies = decision.replies
                count(replies, after: answered - received)
                logFaults(in: replies, for: account)
                if let connection, let outbox = connections.outbox(of: account, connection: connection) {
                    if case let .frame(.resume(request), _) = submission.request {
                        // Queued now, after what the batch sent before it, so that the backlog
                        // reaches the client before any entry relayed after it; read from the
                        // store as the client reads it.
                        let pages = decision.backlog.map { reading($0) }
                        deliveries.send(to: outbox)
                        outbox.deliver(resumeAnswer: ResumeAnswer(frames: replies, pages: pages), request: request.id)
                    } else {
                        for reply in replies { deliveries.add(reply, to: outbox) }
                    }
                }
            case let .list(answer):
                guard case let .frame(.list(request), _) = submission.request else { break }
                answer(decision.replies.lazy.compactMap { reply -> ServerFrame.ConversationList? in
                    if case let .conversations(list) = reply { list } else { nil }
                }.first ?? .init(id: request.id, conversations: []))
            case .operatorAction, .none:
                break
            }
            // Before the entries of the conversation they name, as a join's answer comes before
            // them: a client knows its members and itself among them.
            for (account, frame) in decision.sends { deliveries.add(frame, to: connections.outboxes(of: account)) }
            touch(decision.notify)
            for reference in decision.notify { relay(reference, into: &deliveries) }
            for change in decision.timers { time(change) }
            if case let .operatorAction(answer) = submission.answer { answer(decision.events.isEmpty ? .notApplicable : .applied) }
        }
    }

    /// Tells the other pipelines of the names this batch stored, and has them announce the
    /// new names of `named` (accounts that had one before) in their conversations.
    private func tellPeers(about events: [Record], announcing named: Set<AccountID>) async {
        for case let .renamed(account, name) in events {
            for peer in peers {
                await peer.learnName(name, of: account)
                if named.contains(account) { peer.submit(.nameChanged(account, name: name)) }
            }
        }
    }

    package func publish() {
        let statistics = engine.statistics(), resident = engine.residentCount, problem = storeProblem, turns = turnCount
        published.withLock { $0 = Published(statistics: statistics, resident: resident, turnsTimed: turns, storeProblem: problem) }
    }
}
