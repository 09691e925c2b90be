import Foundation
import HummingbirdWSClient
import Logging
import Synchronization
import Wire

/// One authenticated connection to a Parley server. Requests are answered through
/// `request(_:)`; everything nobody asked for (events, connection errors) arrives on `frames`.
public final class ParleyConnection: Sendable {
    /// Events and other unrequested frames, in the order the server sent them.
    public let frames: AsyncStream<ServerFrame>
    /// The account the server knows this install by.
    public let account: String

    private let outgoing: AsyncStream<ClientFrame>.Continuation
    private let answers: PendingAnswers
    private let task: Task<Void, Never>
    private let ending: Ending

    private init(
        frames: AsyncStream<ServerFrame>, account: String, outgoing: AsyncStream<ClientFrame>.Continuation,
        answers: PendingAnswers, task: Task<Void, Never>, ending: Ending
    ) {
        self.frames = frames
        self.account = account
        self.outgoing = outgoing
        self.answers = answers
        self.task = task
        self.ending = ending
    }

    /// Whether the server closed the connection going away (1001): it is stopping (an upgrade,
    /// a restart), or this client read too slowly or missed a ping. Set before `frames` ends.
    /// Another node, or the same one started again, takes the client (PROTOCOL.md, "Closing").
    public var closedGoingAway: Bool { ending.goingAway.withLock { $0 } }

    private final class Ending: Sendable {
        let goingAway = Mutex(false)
    }

    /// Sends `frame` and waits for the frame that answers it (by request id), at most
    /// `ConnectionError.answerTimeout`: then it fails with `ConnectionError.noAnswer`, and an answer that comes later is dropped.
    public func request(_ frame: ClientFrame) async throws -> ServerFrame {
        try await request(frame, timeout: ConnectionError.answerTimeout)
    }

    /// `request(_:)`, waiting at most `timeout` for the answer.
    public func request(_ frame: ClientFrame, timeout: Duration) async throws -> ServerFrame {
        guard let id = frame.requestID else { throw ConnectionError.notARequest(frame.type) }
        let timer = Task { [answers] in
            try await Task.sleep(for: timeout)
            answers.take(id)?.resume(throwing: ConnectionError.noAnswer(timeout))
        }
        defer { timer.cancel() }
        return try await withCheckedThrowingContinuation { continuation in
            answers.add(id, continuation)
            if case .terminated = outgoing.yield(frame) {
                answers.take(id)?.resume(throwing: ConnectionError.closed)
            }
        }
    }

    /// Sends a frame that has no answer, such as `ack`.
    public func send(_ frame: ClientFrame) {
        outgoing.yield(frame)
    }

    /// Closes the connection; pending requests fail with `ConnectionError.closed`.
    public func close() {
        outgoing.finish()
        task.cancel()
    }

    /// Connects, answers the challenge with `key`, and returns once the server has welcomed
    /// this install.
    public static func open(
        to endpoint: ServerEndpoint, key: InstallKey, name: String? = nil, logger: Logger
    ) async throws -> ParleyConnection {
        let (frames, inbox) = AsyncStream<ServerFrame>.makeStream()
        let (outgoingFrames, outgoing) = AsyncStream<ClientFrame>.makeStream()
        let answers = PendingAnswers()
        let (welcomes, welcomed) = AsyncThrowingStream<String, any Error>.makeStream()
        let session = ClientSession(inbox: inbox, outgoing: outgoingFrames, answers: answers)
        let ending = Ending()
        let task = Task {
            do {
                let close = try await endpoint.connect(logger: logger) { inbound, outbound, _ in
                    try await session.run(inbound: inbound, outbound: outbound, key: key, name: name, welcomed: welcomed)
                }
                if close?.closeCode == .goingAway { ending.goingAway.withLock { $0 = true } }
                welcomed.finish(throwing: ConnectionError.closed)
            } catch {
                welcomed.finish(throwing: error)
            }
            session.finish()
        }
        var iterator = welcomes.makeAsyncIterator()
        guard let account = try await iterator.next() else { throw ConnectionError.closed }
        return ParleyConnection(frames: frames, account: account, outgoing: outgoing, answers: answers, task: task, ending: ending)
    }
}

/// Why a connection could not do what was asked.
public enum ConnectionError: Error, Hashable, Sendable, CustomStringConvertible {
    case closed
    /// The server closed the connection going away (1001), as a stopping server does: connect
    /// again, to another node if there is one.
    case goingAway
    case refused(ErrorFrame)
    case notARequest(String)
    case unexpected(String)
    /// The server gave no answer in the time a request waits for one.
    case noAnswer(Duration)

    /// How long a request waits for its answer, and for a connection to send it on: longer than
    /// a server takes to refuse it as `unavailable` when its store does not answer (each store
    /// operation has 10 s; a busy server has taken up to 45 s).
    public static let answerTimeout = Duration.seconds(60)

    public var description: String {
        switch self {
        case .closed: "the connection closed"
        case .goingAway: "the server went away (1001: it is stopping or restarting)"
        case let .refused(error): "the server refused: \(error.reason) (\(error.code))"
        case let .notARequest(type): "a \(type) frame has no answer to wait for"
        case let .unexpected(detail): "the server sent something unexpected: \(detail)"
        case let .noAnswer(timeout): "no answer from the server within \(timeout.components.seconds) seconds"
        }
    }
}
