#if canImport(Glibc)
import Glibc
#endif
import Engine
import Foundation
import Wire

/// Which conversations the relay's engine holds in memory: those in use lately, at most
/// `Residency.liveConversations` of them. A request for one that is not in memory loads it
/// from its stored events before it is decided; one idle for `Residency.idle` is evicted,
/// unless a turn's clock runs in it.
extension Relay {
    /// The settings `engine.liveConversations` and `engine.idleSeconds`.
    public struct Residency: Sendable, Equatable {
        public var liveConversations: Int
        public var idle: Duration

        public init(liveConversations: Int = 10_000, idle: Duration = .seconds(300)) {
            self.liveConversations = liveConversations
            self.idle = idle
        }
    }

    /// How many conversations are in memory now.
    public var residentCount: Int { engine.residentCount }

    /// Loads every conversation the batch names that is not in memory. False when the store
    /// could not be read: the batch is then refused as a whole.
    func loadConversations(for batch: [Command]) async -> Bool {
        let now = ContinuousClock.now
        for command in batch {
            for id in conversations(namedBy: command) {
                lastUsed[id] = now
                guard !engine.holds(id) else { continue }
                do {
                    let stored = try await storedEvents(of: id)
                    try engine.load(id, from: stored)
                    metrics.loaded()
                } catch {
                    logger.error("Cannot load a conversation from the store", metadata: [
                        "conversation": "\(id)", "error": "\(error)",
                    ])
                    return false
                }
            }
        }
        return true
    }

    /// Loads the conversation of `session` for the admin, if it is not in memory.
    func loadConversation(ofSession session: String) async throws {
        guard let id = engine.conversation(ofSession: session), !engine.holds(id) else { return }
        let stored = try await storedEvents(of: id)
        try engine.load(id, from: stored)
        metrics.loaded()
        lastUsed[id] = .now
    }

    private func conversations(namedBy command: Command) -> [String] {
        switch command {
        case let .frame(frame, account, _, _):
            return engine.conversations(namedBy: frame, from: account)
        case let .deadline(deadline):
            return [deadline.conversation]
        case let .operatorAction(.end(session), _):
            return engine.conversation(ofSession: session).map { [$0] } ?? []
        case let .operatorAction(.remove(account, conversation), _):
            return engine.conversations(of: account).contains(conversation) ? [conversation] : []
        }
    }

    /// Marks conversations as just used (the ones a batch created, say).
    func touch(_ references: [EntryReference]) {
        let now = ContinuousClock.now
        for reference in references { lastUsed[reference.conversation] = now }
    }

    /// Evicts the conversations idle for longer than `residency.idle`,
    /// then the least recently used ones while more than `residency.liveConversations` are in
    /// memory; never one whose turn clock runs.
    func evictIdleConversations() {
        let now = ContinuousClock.now
        // Once a second; over the limit, up to ten times a second, so that conversations whose
        // clocks run (and cannot leave) never make every batch sort them all.
        let pause: Duration = engine.residentCount > residency.liveConversations ? .milliseconds(100) : .seconds(1)
        if let lastSweep, now - lastSweep < pause { return }
        lastSweep = now
        for id in engine.residentConversations where lastUsed[id] == nil { lastUsed[id] = now }
        var idle = lastUsed.filter { now - $0.value >= residency.idle }.map(\.key)
        var resident = engine.residentCount
        if resident - idle.count > residency.liveConversations {
            let busy = lastUsed.filter { now - $0.value < residency.idle }.sorted { $0.value < $1.value }.map(\.key)
            idle += busy.prefix(resident - idle.count - residency.liveConversations)
        }
        var evicted = 0
        for id in idle where !engine.hasRunningClock(id) {
            engine.evict(id)
            metrics.evicted()
            lastUsed[id] = nil
            resident -= 1
            evicted += 1
        }
        evictedSinceTrim += evicted
        returnFreedMemory(now: now)
    }

    /// glibc keeps what was freed in its arenas, so an RSS that grew under load stays grown
    /// after the conversations leave; giving it back now and then (at most every 30 s, after
    /// evictions) lets RSS follow what is in memory.
    private func returnFreedMemory(now: ContinuousClock.Instant) {
        guard evictedSinceTrim > 0, lastTrim.map({ now - $0 >= .seconds(30) }) ?? true else { return }
        lastTrim = now
        evictedSinceTrim = 0
        Self.mallocTrim?(0)
    }

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
