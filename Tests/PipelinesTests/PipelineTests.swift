import Client
import Engine
import Foundation
import Logging
import Pipelines
@testable import Server
import Reads
import ServerTestSupport
import Storage
import Synchronization
import TestSupport
import Testing
import Transcript
import Transport
import Wire

/// Conversations are decided by several pipelines side by side: one waiting for the store holds
/// up no other's moves, and what spans them (a list, a name, the figures) is whole.
@Suite(.timeLimit(.minutes(1)))
struct PipelineTests {
    static let configuration = EngineConfiguration(publicURL: "https://localhost:8443")
    static let secret = [UInt8](repeating: 9, count: 32)

    @Test func aMoveWaitingForTheStoreHoldsUpNoOtherPipeline() async throws {
        let log = HeldLog(InMemoryEventLog())
        let relay = try await ConversationRouter.start(
            configuration: Self.configuration, secret: Self.secret, log: log, pipelines: 2, logger: Logger(label: "t"))
        var table = try await Table(relay: relay, accounts: ["amber", "ben"])
        let held = try await table.conversation(of: "amber", with: ["ben"])
        let free = try await table.conversation(of: "amber", with: ["ben"])
        try #require(Partition.index(of: held.conversation, among: 2) != Partition.index(of: free.conversation, among: 2),
                     "conversations are made in turn by each pipeline")

        await log.hold(held.conversation.rawValue)
        let ben = try #require(table.outboxes["ben"])
        await relay.submit(
            .send(.init(id: "h", conversation: held.conversation, game: "icecream", url: "?Base=base01")),
            from: "ben", connection: ben.connection)
        await log.untilHolding()
        let answer = try await table.ask(
            .send(.init(id: "f", conversation: free.conversation, game: "icecream", url: "?Base=base02")), from: "amber")
        #expect(answer.isAccepted)
        #expect(await log.holding, "the other conversation's move was answered while this one's append waited")

        await log.release()
        var frames = ben.frames
        var heldAnswer: ServerFrame?
        while let frame = await frames.next() {
            if frame.requestID == "h" { heldAnswer = frame; break }
        }
        #expect(try #require(heldAnswer).isAccepted)
        await table.stop()
    }

    /// What one batch sends a connection is queued at once: the mover's acceptance and the event
    /// it relays to the mover are taken together, so they leave in one write.
    @Test func aMoversAcceptanceAndItsEventAreQueuedTogether() async throws {
        let relay = try await ConversationRouter.start(
            configuration: Self.configuration, secret: Self.secret, log: InMemoryEventLog(), pipelines: 1, logger: Logger(label: "t"))
        var table = try await Table(relay: relay, accounts: ["amber", "ben"])
        let conversation = try await table.conversation(of: "amber", with: ["ben"]).conversation
        let (takes, took) = AsyncStream<[ServerFrame]>.makeStream()
        let outbox = Outbox(limit: 100, maxFrameBytes: 1 << 20, wake: { outbox in
            while let items = outbox.take(), !items.isEmpty {
                took.yield(items.flatMap { $0.serverFrames() })
            }
        })
        let connection = try #require(relay.connect("amber", outbox: outbox))
        outbox.start()
        await relay.submit(
            .send(.init(id: "m", conversation: conversation, game: "icecream", url: "?Base=base01")),
            from: "amber", connection: connection)
        let first = try #require(try await answer(within: .seconds(10)) {
            var iterator = takes.makeAsyncIterator()
            return await iterator.next()
        })
        #expect(first.count == 2, "\(first)")
        #expect(first.first?.requestID == "m" && first.first?.isAccepted == true)
        let event = try #require(first.last.flatMap { frame -> Event? in if case let .event(event) = frame { event } else { nil } },
                                 "the event came with the acceptance")
        #expect(event.kind == .message)
        await table.stop()
    }

    /// Amber alone in a conversation of one pipeline, a solo ice cream opened, and her next move
    /// submitted and held by the store (`HeldLog`): the move, decided, waits for its append.
    static func soloGameWithAHeldMove() async throws
        -> (HeldLog, ConversationRouter, Table, ConversationID, ServerFrame.Accepted, ClientFrame)
    {
        let log = HeldLog(InMemoryEventLog())
        let relay = try await ConversationRouter.start(
            configuration: Self.configuration, secret: Self.secret, log: log, pipelines: 1, logger: Logger(label: "t"))
        var table = try await Table(relay: relay, accounts: ["amber"])
        let conversation = try await table.conversation(of: "amber", with: []).conversation
        guard case let .accepted(opened) = try await table.ask(.send(.init(
            id: "1", conversation: conversation, game: "icecream", variant: "solo", url: "?Base=base01")), from: "amber")
        else { throw ConnectionError.unexpected("the opening move was refused") }
        await log.hold(conversation.rawValue)
        let move = ClientFrame.send(.init(
            id: "2", conversation: conversation, game: "icecream", session: opened.session, basedOn: opened.seq,
            url: "?Base=base01&Scoops=scoops01"))
        let amber = try #require(table.outboxes["amber"])
        await relay.submit(move, from: "amber", connection: amber.connection)
        await log.untilHolding()
        return (log, relay, table, conversation, opened, move)
    }

    /// While a batch's move waits for the store, the admin's read of the game does not wait for
    /// it (it reads the store, not the pipeline) and a move the store refuses is never shown.
    @Test func anAdminReadDuringAnAppendShowsOnlyWhatIsStored() async throws {
        let (log, relay, table, _, opened, _) = try await Self.soloGameWithAHeldMove()
        let reads = StoredReads(log: log, context: await relay.pipelines[0].engine.context)
        // The move is decided and waits for the store: a read now does not wait, and does not see it.
        let during = try #require(try await reads.game(opened.session))
        #expect(during.moves == 1, "a move not yet stored was shown")
        await log.release(failing: true)
        let after = try #require(try await reads.game(opened.session))
        #expect(after.moves == 1, "the refused move was shown")
        await table.stop()
    }

    /// A batch the store refuses is dropped with what it set aside: the pipeline's conversation
    /// is what the store holds, and the same move sent again is accepted as the first of its
    /// kind, with the seq the refused one would have had.
    @Test func aFailedAppendLeavesTheConversationAsItWas() async throws {
        var (log, relay, table, conversation, opened, move) = try await Self.soloGameWithAHeldMove()
        let pipeline = relay.pipelines[0]
        // Held: the engine holds what was stored before the move.
        let before = opened.seq
        #expect(await pipeline.engine.lastSeq(of: conversation) == nil, "the conversation is set aside")
        let amber = try #require(table.outboxes["amber"])
        await log.release(failing: true)
        var frames = amber.frames
        var refused: ServerFrame?
        while let frame = await frames.next() {
            if frame.requestID == "2" { refused = frame; break }
        }
        #expect(try #require(refused).rejection?.code == ConversationRouter.unavailable.code)
        // The conversation the batch changed left memory with it; read again from the store,
        // it is what it was.
        #expect(await !pipeline.engine.holds(conversation))
        try await pipeline.load(conversation)
        #expect(await pipeline.engine.lastSeq(of: conversation) == before)
        #expect(await pipeline.engine.frame(ofEntry: opened.seq, in: conversation, for: "amber")?.event?.seq == opened.seq)
        #expect(await pipeline.engine.frame(ofEntry: opened.seq + 1, in: conversation, for: "amber") == nil)

        guard case let .accepted(again) = try await table.ask(move, from: "amber") else {
            throw ConnectionError.unexpected("the move sent again was refused")
        }
        #expect(again.seq == opened.seq + 1)
        await table.stop()
    }

    /// A list is answered once every pipeline has given its part: a pipeline that gave its part
    /// may relay newer events of its conversations meanwhile, and the list must then say their
    /// `lastSeq`, never one lower than an event the client already has.
    @Test func aListIsNeverBehindAnEventRelayedBeforeIt() async throws {
        let log = HeldLog(InMemoryEventLog())
        let relay = try await ConversationRouter.start(
            configuration: Self.configuration, secret: Self.secret, log: log, pipelines: 2, logger: Logger(label: "t"))
        var table = try await Table(relay: relay, accounts: ["amber", "ben"])
        let conversation = try await table.conversation(of: "amber", with: ["ben"]).conversation
        let other = try await table.conversation(of: "amber", with: ["ben"]).conversation
        try #require(Partition.index(of: conversation, among: 2) != Partition.index(of: other, among: 2))
        guard case let .accepted(opened) = try await table.ask(.send(.init(
            id: "o", conversation: conversation, game: "icecream", variant: "solo", url: "?Base=base01")), from: "ben")
        else { throw ConnectionError.unexpected("the opening move was refused") }
        let amber = try #require(table.outboxes["amber"]), ben = try #require(table.outboxes["ben"])
        // The other conversation's pipeline waits for the store, so Amber's list waits for its
        // part, while this conversation's pipeline has given its own and decides Ben's next move.
        await log.hold(other.rawValue)
        await relay.submit(.send(.init(id: "x", conversation: other, game: "icecream", url: "?Base=base01")),
                           from: "ben", connection: ben.connection)
        await log.untilHolding()
        let listed = amber.connection
        let listing = Task { await relay.submit(.list(.init(id: "l")), from: "amber", connection: listed) }
        let here = relay.pipelines[Partition.index(of: conversation, among: 2)]
        let there = relay.pipelines[Partition.index(of: other, among: 2)]
        // The list waits in the held pipeline's inbox, and this one has taken its part.
        let waited = ContinuousClock.now + .seconds(20)
        while there.inbox.withLock({ $0.submissions.isEmpty }), ContinuousClock.now < waited { await Task.yield() }
        try #require(!there.inbox.withLock { $0.submissions.isEmpty }, "the list reached the held pipeline")
        while !here.inbox.withLock({ $0.submissions.isEmpty }), ContinuousClock.now < waited { await Task.yield() }
        try #require(here.inbox.withLock { $0.submissions.isEmpty }, "this pipeline took the list")
        #expect(try await table.ask(.send(.init(
            id: "y", conversation: conversation, game: "icecream", session: opened.session, basedOn: opened.seq,
            url: "?Base=base01&Scoops=scoops01")), from: "ben").isAccepted)
        await log.release()
        await listing.value
        var frames = amber.frames
        var newest = 0
        while let frame = await frames.next() {
            if case let .event(event) = frame, event.conversation == conversation { newest = max(newest, event.seq) }
            if case let .conversations(list) = frame {
                #expect(newest == opened.seq + 1, "the move decided after the list's part was relayed before the list")
                #expect(list.conversations.first { $0.conversation == conversation }?.lastSeq == newest)
                break
            }
        }
        await table.stop()
    }

    /// A list's pages span every pipeline, in the order of the ids; the bound on an account's
    /// conversations counts them all, whichever pipeline decides the next.
    @Test func pagesAndTheBoundOnConversationsSpanEveryPipeline() async throws {
        var configuration = Self.configuration
        configuration.maxConversationsPerAccount = 7
        let relay = try await ConversationRouter.start(
            configuration: configuration, secret: Self.secret, log: InMemoryEventLog(), pipelines: 3, logger: Logger(label: "t"))
        var table = try await Table(relay: relay, accounts: ["amber", "ben"])
        var made: [ConversationID] = []
        for _ in 0..<7 { made.append(try await table.conversation(of: "amber", with: []).conversation) }
        #expect(Set(made.map { Partition.index(of: $0, among: 3) }).count == 3, "every pipeline made some")
        for index in 0..<3 {
            let refused = try await table.ask(.create(.init(id: "x\(index)")), from: "amber")
            #expect(refused.rejection?.code == "too-many-conversations", "on every pipeline: \(refused)")
        }
        var seen: [ConversationID] = []
        var after: ConversationID?
        var pages = 0
        repeat {
            guard case let .conversations(page) = try await table.ask(.list(.init(id: "p\(pages)", after: after, limit: 3)), from: "amber")
            else { throw ConnectionError.unexpected("no page") }
            seen += page.conversations.map(\.conversation)
            after = page.next
            pages += 1
        } while after != nil && pages < 10
        #expect(pages == 3 && seen == made.sorted(), "\(pages) pages")
        await table.stop()
    }

    /// A new name is told in every conversation of its taker, whichever pipeline decides it.
    @Test func aNewNameIsToldInEveryPipelinesConversations() async throws {
        let relay = try await ConversationRouter.start(
            configuration: Self.configuration, secret: Self.secret, log: InMemoryEventLog(), pipelines: 3, logger: Logger(label: "t"))
        var table = try await Table(relay: relay, accounts: ["amber", "ben"])
        var made: Set<ConversationID> = []
        for _ in 0..<6 { made.insert(try await table.conversation(of: "amber", with: ["ben"]).conversation) }
        #expect(Set(made.map { Partition.index(of: $0, among: 3) }).count == 3, "every pipeline made some")
        // A first name is no news; a new one is told everywhere.
        #expect(try await table.ask(.rename(.init(id: "r0", name: "Ben")), from: "ben") == .done(.init(id: "r0")))
        #expect(try await table.ask(.rename(.init(id: "r", name: "Benjamin")), from: "ben") == .done(.init(id: "r")))
        var frames = try #require(table.outboxes["amber"]).frames
        var told: Set<ConversationID> = []
        while told.count < made.count, let frame = await frames.next() {
            guard case let .event(event) = frame, event.kind == .renamed else { continue }
            #expect(event.participant?.name == "Benjamin")
            told.insert(event.conversation)
        }
        #expect(told == made)
        await table.stop()
    }

    @Test func aListANameAndTheFiguresSpanEveryPipeline() async throws {
        let log = InMemoryEventLog()
        var relay = try await ConversationRouter.start(
            configuration: Self.configuration, secret: Self.secret, log: log, pipelines: 3, logger: Logger(label: "t"))
        var table = try await Table(relay: relay, accounts: ["amber", "ben"])
        var made: [ConversationID] = []
        for _ in 0..<6 { made.append(try await table.conversation(of: "amber", with: ["ben"]).conversation) }
        #expect(Set(made.map { Partition.index(of: $0, among: 3) }) == [0, 1, 2], "every pipeline made some")

        // Stored once, by one pipeline; every pipeline shows it.
        guard case .done = try await table.ask(.rename(.init(id: "r", name: "Ben")), from: "ben") else {
            Issue.record("the rename was refused")
            return
        }
        let list = try #require(try await table.ask(.list(.init(id: "l")), from: "ben").conversationList)
        #expect(list.map(\.conversation) == made.sorted(), "all of them, in the order of their ids")
        #expect(list.allSatisfy { $0.members.compactMap(\.name) == ["Ben"] }, "the name in every pipeline's conversations")
        #expect(relay.statistics().conversations == 6)
        await table.stop()
        let renames = try await log.records(after: 0, limit: 1000).filter { $0.stream.isEmpty }
        #expect(renames.count == 1, "the name is stored once")

        // With another number of pipelines, the same conversations and figures.
        relay = try await ConversationRouter.start(
            configuration: Self.configuration, secret: Self.secret, log: log, pipelines: 2, logger: Logger(label: "t"))
        #expect(relay.statistics().conversations == 6)
        #expect(try await log.indexEntries(IndexKind.totals, prefix: "").map(\.key) == ["0"], "the figures added up")
        table = try await Table(relay: relay, accounts: ["ben"])
        let again = try #require(try await table.ask(.list(.init(id: "l2")), from: "ben").conversationList)
        #expect(again.map(\.conversation) == made.sorted())
        #expect(again.allSatisfy { $0.members.compactMap(\.name) == ["Ben"] })
        await table.stop()
    }
}

/// An ``EventLog`` that holds back the appends of one stream until released.
actor HeldLog: ForwardingLog {
    nonisolated let inner: any EventLog
    private var held: String?
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(_ inner: any EventLog) { self.inner = inner }

    func hold(_ stream: String) { held = stream }

    /// Whether an append is waiting now.
    var holding: Bool { !waiting.isEmpty }
    private var holdWaiters: [CheckedContinuation<Void, Never>] = []

    /// Returns once an append is waiting.
    func untilHolding() async {
        if holding { return }
        await withCheckedContinuation { holdWaiters.append($0) }
    }

    private var failing = false

    /// Lets the held appends go on; with `failing`, they fail as a broken disk would.
    func release(failing: Bool = false) {
        held = nil
        self.failing = failing
        for continuation in waiting { continuation.resume() }
        waiting = []
    }

    func append(_ records: [NewLogRecord], indexing changes: [IndexChange], expecting heads: [String: Int64]) async throws(LogError)
        -> [LogRecord]
    {
        if let held, records.contains(where: { $0.stream == held }) {
            await withCheckedContinuation { continuation in
                waiting.append(continuation)
                for waiter in holdWaiters { waiter.resume() }
                holdWaiters = []
            }
            if failing {
                failing = false
                throw LogError(.ioFailure, "a held append that was made to fail")
            }
        }
        return try await inner.append(records, indexing: changes, expecting: heads)
    }
}
