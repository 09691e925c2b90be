import Engine
import Foundation
import Storage
import Transcript
import Transport
import Wire
import Timekeeping

/// What a pipeline does when other servers share its store (PostgreSQL): it takes in what they
/// store for the conversations its connections are in, and relays it; it decides again a batch
/// that lost a race to the store; it times the turn clocks they started, so that their deadlines
/// fire here should they stop. The store decides every race (its conditional append); notices
/// only say where to read. A conversation none of whose members is known here (connected, or
/// lately) leaves memory when another server moves it on: it is applied and rendered only where
/// someone is sent it.
package extension Pipeline {
    /// How often the store's running clocks are looked for.
    static let clockSweepInterval: Duration = .seconds(5)

    /// Takes in what other servers stored, as `notices` say (`nil`: anything, for every
    /// conversation in memory), and relays it: the conversations in memory from the records the
    /// notices carry when they follow on from where this pipeline holds each, the others in one
    /// read of the store, each from where this pipeline holds it.
    func takeIn(_ notices: [AppendNotice?], into deliveries: inout Deliveries) async {
        var heads: [ConversationID: Int64] = [:]
        if notices.contains(where: { $0 == nil }) {
            for id in engine.residentConversations { heads[id] = held.storedThrough[id] ?? 0 }
        }
        var absent: [ConversationID: Int64] = [:]
        var carried: [ConversationID: [LogRecord]] = [:]
        var names: [AppendNotice] = []
        if notices.contains(where: { $0.map { StoredStream($0.stream) == .queue } ?? keepsQueue }) {
            await catchUpQueue()
        }
        for case let notice? in notices {
            let id: ConversationID
            switch StoredStream(notice.stream) {
            case .server:
                names.append(notice)
                continue
            case .queue, .sticker, .rating:
                // A sticker's bytes, a rating change: the event in the conversation's stream says all.
                continue
            case let .conversation(conversation):
                guard engine.partition.holds(conversation) else { continue }
                id = conversation
            }
            if engine.holds(id) {
                // The records a notice carries follow on from where this pipeline holds the
                // conversation (or from the last notice's): taken as they are. Any gap, or a
                // notice without them, and the conversation is read from the store.
                let from = carried[id]?.last?.position ?? held.storedThrough[id] ?? 0
                if heads[id] != nil || notice.through <= from { continue }
                if let records = notice.records, notice.after == from {
                    carried[id, default: []] += records
                } else {
                    heads[id] = held.storedThrough[id] ?? 0
                    carried[id] = nil
                }
            } else {
                absent[id] = min(absent[id] ?? .max, notice.after)
            }
        }
        metrics.carried(carried.values.reduce(0) { $0 + $1.count })
        for (id, records) in carried.sorted(by: { $0.key < $1.key }) { await takeIn(records, of: id, into: &deliveries) }
        if !heads.isEmpty {
            do {
                let records = try await records(after: heads)
                for (id, stored) in records.sorted(by: { $0.key < $1.key }) { await takeIn(stored, of: id, into: &deliveries) }
            } catch {
                // The next notice of each reads from the same place again.
                logger.warning("Cannot read what other servers stored", metadata: ["error": "\(error)"])
            }
        }
        for (id, notified) in absent.sorted(by: { $0.key < $1.key }) where engine.hasKnownMember(id) {
            do {
                // Loaded with them (its running clocks timed by the load): relay what was notified.
                try await load(id)
                let events = try await storedEvents(of: id, after: notified).events
                var taken = Taken()
                taken.decision.notify = events.compactMap { event in event.seq.map { EntryReference(conversation: id, seq: $0) } }
                await took(events, as: taken, into: &deliveries)
            } catch {
                logger.warning("Cannot load what another server stored", metadata: ["conversation": "\(id)", "error": "\(error)"])
                forgetConversation(id)
            }
        }
        for notice in names { await takeInNames(notice) }
    }

    /// The records after each stream's head, by stream, read in pages of many streams at once.
    private func records(after heads: [ConversationID: Int64]) async throws -> [ConversationID: [LogRecord]] {
        var heads = heads
        var byStream: [ConversationID: [LogRecord]] = [:]
        let page = 5000
        while !heads.isEmpty {
            let records = try await log.records(
                after: Dictionary(uniqueKeysWithValues: heads.map { ($0.key.rawValue, $0.value) }), limit: page)
            for record in records { byStream[ConversationID(rawValue: record.stream), default: []].append(record) }
            guard records.count == page else { break }
            // Cut at the page's end: each stream goes on from the last of its records read.
            for stream in Array(heads.keys) { heads[stream] = byStream[stream]?.last?.position ?? heads[stream] }
        }
        return byStream
    }

    /// Applies one conversation's records that another server stored and relays their entries;
    /// a conversation they do not fit leaves memory, to be read whole when next needed, and so
    /// does one that no member known here needs (`letGo`).
    private func takeIn(_ records: [LogRecord], of id: ConversationID, into deliveries: inout Deliveries) async {
        guard let last = records.last?.position, last > held.storedThrough[id] ?? 0 else { return }
        if !engine.hasKnownMember(id), watchers.isEmpty {
            letGo(id)
            return
        }
        do {
            let events = try records.map { try Record(stored: $0.payload) }
            let taken = try engine.take(.storedElsewhere(events))
            held.storedThrough[id] = last
            held.lastUsed[id] = clock.now
            await took(events, as: taken, into: &deliveries)
        } catch {
            logger.warning("Cannot take in what another server stored", metadata: ["conversation": "\(id)", "error": "\(error)"])
            forgetConversation(id)
        }
    }

    /// Relays the entries another server stored, and times the conversation's clocks anew.
    private func took(_ events: [Record], as taken: Taken, into deliveries: inout Deliveries) async {
        metrics.tookIn(events.count)
        // A newcomer's name, before the entries that show it.
        do { try await learnNames(of: taken.namesWanted) } catch { logger.warning("Cannot read names", metadata: ["error": "\(error)"]) }
        for reference in taken.decision.notify { relay(reference, into: &deliveries) }
        for change in taken.decision.timers { time(change) }
        armTimers()
        if !watchers.isEmpty { tellWatchers(about: events) }
    }

    /// Names another server stored: the conversations in memory show them from now on.
    private func takeInNames(_ notice: AppendNotice) async {
        do {
            let records = try await log.records(in: "", after: notice.after, limit: Int(clamping: notice.through - notice.after))
            let events = try records.map { try Record(stored: $0.payload) }
            _ = try engine.take(.storedElsewhere(events))
        } catch {
            logger.warning("Cannot read the names another server stored", metadata: ["error": "\(error)"])
        }
    }

    /// A batch's events were refused because another server moved one of their conversations
    /// on: the engine forgets them, and reads those conversations again from the store. What
    /// they gained elsewhere is relayed here, as a notice of it would have been.
    func lostRace(_ events: [Record], into deliveries: inout Deliveries) async {
        metrics.lostRace()
        // Where each conversation stood before the batch, by the seq of its first new entry.
        var before: [ConversationID: Int] = [:]
        for event in events {
            if let id = event.conversation, let seq = event.seq { before[id] = min(before[id] ?? .max, seq - 1) }
        }
        let wereHeld = Set(events.compactMap(\.conversation)).filter { held.storedThrough[$0] != nil }
        for id in engine.forget(events) { forgetConversation(id) }
        for id in wereHeld.sorted() {
            do {
                // Its running clocks are timed by the load.
                guard let last = try await load(id)?.lastSeq else { continue }
                let since = before[id] ?? last
                if last > since {
                    for seq in (since + 1)...last { relay(EntryReference(conversation: id, seq: seq), into: &deliveries) }
                }
            } catch {
                logger.warning("Cannot read a conversation again after losing a race", metadata: ["conversation": "\(id)", "error": "\(error)"])
            }
        }
    }

    /// Takes a conversation out of memory and out of the pipeline's bookkeeping of it.
    func forgetConversation(_ id: ConversationID) {
        engine.evict(id)
        held.forget(id)
    }

    /// Lets a conversation that another server moved on leave memory without applying what it
    /// stored: no one here is sent it. Its turns are timed from the store from its earliest
    /// deadline here, which the move did not bring forward (a move restarts a turn's clock later;
    /// a new session's shorter turn is written to the index, and the next look at it,
    /// `timeClocksInStore`, times it).
    func letGo(_ id: ConversationID) {
        let deadlines = engine.deadlines(in: id)
        forgetConversation(id)
        metrics.evicted()
        timeFromStore(id, deadlines)
    }
}
