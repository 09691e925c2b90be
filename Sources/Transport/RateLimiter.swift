import Timekeeping

/// A token bucket: `rate` requests a second on average, bursts of up to `burst`. One per
/// connection for its frames, where a connection that keeps sending after it is refused is
/// flooding and is closed; one per account for its stickers and its chat (`KeyedRateLimiter`).
package struct RateLimiter {
    package enum Verdict: Equatable {
        case allowed
        /// Over the limit: answer with `rate-limited` and drop the message.
        case refused
        /// Over the limit for a whole burst more: close the connection.
        case flooding
    }

    package let rate: Double
    package let burst: Double
    private var tokens: Double
    private var refusedInARow = 0
    private var last: WallInstant

    package init(rate: Int, burst: Int, now: WallInstant) {
        self.init(perSecond: Double(rate), burst: burst, now: now)
    }

    package init(perSecond rate: Double, burst: Int, now: WallInstant) {
        self.rate = rate
        self.burst = Double(max(burst, 1))
        tokens = Double(max(burst, 1))
        last = now
    }

    /// Whether the bucket has filled up again by `now`: nothing of what it refused or admitted
    /// before shows any more.
    package func isFull(at now: WallInstant) -> Bool {
        tokens + (now - last).seconds * rate >= burst
    }

    /// Seconds until the bucket admits one more: a whole number, at least 1.
    package func secondsToWait(at now: WallInstant) -> Int {
        let tokens = min(burst, tokens + (now - last).seconds * rate)
        return max(1, Int(((1 - tokens) / rate).rounded(.up)))
    }

    package mutating func admit(at now: WallInstant) -> Verdict {
        let elapsed = now - last
        last = now
        let seconds = elapsed.seconds
        tokens = min(burst, tokens + seconds * rate)
        guard tokens >= 1 else {
            refusedInARow += 1
            return Double(refusedInARow) > burst ? .flooding : .refused
        }
        tokens -= 1
        refusedInARow = 0
        return .allowed
    }
}
