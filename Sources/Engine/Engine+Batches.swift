import Transcript

/// A batch is decided, then set aside while the store appends it, and kept only once the store
/// has kept its records. The engine decides on its own values, so that a move changes its
/// conversation in place rather than copying it; what spans conversations goes into a layer of
/// its own (`Layered`). Before the append, the conversations the batch changed are taken out of
/// the engine with that layer and the counters (`setAside(_:since:)`): while the store works,
/// the engine holds only what is stored, and a read of one of those conversations finds it in
/// the store. Once the store has kept the batch, `keep(_:)` puts them back. A batch the store
/// refuses is dropped with what was set aside: the engine never holds what the store does not,
/// and those conversations are read again from the store when next needed.
extension Engine {
    /// Where a batch began: the counters before it.
    public struct BatchStart: Sendable {
        let totals: EngineStatistics
    }

    /// What a batch decided, set aside while the store appends it.
    public struct SetAside: Sendable {
        let conversations: [ConversationID: Conversation]
        let directory: AccountDirectory.Changes
        let totals: EngineStatistics

        /// The conversations the batch changed, which the engine does not hold until they are
        /// kept.
        public var conversationIDs: [ConversationID] { Array(conversations.keys) }
    }

    /// Begins a batch: what spans conversations changes in a layer of its own from here on.
    public mutating func beginBatch() -> BatchStart {
        directory.beginLayer()
        return BatchStart(totals: totals)
    }

    /// Takes out what the batch that `events` record changed: their conversations, the
    /// directory's layer and the counters, which go back to what they were at `start`.
    public mutating func setAside(_ events: [Record], since start: BatchStart) -> SetAside {
        var taken: [ConversationID: Conversation] = [:]
        for event in events {
            guard let id = event.conversation, taken[id] == nil, let conversation = conversations.removeValue(forKey: id)
            else { continue }
            taken[id] = conversation
        }
        let decided = totals
        totals = start.totals
        return SetAside(conversations: taken, directory: directory.takeLayer(), totals: decided)
    }

    /// Keeps what was set aside, once the store has kept it: the conversations (in place of any
    /// loaded from the store meanwhile), the directory's changes and the counters.
    public mutating func keep(_ aside: SetAside) {
        for (id, conversation) in aside.conversations { conversations[id] = conversation }
        directory.merge(aside.directory)
        totals = aside.totals
    }

    /// Whether a batch has begun and not been set aside.
    public var isDeciding: Bool { directory.isLayered }
}
