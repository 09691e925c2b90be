import Engine

extension Pipeline {
    /// `Engine.isFinished(session:)`, with the session's conversation loaded.
    func isFinished(session: String) async throws -> Bool? {
        try await loadConversation(ofSession: session)
        guard await settled() else { throw Self.reloading }
        return engine.isFinished(session: session)
    }

    /// `Engine.publicReplay(ofSession:replaying:)`, with the session's conversation loaded and
    /// its stored events read.
    func publicReplay(ofSession session: String) async throws -> PublicReplay? {
        try await loadConversation(ofSession: session)
        guard await settled() else { throw Self.reloading }
        guard engine.isFinished(session: session) == true, let conversation = engine.conversation(ofSession: session) else {
            return nil
        }
        let stored = try await storedEvents(of: conversation)
        guard await settled() else { throw Self.reloading }
        return try engine.publicReplay(ofSession: session, replaying: stored)
    }
}

extension ConversationRouter {
    /// Whether a session is over; `nil` when no server sharing the store holds it.
    public func isFinished(session: String) async throws -> Bool? {
        guard let pipeline = try await pipeline(ofSession: session) else { return nil }
        return try await pipeline.isFinished(session: session)
    }

    /// A finished session's replay page's content; `nil` for one unknown or still played.
    public func publicReplay(ofSession session: String) async throws -> PublicReplay? {
        guard let pipeline = try await pipeline(ofSession: session) else { return nil }
        return try await pipeline.publicReplay(ofSession: session)
    }
}
