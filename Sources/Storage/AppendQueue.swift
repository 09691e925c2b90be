import Synchronization

/// Appends waiting for a log's writer, for group commit: the first caller to find no write
/// going on becomes the writer; the others wait, and the writer writes them together after its
/// own (one transaction, one `fsync`). A group that fails is tried again append by append, so
/// that one append's failure is its own. The SQLite and PostgreSQL logs both write through one.
public final class AppendQueue: Sendable {
    /// One caller's append, and where its answer goes.
    public struct Append: Sendable {
        public let records: [NewLogRecord]
        public let changes: [IndexChange]
        public let answer: CheckedContinuation<[LogRecord], any Error>
        /// Set once it failed with others: it is written in a transaction of its own.
        fileprivate var alone = false
    }

    private struct State {
        var waiting: [Append] = []
        var writing = false
    }

    private let state = Mutex(State())

    public init() {}

    /// Queues an append; true when the caller is to write (`nextBatch()` until it is empty),
    /// false when a writer is at work and will write it.
    public func enqueue(_ records: [NewLogRecord], _ changes: [IndexChange],
                        answer: CheckedContinuation<[LogRecord], any Error>) -> Bool {
        state.withLock { state in
            state.waiting.append(Append(records: records, changes: changes, answer: answer))
            guard !state.writing else { return false }
            state.writing = true
            return true
        }
    }

    /// For the writer: the appends to write together next (one alone after a failed group), or
    /// none, when the writer is done.
    public func nextBatch() -> [Append] {
        state.withLock { state in
            guard let first = state.waiting.first else {
                state.writing = false
                return []
            }
            if first.alone {
                state.waiting.removeFirst()
                return [first]
            }
            let count = state.waiting.firstIndex(where: \.alone) ?? state.waiting.count
            defer { state.waiting.removeFirst(count) }
            return Array(state.waiting.prefix(count))
        }
    }

    /// For the writer: `batch` was written, each append's records as `placed` gives them, or it
    /// failed with `error`: a lone append hears it, a group is tried again one by one.
    public func finish(_ batch: [Append], with result: Result<[[LogRecord]], any Error>) {
        switch result {
        case let .success(placed):
            for (append, records) in zip(batch, placed) { append.answer.resume(returning: records) }
        case let .failure(error) where batch.count == 1:
            batch[0].answer.resume(throwing: error)
        case .failure:
            let alone = batch.map { append in
                var append = append
                append.alone = true
                return append
            }
            state.withLock { $0.waiting.insert(contentsOf: alone, at: 0) }
        }
    }
}
