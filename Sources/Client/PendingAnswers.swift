import Synchronization
import Wire

/// The requests waiting for their answers, by request id, shared by the connection (which
/// adds them) and its reader (which answers them).
final class PendingAnswers: Sendable {
    private let waiting = Mutex<[String: CheckedContinuation<ServerFrame, any Error>]>([:])

    func add(_ id: String, _ continuation: CheckedContinuation<ServerFrame, any Error>) {
        waiting.withLock { $0[id] = continuation }
    }

    func take(_ id: String) -> CheckedContinuation<ServerFrame, any Error>? {
        waiting.withLock { $0.removeValue(forKey: id) }
    }

    /// Fails every waiting request.
    func failAll(_ error: any Error) {
        let all = waiting.withLock { waiting in
            defer { waiting = [:] }
            return Array(waiting.values)
        }
        for continuation in all { continuation.resume(throwing: error) }
    }
}
