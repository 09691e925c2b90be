/// Counts over all history, for `/metrics` and the admin's stats.
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

    /// The figures of several pipelines, added up.
    public static func + (left: Self, right: Self) -> Self {
        Self(conversations: left.conversations + right.conversations,
             gamesInProgress: left.gamesInProgress + right.gamesInProgress,
             gamesFinished: left.gamesFinished + right.gamesFinished, moves: left.moves + right.moves)
    }

    /// As the store's `totals` index entry holds it: `JSONEncoder`'s text with sorted keys,
    /// written without one, as each batch writes it.
    public var json: String {
        "{\"conversations\":\(conversations),\"gamesFinished\":\(gamesFinished),\"gamesInProgress\":\(gamesInProgress),\"moves\":\(moves)}"
    }

    /// A game in progress has finished.
    mutating func finishOne() {
        gamesInProgress -= 1
        gamesFinished += 1
    }
}
