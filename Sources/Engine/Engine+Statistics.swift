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
        var statistics = EngineStatistics(conversations: conversations.count)
        for conversation in conversations.values {
            for session in conversation.sessions.values {
                if session.match.outcome.isFinished {
                    statistics.gamesFinished += 1
                } else {
                    statistics.gamesInProgress += 1
                }
                statistics.moves += session.match.moveCount
            }
        }
        return statistics
    }
}
