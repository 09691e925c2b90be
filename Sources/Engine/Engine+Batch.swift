import Foundation
import GameRules
import Storage
import Transcript
import Wire

// A whole batch decided at once: each request in turn, then what goes to the store beside
// their records (index changes, snapshots, the streams the append expects, the chores it
// leaves: ratings to make, the house bot's turns).

extension Engine {
    /// A conversation's snapshot is stored with a batch once it has gained this many entries
    /// since its last one.
    public static let snapshotInterval = 200
    /// How many conversations that passed the interval a batch takes a snapshot of; the others
    /// stay due and are taken by the batches after it. Each costs about a millisecond on the
    /// pipeline's path (a conversation's state as JSON), and conversations that began together
    /// pass the interval together.
    public static let snapshotsPerBatch = 2

    /// Decides a batch: each request in order, then the index changes their records make and the
    /// snapshots due. `storedThrough` gives a held conversation's newest stored position (its
    /// new records are stored after it), `snapshotSeq` the seq its newest stored snapshot holds
    /// up to. The batch begins here (`beginBatch()`): what it changed is to be set aside while
    /// the store appends it (`setAside(_:)`), then kept or dropped.
    public mutating func decide(
        _ batch: [Request], at now: Date, random: inout some RandomNumberGenerator,
        storedThrough: [ConversationID: Int64], snapshotSeq: [ConversationID: Int]
    ) -> BatchDecision {
        var decided = BatchDecision(start: beginBatch())
        decided.decisions.reserveCapacity(batch.count)
        // A first name is no new name to tell: only those who had one are announced elsewhere.
        for case let .frame(.rename, account) in batch where directory.names[account] != nil { decided.renamed.insert(account) }
        for (place, request) in batch.enumerated() {
            let decision: Decision
            switch request {
            case let .frame(frame, account): decision = handle(frame, from: account, now: now, random: &random)
            case let .deadline(deadline): decision = timeOut(deadline, now: now)
            case let .end(session): decision = end(session: session, now: now) ?? Decision()
            case let .remove(account, conversation): decision = remove(account, from: conversation) ?? Decision()
            case let .readmit(account, conversation): decision = readmit(account, to: conversation) ?? Decision()
            case let .sticker(post, account, _): (decision, decided.stickerAnswers[place]) = self.post(post, by: account, now: now)
            case let .announce(name, account): decision = announce(name, of: account, now: now)
            case let .seek(seek, account, origin, name):
                decision = self.seek(seek, by: account, origin: origin, name: name, now: now, random: &random)
            case let .unseek(seek, account, request): decision = unseek(seek, by: account, answering: request)
            case .pair: decision = pair(at: now, random: &random)
            case let .rate(id): decision = rate(id, now: now)
            case let .houseBot(id): decision = houseBotMove(in: id, now: now, random: &random)
            case let .pairedElsewhere(id): decision = pairedElsewhere(id)
            case .dropOwnSeeks: decision = dropOwnSeeks()
            case .storedElsewhere: decision = Decision()
            }
            decided.decisions.append(decision)
            decided.records += decision.events
            decided.expecting.merge(decision.expecting) { first, _ in first }
        }
        // What was read for this batch is not kept for the next: it may have changed by then.
        ratingReads = RatingReads()
        decided.chores.append(.pair(at: pairingDue(after: now)))
        guard !decided.records.isEmpty else { return decided }
        // The queue changes only from where this engine read it.
        if decided.records.contains(where: { $0.storedStream == .queue }) { decided.expecting[StoredStream.queue.name] = queueThrough }
        decided.index = indexChanges(for: decided.records, storedThrough: { storedThrough[$0] ?? 0 })
        for change in decided.index where change.kind == IndexKind.unrated && change.value != nil {
            decided.chores.append(.rate(ConversationID(rawValue: change.key)))
        }
        var looked: Set<ConversationID> = []
        for case let id? in decided.records.map(\.conversation) where looked.insert(id).inserted && houseBotMayMove(in: id) {
            decided.chores.append(.houseBot(id))
        }
        var seen: Set<ConversationID> = []
        for record in decided.records where decided.snapshotted.count < Self.snapshotsPerBatch {
            guard let id = record.conversation, seen.insert(id).inserted, let lastSeq = lastSeq(of: id),
                lastSeq - (snapshotSeq[id] ?? 0) >= Self.snapshotInterval,
                // Taken after the batch, it may hold this batch's records, whose positions are not
                // known yet: a load reads from the position before them and skips by seq.
                let snapshot = snapshotChange(of: id, after: storedThrough[id] ?? 0)
            else { continue }
            decided.snapshots.append(snapshot)
            // Kept among the older ones too, for resumes of entries long gone.
            if let kept = Self.snapshotAtChange(keeping: snapshot) { decided.snapshots.append(kept) }
            decided.snapshotted.append((id, lastSeq))
        }
        return decided
    }
}
