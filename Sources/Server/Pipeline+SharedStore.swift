import Engine
import Foundation
import Storage
import Transcript
import Wire

/// What a pipeline does when other servers share its store (PostgreSQL): it takes in what they
/// store for the conversations it holds or that its connections are in, and relays it; it
/// decides again a batch that lost a race to the store; it looks for turn clocks they started,
/// so that their deadlines fire here should they stop. The store decides every race (its
/// conditional append); notices only say where to read.
extension Pipeline {
    /// How often the store's running clocks are looked for.
    static let clockSweepInterval: Duration = .seconds(5)

    /// Takes in what other servers stored, as `notices` say (`nil`: anything, for every
    /// conversation in memory), and relays it.
    func takeIn(_ notices: [AppendNotice?], into deliveries: inout Deliveries) async {
        var after: [String: Int64] = [:]
        if notices.contains(where: { $0 == nil }) {
            for id in engine.residentConversations { after[id] = storedThrough[id] ?? 0 }
        }
        var names: [AppendNotice] = []
        for case let notice? in notices {
            if notice.stream.isEmpty {
                names.append(notice)
            } else if engine.partition.holds(notice.stream) {
                after[notice.stream] = min(after[notice.stream] ?? .max, notice.after)
            }
        }
        for (id, notified) in after.sorted(by: { $0.key < $1.key }) {
            do {
                try await takeIn(id, after: notified, into: &deliveries)
            } catch {
                // Read again, whole, when next needed.
                logger.warning("Cannot take in what another server stored", metadata: ["conversation": "\(id)", "error": "\(error)"])
                forgetConversation(id)
            }
        }
        for notice in names { await takeInNames(notice) }
    }

    /// Takes in one conversation's new events: those after what this pipeline holds of it, or,
    /// for one not in memory that a connection of this server is in, loads it and relays the
    /// events after `notified`.
    private func takeIn(_ id: String, after notified: Int64, into deliveries: inout Deliveries) async throws {
        let events: [EngineEvent], references: [EntryReference]
        if engine.holds(id) {
            let from = storedThrough[id] ?? 0
            let (stored, last) = try await storedEvents(of: id, after: from)
            guard last > from else { return }
            references = try engine.applyStoredElsewhere(stored)
            storedThrough[id] = last
            lastUsed[id] = .now
            try await learnNames(in: id)
            events = stored
        } else if engine.hasKnownMember(id) {
            try await load(id)
            events = try await storedEvents(of: id, after: notified).events
            references = events.compactMap { event in event.seq.map { EntryReference(conversation: id, seq: $0) } }
        } else {
            return
        }
        metrics.tookIn(events.count)
        for reference in references { relay(reference, into: &deliveries) }
        for deadline in engine.deadlines(in: id) { schedule(deadline) }
        stopClocks(after: events)
        if !watchers.isEmpty { tellWatchers(about: events) }
    }

    /// Names another server stored: the conversations in memory show them from now on.
    private func takeInNames(_ notice: AppendNotice) async {
        do {
            let records = try await log.records(in: "", after: notice.after, limit: Int(clamping: notice.through - notice.after))
            let events = try records.map { try WireJSON.decode(EngineEvent.self, from: $0.payload) }
            _ = try engine.applyStoredElsewhere(events)
        } catch {
            logger.warning("Cannot read the names another server stored", metadata: ["error": "\(error)"])
        }
    }

    /// A batch's events were refused because another server moved one of their conversations
    /// on: the engine forgets them, and reads those conversations again from the store. What
    /// they gained elsewhere is relayed here, as a notice of it would have been.
    func lostRace(_ events: [EngineEvent], since checkpoint: Engine.Checkpoint, into deliveries: inout Deliveries) async {
        metrics.lostRace()
        // Where each conversation stood before the batch, by the seq of its first new entry.
        var before: [String: Int] = [:]
        for event in events {
            if let id = event.conversation, let seq = event.seq { before[id] = min(before[id] ?? .max, seq - 1) }
        }
        let held = Set(events.compactMap(\.conversation)).filter { storedThrough[$0] != nil }
        for id in engine.forget(events, since: checkpoint) { forgetConversation(id) }
        for id in held.sorted() {
            do {
                try await load(id)
                let last = engine.lastSeq(of: id) ?? 0
                let since = before[id] ?? last
                if last > since {
                    for seq in (since + 1)...last { relay(EntryReference(conversation: id, seq: seq), into: &deliveries) }
                }
                for deadline in engine.deadlines(in: id) { schedule(deadline) }
            } catch {
                logger.warning("Cannot read a conversation again after losing a race", metadata: ["conversation": "\(id)", "error": "\(error)"])
            }
        }
    }

    /// Takes a conversation out of memory and out of the pipeline's bookkeeping of it.
    func forgetConversation(_ id: String) {
        engine.evict(id)
        storedThrough[id] = nil
        snapshotSeq[id] = nil
        lastUsed[id] = nil
    }

    /// Loads the conversations whose turn clocks run in the store that are not in memory here
    /// (started by another server), so that their deadlines fire here too: of the servers whose
    /// timeouts race, the store keeps one.
    func loadClocksStartedElsewhere() async {
        lastClockSweep = .now
        do {
            for entry in try await log.indexEntries(IndexKind.clock, prefix: "")
            where engine.partition.holds(entry.key) && !engine.holds(entry.key) {
                try await load(entry.key)
                for deadline in engine.deadlines(in: entry.key) { schedule(deadline) }
            }
        } catch {
            logger.warning("Cannot read the store's running clocks", metadata: ["error": "\(error)"])
        }
    }

    var clockSweepDue: Bool {
        isShared && lastClockSweep.map { ContinuousClock.now - $0 >= Self.clockSweepInterval } ?? true
    }
}
