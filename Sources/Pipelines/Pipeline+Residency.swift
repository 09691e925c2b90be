#if canImport(Glibc)
import Glibc
#endif
import Engine
import Foundation
import Synchronization
import Storage
import Transcript
import Transport
import Wire
import Timekeeping

/// Which conversations the relay's engine holds in memory: those in use lately, at most
/// `Residency.liveConversations` of them. A request for one that is not in memory loads it
/// from its stored events before it is decided; one idle for `Residency.idle` is evicted. The
/// turns running in one that left are timed from the store (`timeFromStore`), which loads it
/// again at their deadline.
package extension Pipeline {
    /// How many conversations are in memory now.
    var residentCount: Int { engine.residentCount }

    /// Loads what the batch needs that is not in memory: each request's reads, as the engine
    /// names them (`Engine.nextRead(for:after:)`), performed in turn; the conversations each
    /// names count as just used. False when the store could not be read: the batch is then
    /// refused as a whole.
    func loadConversations(for batch: [Submission]) async -> Bool {
        let now = clock.now
        do {
            for request in batch.lazy.map(\.request) {
                var reading = Reading()
                while let read = engine.nextRead(for: request, after: reading) {
                    reading.note(read, found: try await perform(read))
                }
                for id in engine.conversations(namedBy: request, after: reading) { held.lastUsed[id] = now }
            }
        } catch {
            logger.error("Cannot load from the store", metadata: ["error": "\(error)"])
            return false
        }
        return true
    }

    /// Performs a read the engine asked for and hands it what was found; returns the
    /// conversation an invite's or a session's entry names.
    private func perform(_ read: StoreRead) async throws -> ConversationID? {
        switch read {
        case let .account(account):
            let prefix = account.rawValue + "/"
            let conversations = try await log.indexEntries(IndexKind.member, prefix: prefix)
                .map { ConversationID(rawValue: String($0.key.dropFirst(prefix.count))) }
            let name = try await log.indexValue(IndexKind.name, key: account.rawValue)
            _ = try engine.take(.account(account, conversations: conversations, name: name))
        case let .invite(key):
            return try await log.indexValue(IndexKind.invite, key: key).map(ConversationID.init(rawValue:))
        case let .session(session):
            return try await log.indexValue(IndexKind.session, key: session.uuidString).map(ConversationID.init(rawValue:))
        case let .conversation(id):
            held.lastUsed[id] = clock.now
            try await load(id)
        case let .conversationCount(account):
            // Joining one more conversation: how many the account is in, over every partition.
            if environment.conversationCounts.count(of: account) == nil {
                let count = try await log.indexEntries(IndexKind.member, prefix: account.rawValue + "/").count
                environment.conversationCounts.learn(count, of: account)
            }
            if let count = environment.conversationCounts.count(of: account) {
                _ = try engine.take(.conversationCount(account, count))
            }
        case let .unrated(id):
            _ = try engine.take(try await unrated(id))
        case let .standing(key):
            let standing = try await log.indexValue(IndexKind.rating, key: key).flatMap(Standing.init(json:))
            _ = try engine.take(.standing(key: key, standing))
        case let .start(key):
            // A game's first message sent again long after: its first answer is in the index.
            if let start = try await log.indexValue(IndexKind.start, key: key) {
                _ = try engine.take(.start(key: key, answer: start))
            }
        }
        return nil
    }

    /// A conversation's rated game waiting to be rated, with its players' standings. Each
    /// stream's head is read before the standing: a standing changed in between comes with a
    /// newer head than the one read, and the append that expects it is refused and decided
    /// again.
    private func unrated(_ id: ConversationID) async throws -> StoreFound {
        guard let value = try await log.indexValue(IndexKind.unrated, key: id.rawValue), let game = RatedGame(json: value) else {
            return .unrated(id, nil, standings: [], heads: [])
        }
        var standings: [Standing?] = [], heads: [Int64] = []
        for (player, key) in zip(game.players, game.ratingKeys) {
            heads.append(try await log.head(of: StoredStream.rating(player).name))
            standings.append(try await log.indexValue(IndexKind.rating, key: key).flatMap(Standing.init(json:)))
        }
        return .unrated(id, game, standings: standings, heads: heads)
    }

    /// Loads the conversation of `session` for the admin, if it is not in memory.
    func loadConversation(ofSession session: String) async throws {
        guard let id = try await conversation(ofSession: session) else { return }
        held.lastUsed[id] = clock.now
        try await load(id)
    }

    /// Brings a conversation into memory, with the names of its members, and times the turns
    /// whose clocks run in it: from its snapshot and the records stored after it, or from all
    /// its records when it has no snapshot this version reads. What the engine made of it
    /// (`Taken`: its running clocks, the seq of its newest entry); `nil` when it was there
    /// already.
    @discardableResult
    func load(_ id: ConversationID) async throws -> Taken? {
        guard !engine.holds(id) else { return nil }
        held.pendingSnapshots[id] = nil
        var taken: Taken?
        // A batch that set the conversation aside may keep it while the store is read: the
        // engine's then is newer than what was read.
        if let snapshot = try await log.indexValue(IndexKind.snapshot, key: id.rawValue),
            let position = IndexKind.snapshotPosition(snapshot)
        {
            let (stored, last) = try await storedEvents(of: id, after: position.after)
            guard !engine.holds(id) else { return nil }
            let fromSnapshot = try engine.take(.snapshot(id, snapshot, then: stored))
            if fromSnapshot.loaded {
                held.storedThrough[id] = last
                held.snapshotSeq[id] = position.lastSeq
                taken = fromSnapshot
            }
        }
        if taken == nil {
            let (stored, last) = try await storedEvents(of: id, after: 0)
            guard !engine.holds(id) else { return nil }
            taken = try engine.take(.records(id, stored))
            held.storedThrough[id] = last
            held.snapshotSeq[id] = 0
        }
        metrics.loaded()
        // Loaded before its clock's deadline in the store's index: its turns are timed now.
        timers.cancel(.clockInStore(id))
        held.lastUsed[id] = held.lastUsed[id] ?? clock.now
        guard let taken else { return nil }
        try await learnNames(of: taken.namesWanted)
        if !taken.decision.timers.isEmpty {
            for change in taken.decision.timers { time(change) }
            armTimers()
        }
        return taken
    }

    /// Reads from the store's index the names of `accounts` (those the engine lacks) and hands
    /// the engine those it finds.
    func learnNames(of accounts: [AccountID]) async throws {
        guard !accounts.isEmpty else { return }
        var names: [AccountID: String] = [:]
        for account in accounts {
            if let name = try await log.indexValue(IndexKind.name, key: account.rawValue) { names[account] = name }
        }
        if !names.isEmpty { _ = try engine.take(.names(names)) }
    }

    /// The conversation a session belongs to, from memory or the store's index, if it is one of
    /// this pipeline's.
    private func conversation(ofSession session: String) async throws -> ConversationID? {
        if let id = engine.conversation(ofSession: session) { return id }
        guard let id = UUID(uuidString: session) else { return nil }
        let conversation = try await log.indexValue(IndexKind.session, key: id.uuidString).map(ConversationID.init(rawValue:))
        return conversation.flatMap { engine.partition.holds($0) ? $0 : nil }
    }

    /// Marks conversations as just used (the ones a batch created, say).
    func touch(_ references: [EntryReference]) {
        let now = clock.now
        for reference in references { held.lastUsed[reference.conversation] = now }
    }

    /// Evicts the conversations idle for longer than `Residency.idle`,
    /// then the least recently used ones while more than `Residency.liveConversations` are in
    /// memory.
    func evictIdleConversations() {
        let now = clock.now
        // Once a second; over the limit, up to ten times a second, so that a burst of new
        // conversations never makes every batch sort them all.
        let pause: Duration = engine.residentCount > environment.residency.liveConversations ? .milliseconds(100) : .seconds(1)
        if let lastSweep, now - lastSweep < pause { return }
        lastSweep = now
        for id in engine.residentConversations where held.lastUsed[id] == nil { held.lastUsed[id] = now }
        var idle = held.lastUsed.filter { now - $0.value >= environment.residency.idle }.map(\.key)
        var resident = engine.residentCount
        if resident - idle.count > environment.residency.liveConversations {
            let busy = held.lastUsed.filter { now - $0.value < environment.residency.idle }.sorted { $0.value < $1.value }.map(\.key)
            idle += busy.prefix(resident - idle.count - environment.residency.liveConversations)
        }
        var evicted = 0
        for id in idle {
            guard let eviction = engine.evictIdle(
                id, storedThrough: held.storedThrough[id] ?? 0, snapshotSeq: held.snapshotSeq[id] ?? 0,
                unlessDueBefore: now.advanced(by: Self.turnDueSoon).date)
            else { continue }
            // What changed since its last snapshot is kept in a new one, stored with the next
            // append or when the pipeline is next idle.
            if let snapshot = eviction.snapshot { held.pendingSnapshots[id] = snapshot }
            held.forget(id)
            timeFromStore(id, eviction.deadlines)
            metrics.evicted()
            resident -= 1
            evicted += 1
        }
        // Accounts no longer in a conversation in memory go with them (and every 30 s, the
        // `accountSweep` chore).
        if evicted > 0 { forgetAccounts() }
        returnFreedMemory(now: now)
    }

    /// How near a turn's deadline must be for its idle conversation to stay in memory. A
    /// deadline read back from the store (whole milliseconds) may also fall a fraction after the
    /// one timed before the conversation left.
    static let turnDueSoon: Duration = .seconds(60)

    /// Forgets the accounts that are neither connected nor in a conversation in memory.
    func forgetAccounts() {
        engine.forgetAccounts(keeping: connections.isConnected)
    }

    /// glibc keeps what was freed in its arenas: an RSS that grew under load stays grown after
    /// conversations leave, and under steady load it creeps up as freed pieces of connections'
    /// buffers and of game states lie scattered over pages that are never handed back. Giving
    /// them back every 30 s (once for the whole process, by whichever pipeline comes first)
    /// lets RSS follow what is in memory. It costs a few milliseconds of one thread.
    private func returnFreedMemory(now: WallInstant) {
        let due = Self.lastTrim.withLock { last in
            guard last.map({ now - $0 >= .seconds(30) }) ?? true else { return false }
            last = now
            return true
        }
        guard due else { return }
        _ = Self.mallocTrim?(0)
    }

    /// When the process last gave freed memory back.
    private static let lastTrim = Mutex<WallInstant?>(nil)

    /// glibc's `malloc_trim`, which the Swift overlay does not declare; `nil` elsewhere.
    private static let mallocTrim: (@convention(c) (Int) -> Int32)? = {
        #if canImport(Glibc)
        guard let symbol = dlsym(nil, "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
        #else
        return nil
        #endif
    }()
}
