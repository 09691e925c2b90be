import Engine
import Transport

extension ServerMetrics {
    /// The registry as Prometheus text, with the engine's game counts as they are now.
    package func exposition(statistics: EngineStatistics, resident: Int, turnsTimed: Int) -> String {
        exposition(
            gamesInProgress: statistics.gamesInProgress, gamesFinished: statistics.gamesFinished,
            conversations: statistics.conversations, resident: resident, turnsTimed: turnsTimed)
    }
}
