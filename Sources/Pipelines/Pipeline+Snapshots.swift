import Transcript
import Engine
import Foundation
import Storage
import Transport

/// Snapshots of conversations in the store's index, so that loading one replays only the events
/// after its snapshot: one is stored with a batch's events when a conversation has gained
/// `snapshotInterval` entries since its last, and one when a conversation leaves memory.
package extension Pipeline {
    /// How many conversations that passed the interval a batch takes a snapshot of; the others
    /// stay due and are taken by the batches after it. Each costs about a millisecond on the
    /// pipeline's path (a conversation's state as JSON), and conversations that began together
    /// pass the interval together.
    static let snapshotsPerBatch = 2

    /// The snapshots to store with a batch's events (the pending ones of conversations that left
    /// memory, and those of conversations the batch brought past the interval, at most
    /// `snapshotsPerBatch`), and the seq each of the latter will hold up to once stored.
    func snapshotsDue(after events: [Record]) -> ([IndexChange], [(ConversationID, Int)]) {
        var changes = Array(held.pendingSnapshots.values)
        held.pendingSnapshots = [:]
        var snapshotted: [(ConversationID, Int)] = []
        var seen: Set<ConversationID> = []
        for event in events where snapshotted.count < Self.snapshotsPerBatch {
            guard let id = event.conversation, seen.insert(id).inserted, let lastSeq = engine.lastSeq(of: id),
                lastSeq - (held.snapshotSeq[id] ?? 0) >= Self.snapshotInterval,
                // Taken after the batch, it may hold this batch's events, whose positions are not
                // known yet: a load reads from the position before them and skips by seq.
                let snapshot = engine.snapshotChange(of: id, after: held.storedThrough[id] ?? 0)
            else { continue }
            changes.append(snapshot)
            // Kept among the older ones too, for resumes of entries long gone (step 9).
            if let kept = Engine.snapshotAtChange(keeping: snapshot) { changes.append(kept) }
            snapshotted.append((id, lastSeq))
        }
        return (changes, snapshotted)
    }

    /// Stores the snapshots of conversations that left memory, when no batch is waiting. They are
    /// a cache: if the store refuses them, they are dropped, and those conversations load from
    /// older snapshots and more events.
    func storePendingSnapshots() async {
        let changes = Array(held.pendingSnapshots.values)
        held.pendingSnapshots = [:]
        do {
            _ = try await log.append([], indexing: changes)
        } catch {
            logger.warning("Could not store snapshots of conversations that left memory", metadata: ["error": "\(error)"])
        }
    }
}
