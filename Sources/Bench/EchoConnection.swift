import Client
import HummingbirdWSClient
import Logging
import Synchronization

/// The baseline's client: a WebSocket over TLS opened by the same `ServerEndpoint.connect`
/// as `ParleyConnection` (the same pinned TLS handshake and WebSocket client), with the same shape
/// of a writer fed by a stream and a reader that answers the one waiting request.
final class EchoConnection: Sendable {
    private let outgoing: AsyncStream<String>.Continuation
    private let waiting: Mutex<CheckedContinuation<String, any Error>?>
    private let task: Mutex<Task<Void, Never>?>

    private init(outgoing: AsyncStream<String>.Continuation) {
        self.outgoing = outgoing
        waiting = Mutex(nil)
        task = Mutex(nil)
    }

    /// Connects and returns once the WebSocket is open.
    static func open(to endpoint: ServerEndpoint, logger: Logger) async throws -> EchoConnection {
        let (texts, outgoing) = AsyncStream<String>.makeStream()
        let connection = EchoConnection(outgoing: outgoing)
        let (opened, open) = AsyncThrowingStream<Void, any Error>.makeStream()
        let task = Task {
            do {
                try await endpoint.connect(logger: logger) { inbound, outbound, _ in
                    open.yield()
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        group.addTask {
                            for await text in texts { try await outbound.write(.text(text)) }
                            try await outbound.close(.normalClosure, reason: nil)
                        }
                        for try await message in inbound.messages(maxSize: 1 << 16) {
                            if case let .text(text) = message { connection.answer(text) }
                        }
                        group.cancelAll()
                    }
                }
                open.finish(throwing: ConnectionError.closed)
            } catch {
                open.finish(throwing: error)
            }
            connection.fail()
        }
        connection.task.withLock { $0 = task }
        var iterator = opened.makeAsyncIterator()
        guard try await iterator.next() != nil else { throw ConnectionError.closed }
        return connection
    }

    /// Sends `text` and waits for it to come back. One at a time per connection.
    func echo(_ text: String) async throws -> String {
        try await withCheckedThrowingContinuation { continuation in
            waiting.withLock { $0 = continuation }
            if case .terminated = outgoing.yield(text) { fail() }
        }
    }

    func close() {
        outgoing.finish()
        task.withLock { $0?.cancel() }
    }

    private func answer(_ text: String) {
        waiting.withLock { waiting in
            defer { waiting = nil }
            return waiting
        }?.resume(returning: text)
    }

    private func fail() {
        waiting.withLock { waiting in
            defer { waiting = nil }
            return waiting
        }?.resume(throwing: ConnectionError.closed)
    }
}
