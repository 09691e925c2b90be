import Engine
import Storage
import Timekeeping
import Transcript
import Transport

/// What a pipeline keeps of each conversation it holds, beside the engine's state of it: when
/// it was last used (for residency), where its newest stored record is (the position its next
/// records are stored after, and the head a shared store's append expects) and the seq its
/// newest stored snapshot holds up to; and the snapshots of conversations that left memory,
/// not yet stored.
package struct HeldConversations {
    package var lastUsed: [ConversationID: WallInstant] = [:]
    package var storedThrough: [ConversationID: Int64] = [:]
    package var snapshotSeq: [ConversationID: Int] = [:]
    package var pendingSnapshots: [ConversationID: IndexChange] = [:]

    /// Forgets a conversation that left memory (its pending snapshot, if any, stays).
    package mutating func forget(_ id: ConversationID) {
        lastUsed[id] = nil
        storedThrough[id] = nil
        snapshotSeq[id] = nil
    }
}
