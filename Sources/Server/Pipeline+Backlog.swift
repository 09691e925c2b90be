import Engine
import Foundation
import Storage
import Wire

/// What the engine no longer holds in memory, read from the store: a resume of older entries,
/// and a game's whole log for the admin.
extension Pipeline {
    /// Every stored event of a conversation, in order, read in pages.
    func storedEvents(of conversation: String) async throws -> [EngineEvent] {
        try await storedEvents(of: conversation, after: 0).events
    }

    /// The stored events of a conversation after log position `start`, in order, and the
    /// position of the last one (`start` when there are none).
    func storedEvents(of conversation: String, after start: Int64) async throws -> (events: [EngineEvent], last: Int64) {
        var events: [EngineEvent] = []
        var position = start
        while true {
            let page = try await log.records(in: conversation, after: position, limit: 1000)
            guard let last = page.last else { return (events, position) }
            for record in page { events.append(try WireJSON.decode(EngineEvent.self, from: record.payload)) }
            position = last.position
        }
    }

    /// The frames that answer a resume of entries no longer in memory; `unavailable` when the
    /// store cannot be read.
    func answer(_ backlog: Backlog) async -> [ServerFrame] {
        do {
            let stored = try await storedEvents(of: backlog.conversation)
            return try engine.backlog(backlog, replaying: stored)
        } catch {
            logger.error("Cannot read a conversation's backlog from the store", metadata: [
                "conversation": "\(backlog.conversation)", "error": "\(error)",
            ])
            return [.rejected(.init(id: backlog.request, error: Relay.unavailable))]
        }
    }
}
