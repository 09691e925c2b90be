import Wire
import Timekeeping

/// What a connection does with each message it reads after the welcome, in the order
/// PROTOCOL.md gives ("Which check wins"): the rate limit, the size of the frame, decoding, the
/// length of its texts. Each refusal is answered at once through the connection's outbox.
package struct FrameAdmission {
    package let limits: ServerLimits
    package let metrics: ServerMetrics
    private var limiter: RateLimiter
    /// Where the rate limit reads the time.
    package let clock: any ServerClock

    package init(limits: ServerLimits, metrics: ServerMetrics, clock: any ServerClock) {
        self.limits = limits
        self.metrics = metrics
        self.clock = clock
        limiter = RateLimiter(rate: limits.messagesPerSecond, burst: limits.burst, now: clock.now)
    }

    package enum Verdict {
        case submit(ClientFrame)
        /// Refused, and the refusal queued for the client.
        case answered
        /// Over the rate limit for too long: the connection is to be closed.
        case flooding
    }

    /// What to do with one message (`text`, or `nil` for a binary one): the rate limit, the size
    /// limits and decoding, each refusal answered at once.
    package mutating func admit(_ text: String?, outbox: Outbox) -> Verdict {
        switch limiter.admit(at: clock.now) {
        case .allowed: break
        case .refused:
            // A request refused for its rate is answered, so its sender does not wait for
            // an answer that never comes; it may send it again, with the same id, later.
            let refusal = ErrorFrame(code: "rate-limited",
                reason: "More than \(limits.messagesPerSecond) messages a second; this one was dropped.")
            let id = text.flatMap { try? ClientFrame(json: $0) }?.requestID
            metrics.rejected(refusal.code)
            outbox.deliver(id.map { .rejected(.init(id: $0, error: refusal)) } ?? .error(refusal))
            return .answered
        case .flooding:
            metrics.rejected("rate-limited")
            outbox.deliver(.error(ErrorFrame(code: "rate-limited",
                reason: "Still more than \(limits.messagesPerSecond) messages a second; closing the connection.")))
            return .flooding
        }
        if let text, text.utf8.count > limits.frameBytes {
            metrics.rejected("frame-too-large")
            outbox.deliver(.error(ErrorFrame(code: "frame-too-large",
                reason: "A frame may be at most \(limits.frameBytes) bytes; this one was dropped.")))
            return .answered
        }
        guard let text, let frame = try? ClientFrame(json: text) else {
            metrics.rejected("malformed-frame")
            outbox.deliver(.error(ErrorFrame(code: "malformed-frame",
                reason: "A frame is one JSON text message with a known type; see docs/PROTOCOL.md.")))
            return .answered
        }
        guard frame.longestText <= limits.textLength else {
            let refusal = ErrorFrame(code: "text-too-long",
                reason: "A text field may be at most \(limits.textLength) bytes.")
            metrics.rejected(refusal.code)
            outbox.deliver(frame.requestID.map { .rejected(.init(id: $0, error: refusal)) } ?? .error(refusal))
            return .answered
        }
        return .submit(frame)
    }
}
