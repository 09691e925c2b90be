/// Counts over everything the engine holds, for `/metrics` and the admin's stats.
public struct EngineStatistics: Hashable, Sendable, Codable {
    public var conversations: Int
    public var gamesInProgress: Int
    public var gamesFinished: Int
    /// Accepted moves in every game.
    public var moves: Int

    public init(conversations: Int = 0, gamesInProgress: Int = 0, gamesFinished: Int = 0, moves: Int = 0) {
        self.conversations = conversations
        self.gamesInProgress = gamesInProgress
        self.gamesFinished = gamesFinished
        self.moves = moves
    }
}

extension Engine {
    /// Walks every session: cheap enough for a scrape or an operator's request, and kept off
    /// the path of moves.
    public func statistics() -> EngineStatistics {
        var statistics = evictedStatistics
        statistics.conversations = invites.count
        for conversation in conversations.values { statistics.add(conversation, sign: 1) }
        return statistics
    }
}

extension EngineStatistics {
    /// Adds (or with `sign` -1 takes away) what one conversation's games count for.
    mutating func add(_ conversation: ConversationState, sign: Int) {
        gamesFinished += sign * conversation.retired.count
        moves += sign * conversation.retiredMoves
        for session in conversation.sessions.values {
            if session.match.outcome.isFinished {
                gamesFinished += sign
            } else {
                gamesInProgress += sign
            }
            moves += sign * session.match.moveCount
        }
    }
}
