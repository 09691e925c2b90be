import Transcript
import Engine
import Foundation
import Logging
import Storage
import Transport
import Wire

/// What the engine no longer holds in memory, read from the store: a conversation's records
/// to load it, and a resume of older entries.
package extension Pipeline {
    /// The stored events of a conversation after log position `start`, in order, and the
    /// position of the last one (`start` when there are none).
    func storedEvents(of conversation: ConversationID, after start: Int64) async throws -> (events: [Record], last: Int64) {
        var events: [Record] = []
        var position = start
        while true {
            let page = try await log.records(in: conversation.rawValue, after: position, limit: 1000)
            guard let last = page.last else { return (events, position) }
            for record in page { events.append(try Record(stored: record.payload)) }
            position = last.position
        }
    }

    /// The frames that answer a resume of entries no longer in memory, read from the store a
    /// page at a time as the connection's writer asks for them, then `synced`; `unavailable`
    /// in place of the rest when the store cannot be read.
    func reading(_ backlog: Backlog) -> AsyncStream<[ServerFrame]> {
        let replay: BacklogRenderer
        do {
            replay = try engine.backlogRenderer(for: backlog)
        } catch {
            let refusal = ServerFrame.rejected(.init(id: backlog.request, error: error.frame))
            return AsyncStream { $0.yield([refusal]); $0.finish() }
        }
        let reader = BacklogReader(replay: replay, log: log, logger: logger)
        return AsyncStream(unfolding: { await reader.next() })
    }
}

/// Reads a backlog's conversation from the store in pages and renders each page's entries.
package actor BacklogReader {
    package static let pageSize = 500

    private var replay: BacklogRenderer
    private let log: any EventLog
    private let logger: Logger
    private var position: Int64 = 0
    private var started = false
    private var finished = false

    package init(replay: BacklogRenderer, log: any EventLog, logger: Logger) {
        self.replay = replay
        self.log = log
        self.logger = logger
    }

    /// The frames of the next page, the last ending with `synced`; `nil` after that.
    package func next() async -> [ServerFrame]? {
        guard !finished else { return nil }
        let backlog = replay.backlog
        do {
            if !started {
                started = true
                if let (snapshot, after) = try await olderSnapshot(), try replay.start(from: snapshot) { position = after }
            }
            let page = try await log.records(in: backlog.conversation.rawValue, after: position, limit: Self.pageSize)
            var frames = try replay.feed(page.map { try Record(stored: $0.payload) })
            if let last = page.last, !replay.isComplete {
                position = last.position
                return frames
            }
            // Every entry up to `lastSeq` is stored before the resume is answered: a log that
            // ends short of it is answered as it stands.
            finished = true
            frames.append(replay.synced)
            return frames
        } catch {
            finished = true
            logger.error("Cannot read a conversation's backlog from the store", metadata: [
                "conversation": "\(backlog.conversation)", "error": "\(error)",
            ])
            return [.rejected(.init(id: backlog.request, error: ConversationRouter.unavailable))]
        }
    }

    /// The newest of the conversation's older snapshots that holds no entry the backlog asks
    /// for, and the position its events follow; `nil` when there is none (a conversation of
    /// fewer entries, or stored before they were kept): the backlog reads from the creation.
    private func olderSnapshot() async throws -> (String, Int64)? {
        let backlog = replay.backlog
        let stretch = backlog.after / IndexKind.snapshotAtEvery
        // The stretch of `after`, whose snapshot may be later than it, and a few before: a
        // stretch in which no snapshot was taken has no entry.
        for candidate in stride(from: stretch, through: max(0, stretch - 3), by: -1) {
            let key = IndexKind.snapshotAtKey(backlog.conversation, stretch: candidate)
            guard let snapshot = try await log.indexValue(IndexKind.snapshotAt, key: key),
                let position = IndexKind.snapshotPosition(snapshot), position.lastSeq <= backlog.after
            else { continue }
            return (snapshot, position.after)
        }
        return nil
    }
}
