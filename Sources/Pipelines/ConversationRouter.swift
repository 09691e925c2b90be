import Engine
import Foundation
import Logging
import ServiceLifecycle
import Storage
import Synchronization
import Transcript
import Transport
import Wire
import Timekeeping

/// Routes each request to the pipeline of the conversation it is about (`Pipeline`, one per
/// core), where it is decided, stored and only then relayed to the members. Conversations are independent, so the pipelines run side by side; within one
/// conversation order and the stale rule are those of its one pipeline. A `list` is answered by
/// every pipeline in part. What the admin pages, `/health` and `/metrics` read is published by
/// each pipeline after each batch, so those reads never wait behind moves.
public final class ConversationRouter: Sendable {
    package let pipelines: [Pipeline]
    package let connections: Connections
    package let log: any EventLog
    package let logger: Logger
    /// Counters for `/metrics`, safe to touch from any connection.
    public let metrics: ServerMetrics
    package let configuration: EngineConfiguration
    /// Where the server reads the time.
    package let clock: any ServerClock
    private let publicURLs = Mutex<String?>(nil)
    /// Which pipeline the next `create` goes to.
    private let nextCreate = Atomic<Int>(0)
    /// The accounts that sent a seek since their last connection went: whose going takes their
    /// seeks out of the queue.
    private let seekers = Mutex<Set<AccountID>>([])
    /// The bytes of each account's stickers being posted, by sticker id: counted with what the
    /// store holds, so that posts made at once cannot each pass the quota (`postSticker`).
    package let stickersUnderWay = Mutex<[AccountID: [String: Int]]>([:])
    /// How fast each member may chat in each conversation: `chatBurst` at once, then one every
    /// `1 / chatsPerSecond` s, over all the member's connections.
    private let chats: KeyedRateLimiter<ChatKey>
    package static let chatBurst = 10
    package static let chatsPerSecond = 0.5

    private struct ChatKey: Hashable, Sendable {
        let account: AccountID
        let conversation: ConversationID
    }

    /// The settings `engine.liveConversations` and `engine.idleSeconds`: how many conversations
    /// stay in memory, over all pipelines, and how long an idle one stays.
    public struct Residency: Sendable, Equatable {
        public var liveConversations: Int
        public var idle: Duration

        public init(liveConversations: Int = 10_000, idle: Duration = .seconds(300)) {
            self.liveConversations = liveConversations
            self.idle = idle
        }

        /// Each of `count` pipelines' share.
        func share(of count: Int) -> Residency {
            Residency(liveConversations: max(1, (liveConversations + count - 1) / count), idle: idle)
        }
    }

    /// What an operator may do through the admin API.
    package enum OperatorAction: Sendable {
        case end(session: String)
        /// Takes the account out and bars it from joining again.
        case remove(account: AccountID, conversation: ConversationID)
        /// Lifts a removal's bar.
        case readmit(account: AccountID, conversation: ConversationID)
    }

    /// What became of an operator's action.
    package enum OperatorOutcome: Sendable {
        case applied
        /// No such game running, or no such member.
        case notApplicable
        /// The store failed; nothing was kept.
        case unavailable
    }

    package static let unavailable = ErrorFrame(
        code: "unavailable",
        reason: "The server cannot store anything right now, so nothing of this request was kept; try again shortly.")

    package init(
        pipelines: [Pipeline], connections: Connections, log: any EventLog, configuration: EngineConfiguration,
        metrics: ServerMetrics, logger: Logger, clock: any ServerClock = SystemClock()
    ) {
        self.clock = clock
        chats = KeyedRateLimiter(perSecond: Self.chatsPerSecond, burst: Self.chatBurst, clock: clock)
        self.pipelines = pipelines
        self.connections = connections
        self.log = log
        self.configuration = configuration
        self.metrics = metrics
        self.logger = logger
    }

    /// The pipeline that decides `conversation`.
    package func pipeline(of conversation: ConversationID) -> Pipeline {
        pipelines[Partition.index(of: conversation, among: pipelines.count)]
    }

    /// Registers a connection of `account`; frames for it are yielded to `outbox`. `nil`, and
    /// nothing registered, when the account already holds `limit` connections.
    package func connect(_ account: AccountID, outbox: Outbox, limit: Int = .max) -> Int? {
        guard let connection = connections.connect(account, outbox: outbox, limit: limit) else { return nil }
        metrics.connected()
        return connection
    }

    package func disconnect(_ account: AccountID, connection: Int) {
        if connections.disconnect(account, connection: connection) { metrics.disconnected() }
        // A seek waits for a player who is there: gone, it leaves the queue.
        if !connections.isConnected(account), seekers.withLock({ $0.remove(account) }) != nil {
            pipelines[0].submit(.unseek(account))
        }
    }

    /// How many connections are authenticated now.
    public var connectionCount: Int { connections.count }

    /// The name an `authenticate` gives, as it is kept; or why it is refused.
    package func check(name typed: String) -> (kept: String?, refusal: ErrorFrame) {
        (configuration.keptName(typed), configuration.nameRefusal)
    }

    package func setPublicURL(_ url: String) async {
        publicURLs.withLock { $0 = url }
        for pipeline in pipelines { await pipeline.setPublicURL(url) }
    }

    /// The base of the URLs the server hands out, such as `https://localhost:8443`.
    package var publicURL: String { publicURLs.withLock { $0 ?? configuration.publicURL } }

    /// Hands a frame of `account` to the pipeline it is about. Returns once it is queued there
    /// (a `list`, once it is answered), so one connection's frames keep their order.
    package func submit(_ frame: ClientFrame, from account: AccountID, connection: Int?) async {
        await dispatch(frame, from: account, connection: connection)?()
    }

    /// What is left of handing a frame over, when the frame was not simply queued: a connection
    /// awaits it before it hands over its next frame.
    package typealias Remainder = @Sendable () async -> Void

    /// Hands a frame of `account` to the pipeline it is about, at once, from any thread. Most
    /// frames are queued there before it returns (and it returns `nil`); a `list`, which every
    /// pipeline answers in part, and a `join` among several pipelines, which first reads the
    /// store's index of invites, return the rest of the work instead, to be awaited before the
    /// connection's next frame is handed over, so that its frames keep their order.
    package func dispatch(_ frame: ClientFrame, from account: AccountID, connection: Int?) -> Remainder? {
        // A seek carries where its account connected from and the name its connection gave.
        let seeker = frame.target == .queue ? connection.flatMap { connections.outbox(of: account, connection: $0) } : nil
        let submission = Submission.frame(
            frame, account: account, connection: connection, received: clock.now, origin: seeker?.origin ?? "", name: seeker?.name)
        switch frame.target {
        case .everyPipeline:
            guard case let .list(request) = frame else { return nil }
            return { await self.list(request, for: account, connection: connection) }
        case let .conversation(conversation):
            if case let .chat(request) = frame, !admitsChat(request, from: account, connection: connection) { return nil }
            pipeline(of: conversation).submit(submission)
        case let .invite(invite):
            guard pipelines.count > 1 else {
                pipelines[0].submit(submission)
                return nil
            }
            return {
                do {
                    try await self.pipeline(ofInvite: invite).submit(submission)
                } catch {
                    self.logger.error("Cannot read the store's index of invites", metadata: ["error": "\(error)"])
                    self.metrics.rejected(Self.unavailable.code)
                    if let connection, let outbox = self.connections.outbox(of: account, connection: connection) {
                        outbox.deliver(.rejected(.init(id: frame.requestID ?? "", error: Self.unavailable)))
                    }
                }
            }
        case .newConversation:
            let next = nextCreate.add(1, ordering: .relaxed).oldValue
            pipelines[next % pipelines.count].submit(submission)
        case .queue:
            // Every seek waits in one queue, the first pipeline's.
            seekers.withLock { _ = $0.insert(account) }
            pipelines[0].submit(submission)
        case .account, .accountAndItsConversations:
            // The name a seek of this account carries from now on.
            if case let .rename(request) = frame, let kept = configuration.keptName(request.name) {
                for outbox in connections.outboxes(of: account) { outbox.name = kept }
            }
            // A name is stored once, by the pipeline of the account, which tells the others.
            pipelines[Partition.index(of: ConversationID(rawValue: account.rawValue), among: pipelines.count)].submit(submission)
        }
        return nil
    }

    /// Whether a chat is within its member's rate; if not, the member is told how long to wait,
    /// here, before any pipeline.
    private func admitsChat(_ request: ClientFrame.Chat, from account: AccountID, connection: Int?) -> Bool {
        let key = ChatKey(account: account, conversation: request.conversation)
        guard !chats.admit(key) else { return true }
        let refusal = ErrorFrame(
            code: "chat-rate",
            reason: "You are chatting faster than this conversation allows (\(Self.chatBurst) at once, then one every \(Int(1 / Self.chatsPerSecond)) s): wait \(chats.secondsToWait(key)) s.")
        metrics.rejected(refusal.code)
        if let connection { connections.outbox(of: account, connection: connection)?.deliver(.rejected(.init(id: request.id, error: refusal))) }
        return false
    }

    /// The pipeline of the conversation an invite opens, from the store's index (a conversation
    /// is stored, invite and all, before anyone hears of it). An unknown invite goes to the
    /// first pipeline, which answers it; an index that cannot be read throws.
    private func pipeline(ofInvite invite: String) async throws -> Pipeline {
        guard pipelines.count > 1,
            let conversation = try await log.indexValue(IndexKind.invite, key: IndexKind.inviteKey(invite))
        else { return pipelines[0] }
        return pipeline(of: ConversationID(rawValue: conversation))
    }

    /// Every pipeline lists the account's conversations it decides; the answer is a page of them
    /// all, in the order of their ids, or `unavailable` if a pipeline could not read the store.
    private func list(_ request: ClientFrame.List, for account: AccountID, connection: Int?) async {
        let parts = await withTaskGroup(of: ServerFrame.ConversationList?.self) { group in
            for pipeline in pipelines {
                group.addTask {
                    await withCheckedContinuation { continuation in
                        pipeline.submit(.list(request, account: account, answer: { continuation.resume(returning: $0) }))
                    }
                }
            }
            return await group.reduce(into: [ServerFrame.ConversationList?]()) { $0.append($1) }
        }
        let outbox = connection.flatMap { connections.outbox(of: account, connection: $0) }
        if parts.contains(where: { $0 == nil }) {
            metrics.rejected(Self.unavailable.code)
            outbox?.deliver(.rejected(.init(id: request.id, error: Self.unavailable)))
        } else {
            // Each pipeline gave its first `pageSize` after `after`: the page is the first of
            // them all, and more follow when any was left out, here or in a pipeline.
            let all = parts.compactMap { $0?.conversations }.joined().sorted { $0.conversation < $1.conversation }
            let page = Array(all.prefix(request.pageSize))
            let more = all.count > page.count || parts.contains { $0?.next != nil }
            // Raised to the events relayed to the connection since each part was read.
            outbox?.deliver(list: .init(id: request.id, conversations: page, next: more ? page.last?.conversation : nil))
        }
    }

    /// Counts over all history, as the pipelines published them after their last batches.
    public func statistics() -> EngineStatistics {
        pipelines.map { $0.published.withLock(\.statistics) }.reduce(EngineStatistics(), +)
    }

    /// How many conversations are in memory, over all pipelines, as published.
    package var publishedResidentCount: Int {
        pipelines.map { $0.published.withLock(\.resident) }.reduce(0, +)
    }

    /// How many turns are timed, over all pipelines, as published (`Pipeline.turnCount`).
    package var publishedTurnCount: Int {
        pipelines.map { $0.published.withLock(\.turnsTimed) }.reduce(0, +)
    }

    /// How many conversations are in memory now, asked of each pipeline.
    public var residentCount: Int {
        get async {
            var count = 0
            for pipeline in pipelines { count += await pipeline.residentCount }
            return count
        }
    }

    /// How many turn timers run now, over all pipelines.
    package var timerCount: Int {
        get async {
            var count = 0
            for pipeline in pipelines { count += await pipeline.turnCount }
            return count
        }
    }

    /// What `/health` reports: `nil` while the store works.
    public var storeProblem: String? {
        pipelines.lazy.compactMap { $0.published.withLock(\.storeProblem) }.first
    }

    /// Runs every pipeline until the server shuts down gracefully or the task is cancelled.
    public func run() async {
        await withDiscardingTaskGroup { group in
            for pipeline in pipelines {
                group.addTask { await pipeline.run() }
            }
            guard log.isShared else { return }
            // What other servers store reaches the pipeline of its conversation (names, every
            // pipeline), for as long as the pipelines run.
            group.addTask { [pipelines, log] in
                await cancelWhenGracefulShutdown {
                    await log.watchAppends { notice in
                        switch notice.map({ StoredStream($0.stream) }) {
                        case nil, .server?:
                            // Anything, or a name: every pipeline.
                            for pipeline in pipelines { pipeline.submit(.storedElsewhere(notice)) }
                        case .queue?:
                            // The queue is pipeline 0's, where the matchmaker is.
                            pipelines[0].submit(.storedElsewhere(notice))
                        case let .conversation(id)?:
                            pipelines[Partition.index(of: id, among: pipelines.count)].submit(.storedElsewhere(notice))
                        case .rating?, .sticker?:
                            // A rating change or a sticker's bytes: the conversation's record says all.
                            break
                        }
                    }
                }
            }
        }
    }
}
