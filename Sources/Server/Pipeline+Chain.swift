import Engine
import Fairness

extension Pipeline {
    /// `Engine.chainDigests(ofMessage:inSession:replaying:)`, with the session's conversation
    /// loaded and its stored events read.
    func chainDigests(ofMessage number: Int, inSession session: String) async throws -> Set<ChainDigest> {
        try await loadConversation(ofSession: session)
        guard let conversation = engine.conversation(ofSession: session) else { return [] }
        let stored = try await storedEvents(of: conversation)
        return try engine.chainDigests(ofMessage: number, inSession: session, replaying: stored)
    }
}

extension ConversationRouter {
    /// The digests of message `number` of `session` as each viewer received it; empty when no
    /// server sharing the store holds such a message.
    public func chainDigests(ofMessage number: Int, inSession session: String) async throws -> Set<ChainDigest> {
        guard let pipeline = try await pipeline(ofSession: session) else { return [] }
        return try await pipeline.chainDigests(ofMessage: number, inSession: session)
    }
}
