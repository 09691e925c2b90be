import Transcript
import Engine
import Foundation
import Storage
import Transport

/// Snapshots of conversations in the store's index, so that loading one replays only the events
/// after its snapshot: one is stored with a batch's events when a conversation has gained
/// `Engine.snapshotInterval` entries since its last (`BatchDecision.snapshots`), and one when a
/// conversation leaves memory, stored with the next batch or on its own.
package extension Pipeline {
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
