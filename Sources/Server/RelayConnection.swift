import Foundation
import HummingbirdWebSocket
import Logging
import Transcript
import Wire

/// One WebSocket connection to the relay: the challenge and its answer, then frames in both
/// directions until either side closes. Whatever goes wrong here closes this connection only.
///
/// A connection spends its life suspended in `read`, so its async frames are what it costs
/// while idle: the work done per frame lives in synchronous functions (`admit`), the handshake
/// in a function of its own (`authenticate`), and the frames out are written by the
/// connection's `OutboxWriter` on its event loop, with no task of their own.
struct RelayConnection {
    let relay: Relay
    let limits: ServerLimits
    let serverName: String

    /// Serves one connection. Frames before the welcome go through `outbound`; the outbox's,
    /// from the welcome on, through `writer`, several at once.
    func serve(
        inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, writer: OutboxWriter, logger: Logger
    ) async throws {
        var messages = inbound.messages(maxSize: limits.frameBytes * 4).makeAsyncIterator()
        guard let (account, name) = try await authenticate(&messages, outbound: outbound) else { return }
        // Bounded: a reader too slow for its share of frames is closed rather than let grow
        // without end, and catches up with `resume` when it comes back.
        let outbox = Outbox(limit: limits.outboxFrames, wake: { writer.wake($0) }, overflowed: {
            Task { try? await outbound.close(.goingAway, reason: "closing") }
        })
        // The welcome is queued before the connection can be relayed anything: an event ahead
        // of it would break the handshake the protocol promises.
        outbox.deliver(.welcome(.init(account: account.rawValue, name: name)))
        guard let connection = relay.connect(account, outbox: outbox, limit: limits.connectionsPerAccount) else {
            // Refused before the outbox starts: the welcome waiting in it is never sent.
            try await refuse(ErrorFrame(code: "too-many-connections", reason:
                "This account already holds \(limits.connectionsPerAccount) connections to this server; close one first."),
                on: outbound)
            return
        }
        defer { relay.disconnect(account, connection: connection) }
        outbox.start()
        if let name {
            await relay.submit(.rename(.init(id: "", name: name)), from: account, connection: nil)
        }
        let flooding: Bool
        do {
            flooding = try await read(&messages, account: account, connection: connection, outbox: outbox, logger: logger)
        } catch {
            // Reading failed: the WebSocket layer closes the connection with its own code
            // (1007 for text that is not UTF-8).
            outbox.finish()
            throw error
        }
        // Whatever was queued for the client goes out before the close.
        outbox.finish()
        await outbox.waitUntilEnded()
        if flooding {
            try? await outbound.close(.policyViolation, reason: "rate limit")
        } else {
            try? await outbound.close(.goingAway, reason: "closing")
        }
    }

    /// The challenge, then the first frame: the account it proves and the name it gives, or
    /// `nil` when the connection has been refused and closed.
    private func authenticate(
        _ messages: inout WebSocketInboundMessageStream.AsyncIterator, outbound: WebSocketOutboundWriter
    ) async throws -> (AccountID, String?)? {
        let nonce = Authenticator.makeNonce()
        try await write(.challenge(.init(nonce: nonce, server: serverName)), to: outbound)
        // A connection that does not authenticate in time is told so and closed (1008); one
        // that does not even answer the close is cut off by `limits.idleSeconds`.
        let seconds = limits.authenticateSeconds
        let deadline = Task {
            try await Task.sleep(for: .seconds(seconds))
            try await refuse(ErrorFrame(code: "unauthenticated",
                reason: "No authenticate frame within \(seconds) s of the challenge."), on: outbound)
        }
        let first = try await messages.next()
        deadline.cancel()
        guard let first, await deadline.result.isCancelled else { return nil }
        guard case let .text(text) = first,
            case let .authenticate(frame)? = try? ClientFrame(json: text),
            let account = Authenticator.account(for: frame, nonce: nonce)
        else {
            try await refuse(ErrorFrame(code: "unauthenticated",
                reason: "The first frame must be an authenticate frame signing this connection's challenge."), on: outbound)
            return nil
        }
        // A name is checked as `rename` checks it: one that could never be kept refuses the
        // connection, rather than being welcomed with a name nobody else will see.
        guard let typed = frame.name else { return (account, nil) }
        let (kept, refusal) = relay.check(name: typed)
        guard let kept else {
            try await refuse(refusal, on: outbound)
            return nil
        }
        return (account, kept)
    }

    /// Reads frames until the client closes, submitting each one that passes `admit`. True when
    /// it stopped because the connection floods.
    private func read(
        _ messages: inout WebSocketInboundMessageStream.AsyncIterator, account: AccountID, connection: Int,
        outbox: Outbox, logger: Logger
    ) async throws -> Bool {
        var limiter = RateLimiter(rate: limits.messagesPerSecond, burst: limits.burst, now: .now)
        while let message = try await messages.next() {
            switch admit(message, limiter: &limiter, outbox: outbox) {
            case let .submit(frame):
                await relay.submit(frame, from: account, connection: connection)
            case .answered:
                continue
            case .flooding:
                logger.notice("Closing a flooding connection", metadata: ["account": "\(account)"])
                return true
            }
        }
        return false
    }

    private enum Admission {
        case submit(ClientFrame)
        /// Refused, and the refusal queued for the client.
        case answered
        /// Over the rate limit for too long: the connection is to be closed.
        case flooding
    }

    /// What to do with one message: the rate limit, the size limits and decoding, each refusal
    /// answered at once.
    private func admit(_ message: WebSocketMessage, limiter: inout RateLimiter, outbox: Outbox) -> Admission {
        switch limiter.admit(at: .now) {
        case .allowed: break
        case .refused:
            // A request refused for its rate is answered, so its sender does not wait for
            // an answer that never comes; it may send it again, with the same id, later.
            let refusal = ErrorFrame(code: "rate-limited",
                reason: "More than \(limits.messagesPerSecond) messages a second; this one was dropped.")
            let id: String? = if case let .text(text) = message {
                (try? ClientFrame(json: text))?.requestID
            } else { nil }
            relay.metrics.rejected(refusal.code)
            outbox.deliver(id.map { .rejected(.init(id: $0, error: refusal)) } ?? .error(refusal))
            return .answered
        case .flooding:
            relay.metrics.rejected("rate-limited")
            outbox.deliver(.error(ErrorFrame(code: "rate-limited",
                reason: "Still more than \(limits.messagesPerSecond) messages a second; closing the connection.")))
            return .flooding
        }
        if case let .text(text) = message, text.utf8.count > limits.frameBytes {
            relay.metrics.rejected("frame-too-large")
            outbox.deliver(.error(ErrorFrame(code: "frame-too-large",
                reason: "A frame may be at most \(limits.frameBytes) bytes; this one was dropped.")))
            return .answered
        }
        guard case let .text(text) = message,
            let frame = try? ClientFrame(json: text)
        else {
            relay.metrics.rejected("malformed-frame")
            outbox.deliver(.error(ErrorFrame(code: "malformed-frame",
                reason: "A frame is one JSON text message with a known type; see docs/PROTOCOL.md.")))
            return .answered
        }
        guard frame.longestText <= limits.textLength else {
            let refusal = ErrorFrame(code: "text-too-long",
                reason: "A text field may be at most \(limits.textLength) bytes.")
            relay.metrics.rejected(refusal.code)
            outbox.deliver(frame.requestID.map { .rejected(.init(id: $0, error: refusal)) } ?? .error(refusal))
            return .answered
        }
        return .submit(frame)
    }

    /// Tells the client why it is refused, and closes the connection (1008).
    private func refuse(_ error: ErrorFrame, on outbound: WebSocketOutboundWriter) async throws {
        try await write(.error(error), to: outbound)
        try await outbound.close(.policyViolation, reason: error.code)
    }

    /// Writes a frame through the WebSocket handler: for the frames before the outbox exists.
    private func write(_ frame: ServerFrame, to outbound: WebSocketOutboundWriter) async throws {
        try await outbound.write(.text(String(decoding: FrameWriter.json(frame), as: UTF8.self)))
    }
}

extension Result {
    /// Whether the task that produced it was cancelled before it finished its work.
    fileprivate var isCancelled: Bool {
        if case let .failure(error) = self { error is CancellationError } else { false }
    }
}
