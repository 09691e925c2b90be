import Foundation
import Synchronization
import HummingbirdWebSocket
import Logging
import Transcript
import Wire

/// One WebSocket connection to the relay: the challenge and its answer, then frames in both
/// directions until either side closes. Whatever goes wrong here closes this connection only.
struct RelayConnection {
    let relay: Relay
    let limits: ServerLimits
    let serverName: String

    func serve(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, logger: Logger) async throws {
        let nonce = Authenticator.makeNonce()
        try await write(.challenge(.init(nonce: nonce, server: serverName)), to: outbound)
        var messages = inbound.messages(maxSize: limits.frameBytes * 4).makeAsyncIterator()
        // A connection that does not authenticate in time is told so and closed (1008); one
        // that does not even answer the close is cut off by `limits.idleSeconds`.
        let seconds = limits.authenticateSeconds
        let deadline = Task {
            try await Task.sleep(for: .seconds(seconds))
            try await write(.error(ErrorFrame(code: "unauthenticated",
                reason: "No authenticate frame within \(seconds) s of the challenge.")), to: outbound)
            try await outbound.close(.policyViolation, reason: "unauthenticated")
        }
        let first = try await messages.next()
        deadline.cancel()
        guard let first, await deadline.result.isCancelled else { return }
        guard case let .text(text) = first,
            case let .authenticate(frame)? = try? ClientFrame(json: text),
            let account = Authenticator.account(for: frame, nonce: nonce)
        else {
            try await write(.error(ErrorFrame(code: "unauthenticated",
                reason: "The first frame must be an authenticate frame signing this connection's challenge.")), to: outbound)
            try await outbound.close(.policyViolation, reason: "unauthenticated")
            return
        }
        // A name is checked as `rename` checks it: one that could never be kept refuses the
        // connection, rather than being welcomed with a name nobody else will see.
        var name: String?
        if let typed = frame.name {
            let (kept, refusal) = relay.check(name: typed)
            guard let kept else {
                try await write(.error(refusal), to: outbound)
                try await outbound.close(.policyViolation, reason: refusal.code)
                return
            }
            name = kept
        }
        // Bounded: a reader too slow for its share of frames is closed rather than let grow
        // without end, and catches up with `resume` when it comes back.
        let (outgoing, outbox) = Outbox.make(limit: limits.outboxFrames)
        // The welcome is queued before the connection can be relayed anything: an event ahead
        // of it would break the handshake the protocol promises.
        outbox.deliver(.welcome(.init(account: account.rawValue, name: name)))
        guard let connection = relay.connect(account, outbox: outbox, limit: limits.connectionsPerAccount) else {
            // Refused before the writer starts: the welcome waiting in the outbox is never sent.
            try await write(.error(ErrorFrame(code: "too-many-connections", reason:
                "This account already holds \(limits.connectionsPerAccount) connections to this server; close one first.")),
                to: outbound)
            try await outbound.close(.policyViolation, reason: "too-many-connections")
            return
        }
        defer { relay.disconnect(account, connection: connection) }
        if let name {
            await relay.submit(.rename(.init(id: "", name: name)), from: account, connection: nil)
        }

        let flooding = FloodMark()
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for await item in outgoing {
                    switch item {
                    case let .frame(frame):
                        try await write(frame, to: outbound)
                    case let .replay(replay):
                        for frame in replay.frames { try await write(frame, to: outbound) }
                        if let pages = replay.pages {
                            for await page in pages {
                                for frame in page { try await write(frame, to: outbound) }
                            }
                        }
                        outbox.sentReplay()
                    }
                }
                // The relay ends the outbox of a reader that fell too far behind (1001); the
                // reader ends it for a connection that floods (1008). A connection whose
                // reading failed (its WebSocket layer closes it, with 1007 for text that is not
                // UTF-8) cancels this writer.
                guard !Task.isCancelled else { return }
                if flooding.isSet.load(ordering: .acquiring) {
                    try? await outbound.close(.policyViolation, reason: "rate limit")
                } else {
                    try? await outbound.close(.goingAway, reason: "closing")
                }
            }
            var flooded = false
            defer { outbox.finish() }
            var limiter = RateLimiter(rate: limits.messagesPerSecond, burst: limits.burst, now: .now)
            while let message = try await nextMessage(&messages, cancelling: group) {
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
                    continue
                case .flooding:
                    relay.metrics.rejected("rate-limited")
                    logger.notice("Closing a flooding connection", metadata: ["account": "\(account)"])
                    outbox.deliver(.error(ErrorFrame(code: "rate-limited",
                        reason: "Still more than \(limits.messagesPerSecond) messages a second; closing the connection.")))
                    flooded = true
                    flooding.isSet.store(true, ordering: .releasing)
                }
                if flooded { break }
                if case let .text(text) = message, text.utf8.count > limits.frameBytes {
                    relay.metrics.rejected("frame-too-large")
                    outbox.deliver(.error(ErrorFrame(code: "frame-too-large",
                        reason: "A frame may be at most \(limits.frameBytes) bytes; this one was dropped.")))
                    continue
                }
                guard case let .text(text) = message,
                    let frame = try? ClientFrame(json: text)
                else {
                    relay.metrics.rejected("malformed-frame")
                    outbox.deliver(.error(ErrorFrame(code: "malformed-frame",
                        reason: "A frame is one JSON text message with a known type; see docs/PROTOCOL.md.")))
                    continue
                }
                guard frame.longestText <= limits.textLength else {
                    let refusal = ErrorFrame(code: "text-too-long",
                        reason: "A text field may be at most \(limits.textLength) bytes.")
                    relay.metrics.rejected(refusal.code)
                    outbox.deliver(frame.requestID.map { .rejected(.init(id: $0, error: refusal)) } ?? .error(refusal))
                    continue
                }
                await relay.submit(frame, from: account, connection: connection)
            }
            // Whatever was queued for the client goes out before the close.
            outbox.finish()
            try await group.waitForAll()
        }
    }

    /// The next message; if reading fails, the writer is cancelled first, so that the
    /// WebSocket layer's close (such as 1007) is the one the client gets.
    private func nextMessage(
        _ messages: inout WebSocketInboundMessageStream.AsyncIterator, cancelling group: ThrowingTaskGroup<Void, any Error>
    ) async throws -> WebSocketMessage? {
        do {
            return try await messages.next()
        } catch {
            group.cancelAll()
            throw error
        }
    }

    private func write(_ frame: ServerFrame, to outbound: WebSocketOutboundWriter) async throws {
        let data = try WireJSON.encode(frame)
        try await outbound.write(.text(String(decoding: data, as: UTF8.self)))
    }
}

extension Result {
    /// Whether the task that produced it was cancelled before it finished its work.
    fileprivate var isCancelled: Bool {
        if case let .failure(error) = self { error is CancellationError } else { false }
    }
}

/// Set when a connection is closed for flooding, so that its close says so (1008).
private final class FloodMark: Sendable {
    let isSet = Atomic<Bool>(false)
}
