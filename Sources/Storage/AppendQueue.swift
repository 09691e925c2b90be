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
        /// Where each stream named must end for the append to be stored (`EventLog.append`).
        public let heads: [String: Int64]
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
    public func enqueue(_ records: [NewLogRecord], _ changes: [IndexChange], expecting heads: [String: Int64],
                        answer: CheckedContinuation<[LogRecord], any Error>) -> Bool {
        state.withLock { state in
            state.waiting.append(Append(records: records, changes: changes, heads: heads, answer: answer))
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

    /// Every stream whose last position the writer must read, inside its transaction, before it
    /// writes `batch`: those the appends expect and those they write (for notices).
    public static func streams(of batch: [Append]) -> Set<String> {
        var streams: Set<String> = []
        for append in batch {
            streams.formUnion(append.heads.keys)
            for record in append.records { streams.insert(record.stream) }
        }
        return streams
    }

    /// For the writer, inside its transaction: which appends of `batch` are refused, given where
    /// each stream ends now (`heads`; a stream missing from it has no record). An append
    /// conflicts when a stream it expects ends elsewhere, or when an earlier append of the batch
    /// writes to a stream it expects.
    public static func conflicts(in batch: [Append], heads: [String: Int64]) -> [LogError?] {
        var written: Set<String> = []
        return batch.map { append in
            for (stream, expected) in append.heads.sorted(by: { $0.key < $1.key }) {
                if written.contains(stream) {
                    return LogError(.conflict, "The stream \(stream) is written by an earlier append of the same transaction.")
                }
                let found = heads[stream] ?? 0
                if found != expected { return LogError.conflict(stream, expected: expected, found: found) }
            }
            for record in append.records { written.insert(record.stream) }
            return nil
        }
    }

    /// For the writer: `batch` failed in a way that trying its appends one by one would not mend
    /// (the store cannot be reached): each of them hears `error`.
    public func finish(_ batch: [Append], failingEach error: any Error) {
        for append in batch { append.answer.resume(throwing: error) }
    }

    /// For the writer: `batch` was written, each append's records as `placed` gives them (or the
    /// conflict that refused it), or it failed with `error`: a lone append hears it, a group is
    /// tried again one by one.
    public func finish(_ batch: [Append], with result: Result<[Result<[LogRecord], LogError>], any Error>) {
        switch result {
        case let .success(placed):
            for (append, records) in zip(batch, placed) { append.answer.resume(with: records.mapError { $0 }) }
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
