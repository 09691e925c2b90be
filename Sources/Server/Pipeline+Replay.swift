import Engine

extension Pipeline {
    /// `Engine.isFinished(session:)`, with the session's conversation loaded.
    func isFinished(session: String) async throws -> Bool? {
        try await loadConversation(ofSession: session)
        return engine.isFinished(session: session)
    }

    /// `Engine.replay(ofSession:from:)`, with the session's conversation loaded and
    /// its stored events read.
    func replay(ofSession session: String) async throws -> Replay? {
        try await loadConversation(ofSession: session)
        guard engine.isFinished(session: session) == true, let conversation = engine.conversation(ofSession: session) else {
            return nil
        }
        let stored = try await storedEvents(of: conversation)
        return try engine.replay(ofSession: session, from: stored)
    }
}

extension ConversationRouter {
    /// Whether a session is over; `nil` when no server sharing the store holds it.
    public func isFinished(session: String) async throws -> Bool? {
        guard let pipeline = try await pipeline(ofSession: session) else { return nil }
        return try await pipeline.isFinished(session: session)
    }

    /// A finished session's replay page's content; `nil` for one unknown or still played.
    public func replay(ofSession session: String) async throws -> Replay? {
        guard let pipeline = try await pipeline(ofSession: session) else { return nil }
        return try await pipeline.replay(ofSession: session)
    }
}
