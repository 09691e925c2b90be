import Foundation
import HummingbirdWSClient
import Wire

/// The life of one WebSocket connection on the client side: the handshake, then a writer of
/// outgoing frames beside a reader that routes answers to their requests and everything else
/// to the connection's `frames`.
struct ClientSession: Sendable {
    let inbox: AsyncStream<ServerFrame>.Continuation
    let outgoing: AsyncStream<ClientFrame>
    let answers: PendingAnswers

    func run(
        inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, key: InstallKey, name: String?,
        welcomed: AsyncThrowingStream<String, any Error>.Continuation
    ) async throws {
        var messages = inbound.messages(maxSize: 1 << 20).makeAsyncIterator()
        guard case let .challenge(challenge)? = try await Self.read(&messages) else {
            throw ConnectionError.unexpected("no challenge")
        }
        try await write(.authenticate(key.authenticate(challenge, name: name)), to: outbound)
        switch try await Self.read(&messages) {
        case let .welcome(welcome)?: welcomed.yield(welcome.account)
        case let .error(error)?: throw ConnectionError.refused(error)
        default: throw ConnectionError.unexpected("no welcome")
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for await frame in outgoing { try await write(frame, to: outbound) }
                try await outbound.close(.normalClosure, reason: nil)
            }
            while let frame = try await Self.read(&messages) {
                if let id = frame.requestID, let waiting = answers.take(id) {
                    waiting.resume(returning: frame)
                } else {
                    inbox.yield(frame)
                }
            }
            group.cancelAll()
        }
    }

    /// Ends the connection's streams and fails whatever still waits for an answer.
    func finish() {
        inbox.finish()
        answers.failAll(ConnectionError.closed)
    }

    private static func read(_ messages: inout WebSocketInboundMessageStream.AsyncIterator) async throws -> ServerFrame? {
        while let message = try await messages.next() {
            guard case let .text(text) = message else { continue }
            return try ServerFrame(json: text)
        }
        return nil
    }

    private func write(_ frame: ClientFrame, to outbound: WebSocketOutboundWriter) async throws {
        try await outbound.write(.text(String(decoding: FrameWriter.json(frame), as: UTF8.self)))
    }
}
