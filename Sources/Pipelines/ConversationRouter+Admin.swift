import Engine
import Foundation
import Storage
import Transcript
import Transport
import Wire

/// What the admin API asks of the router: the server's figures, an operator's actions and live
/// streams of a game's moves, each asked of the pipeline of the game's conversation. The games
/// themselves are read from the store (`StoredReads.games(_:)`), never on a pipeline.
package extension ConversationRouter {
    /// The figures of `/admin/api/stats`; `store` is what the store answered, or why it did not;
    /// `totals`, the counts of every server sharing the store, read from it.
    func adminStats(store: Result<LogStatistics, any Error>, totals: EngineStatistics? = nil) -> AdminStats {
        let statistics = totals ?? statistics()
        var figures: LogStatistics?, problem: String?
        switch store {
        case let .success(stored): figures = stored
        case let .failure(error): problem = "\(error)"
        }
        return AdminStats(
            connections: connectionCount, conversations: statistics.conversations,
            gamesInProgress: statistics.gamesInProgress, gamesFinished: statistics.gamesFinished, moves: statistics.moves,
            movesPerSecond: metrics.recentMovesPerSecond(), storeRecords: figures?.recordCount,
            storeBytes: figures?.byteCount, storeProblem: problem)
    }

    /// Runs an operator's action through the pipeline of its conversation, so it is stored
    /// before anyone hears of it, like a move.
    func perform(_ action: OperatorAction) async -> OperatorOutcome {
        switch action {
        case let .end(session):
            do {
                guard let pipeline = try await pipeline(ofSession: session) else { return .notApplicable }
                return await pipeline.perform(action)
            } catch {
                logger.error("Cannot read the store's index of sessions", metadata: ["error": "\(error)"])
                return .unavailable
            }
        case let .remove(_, conversation), let .readmit(_, conversation):
            return await pipeline(of: conversation).perform(action)
        }
    }

    /// The moves of `session` from now on, as they are stored; `nil` for an unknown session.
    /// Throws when the store's index cannot be read.
    func watch(_ session: String) async throws -> AsyncStream<AdminMove>? {
        guard let pipeline = try await pipeline(ofSession: session) else { return nil }
        return try await pipeline.watch(session)
    }

    /// The pipeline of a session's conversation, from the store's index (a session is stored
    /// with its first move); `nil` for a session nobody has moved in.
    func pipeline(ofSession session: String) async throws -> Pipeline? {
        guard pipelines.count > 1 else { return pipelines[0] }
        guard let id = UUID(uuidString: session),
            let conversation = try await log.indexValue(IndexKind.session, key: id.uuidString)
        else { return nil }
        return pipeline(of: ConversationID(rawValue: conversation))
    }
}
