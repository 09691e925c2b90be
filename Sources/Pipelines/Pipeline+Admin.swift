import Transcript
import Engine
import Foundation
import Storage
import Transport
import Wire

/// What the admin API asks of a pipeline: an operator's actions, and live streams of a game's
/// moves. The engine holds only what is stored (a batch sets aside what it changed until it is
/// stored): a watcher never sees a move that a crash could still erase.
package extension Pipeline {
    /// Runs an operator's action through the pipeline, so it is stored before anyone hears of
    /// it, like a move; returns whether it applied (the game existed and was running, the
    /// participant was in the conversation) or the store could not keep it.
    func perform(_ action: ConversationRouter.OperatorAction) async -> ConversationRouter.OperatorOutcome {
        await withCheckedContinuation { continuation in
            submit(.operatorAction(action, answer: { continuation.resume(returning: $0) }))
        }
    }

    /// The moves of `session` from now on, as they are stored; `nil` for an unknown session.
    /// The stream ends when the watcher stops reading it.
    func watch(_ session: String) async throws -> AsyncStream<AdminMove>? {
        try await loadConversation(ofSession: session)
        guard engine.conversation(ofSession: session) != nil else { return nil }
        let key = session.uppercased()
        let (stream, continuation) = AsyncStream<AdminMove>.makeStream(bufferingPolicy: .bufferingNewest(1000))
        // A game already over has no moves to come: its watch ends at once.
        if engine.adminGame(key)?.finished == true {
            continuation.finish()
            return stream
        }
        let id = UUID()
        watchers[key, default: [:]][id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { await self?.stopWatching(key, id) }
        }
        return stream
    }

    private func stopWatching(_ session: String, _ id: UUID) {
        watchers[session]?[id] = nil
        if watchers[session]?.isEmpty == true { watchers[session] = nil }
    }

    func tellWatchers(about events: [Record]) {
        for event in events {
            let (conversation, seq, session): (ConversationID, Int, String)
            switch event {
            case let .accepted(move): (conversation, seq, session) = (move.conversation, move.seq, move.session.uuidString)
            case let .timedOut(late, number, timed, _), let .ended(late, number, timed, _):
                (conversation, seq, session) = (late, number, timed.uuidString)
            default: continue
            }
            guard let watching = watchers[session], let move = engine.adminMove(conversation: conversation, seq: seq) else {
                continue
            }
            for continuation in watching.values { continuation.yield(move) }
            // The move that ended the game is the last: its watchers' streams end with it.
            if engine.adminGame(session)?.finished == true {
                for continuation in watching.values { continuation.finish() }
                watchers[session] = nil
            }
        }
    }
}
