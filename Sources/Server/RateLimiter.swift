/// A token bucket per connection: `rate` messages a second on average, bursts of up to
/// `burst`. A connection that keeps sending after it is refused is flooding and is closed.
struct RateLimiter {
    enum Verdict: Equatable {
        case allowed
        /// Over the limit: answer with `rate-limited` and drop the message.
        case refused
        /// Over the limit for a whole burst more: close the connection.
        case flooding
    }

    let rate: Double
    let burst: Double
    private var tokens: Double
    private var refusedInARow = 0
    private var last: ContinuousClock.Instant

    init(rate: Int, burst: Int, now: ContinuousClock.Instant) {
        self.rate = Double(rate)
        self.burst = Double(max(burst, 1))
        tokens = Double(max(burst, 1))
        last = now
    }

    mutating func admit(at now: ContinuousClock.Instant) -> Verdict {
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
