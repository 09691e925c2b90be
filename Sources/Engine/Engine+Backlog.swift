import Transcript
import Wire

/// Entries that are no longer in memory, rebuilt from the store: a conversation's stored
/// events are replayed into a scratch engine, and each entry is rendered as this engine would
/// render it now (today's names and identifiers), the moment it is replayed, while it is
/// still among the scratch conversation's newest.
extension Engine {
    /// An engine with these settings and names and no conversations.
    func scratch() -> Engine {
        var scratch = Engine(configuration: configuration, catalog: catalog, identifiers: identifiers)
        scratch.names = names
        scratch.keepsFinishedSessions = true
        return scratch
    }

    /// The events `backlog` asks for, then its `synced`, from every stored event of its
    /// conversation in order (its creation first).
    public func backlog(_ backlog: Backlog, replaying stored: [EngineEvent]) throws(EngineError) -> [ServerFrame] {
        guard let live = conversations[backlog.conversation] else {
            return [.rejected(.init(id: backlog.request, error: EngineError.unknownConversation(backlog.conversation).frame))]
        }
        var frames: [ServerFrame] = []
        try replay(stored, of: live) { scratch, seq in
            guard seq > backlog.after, seq <= backlog.lastSeq else { return }
            var conversation = scratch
            // Identifiers as the viewer knows them today: they may have joined after this entry.
            conversation.directories = live.directories
            if let frame = frame(ofEntry: seq, in: conversation, for: backlog.viewer) { frames.append(frame) }
        }
        frames.append(.synced(.init(id: backlog.request, conversation: backlog.conversation, lastSeq: backlog.lastSeq)))
        return frames
    }

    /// Applies `stored` to a scratch engine, calling `visit` with the scratch conversation
    /// after each entry of `live`'s conversation.
    /// Returns the scratch conversation as it stands after the last event.
    @discardableResult
    func replay(
        _ stored: [EngineEvent], of live: ConversationState, visit: (ConversationState, Int) throws(EngineError) -> Void
    ) throws(EngineError) -> ConversationState? {
        var scratch = scratch()
        for event in stored where event.conversation == live.id {
            try scratch.apply(event)
            guard let conversation = scratch.conversations[live.id], let seq = event.seq else { continue }
            try visit(conversation, seq)
        }
        return scratch.conversations[live.id]
    }
}

extension EngineEvent {
    /// The seq of the conversation entry the event makes; `nil` for those that make none.
    public var seq: Int? {
        switch self {
        case .conversationCreated, .renamed, .downtime, .readmitted: nil
        case let .joined(_, seq, _), let .left(_, seq, _), let .removed(_, seq, _): seq
        case let .accepted(move): move.seq
        case let .timedOut(_, seq, _, _), let .ended(_, seq, _, _): seq
        }
    }
}
