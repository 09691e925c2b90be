import Histogram
import Synchronization

/// What every bot of a run adds to as it plays: accepted moves, refusals, failures, and the
/// round trip of each move, from sending it to its `accepted` answer. Shared by thousands of
/// tasks, so the counters are atomics and the histogram sits behind one lock (a few thousand
/// recordings a second do not contend).
///
/// It also decides when the run ends: at a deadline, or once a budget of accepted moves is
/// spent. Whatever is accepted after that instant is not counted, so the rate is the count
/// over the measured interval and nothing else.
public final class LoadMeter: Sendable {
    /// When a run stops.
    public enum Limit: Sendable, Equatable {
        case duration(Duration)
        case moves(Int)
    }

    public let limit: Limit
    private let accepted = Atomic<Int>(0)
    private let refused = Atomic<Int>(0)
    private let rateLimited = Atomic<Int>(0)
    private let failed = Atomic<Int>(0)
    private let games = Atomic<Int>(0)
    private let stopped = Atomic<Bool>(false)
    private let playing = Atomic<Int>(0)
    private let waiters = Mutex<[CheckedContinuation<Void, Never>]>([])
    private let latencies = Mutex(Histogram<UInt64>(highestTrackableValue: 60_000_000, numberOfSignificantValueDigits: .three))
    private let times = Mutex<(start: ContinuousClock.Instant?, end: ContinuousClock.Instant?)>((nil, nil))
    private let firstFailures = Mutex<[String]>([])

    public init(limit: Limit) {
        self.limit = limit
    }

    /// Starts the clock; with a duration, also the timer that ends the run.
    public func start() {
        let now = ContinuousClock.now
        times.withLock { $0.start = now }
        if case let .duration(duration) = limit {
            Task {
                try? await Task.sleep(until: now + duration)
                self.stop()
            }
        }
    }

    /// Ends the run now, if it has not ended already.
    public func stop() {
        if stopped.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged {
            let now = ContinuousClock.now
            times.withLock { $0.end = now }
            for waiter in waiters.withLock({ waiters in defer { waiters = [] }; return waiters }) { waiter.resume() }
        }
    }

    /// Returns once the run has stopped.
    public func waitUntilStopped() async {
        await withCheckedContinuation { continuation in
            let now = waiters.withLock { waiters in
                if isStopped { return true }
                waiters.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }

    public var isStopped: Bool { stopped.load(ordering: .acquiring) }

    /// A connection began to play; `seatsPlaying` counts those whose connection is still open.
    public func seatOpened() {
        playing.wrappingAdd(1, ordering: .relaxed)
    }

    public func seatClosed() {
        playing.wrappingAdd(-1, ordering: .relaxed)
    }

    public var seatsPlaying: Int { playing.load(ordering: .relaxed) }

    /// A move the server accepted, `roundTrip` after it was sent.
    public func accepted(roundTrip: Duration) {
        guard !isStopped else { return }
        let total = accepted.wrappingAdd(1, ordering: .relaxed).newValue
        let microseconds = roundTrip.components.seconds * 1_000_000 + roundTrip.components.attoseconds / 1_000_000_000_000
        latencies.withLock { _ = $0.record(UInt64(max(microseconds, 0))) }
        if case let .moves(budget) = limit, total >= budget { stop() }
    }

    /// One message echoed, for the baseline: counted and timed like an accepted move.
    public func echoed(roundTrip: Duration) { accepted(roundTrip: roundTrip) }

    public func gameFinished() {
        guard !isStopped else { return }
        games.wrappingAdd(1, ordering: .relaxed)
    }

    /// A request the server refused for a reason other than its rate limit.
    public func refused(_ detail: String) {
        refused.wrappingAdd(1, ordering: .relaxed)
        remember(detail)
    }

    public func rateLimitedOnce() {
        rateLimited.wrappingAdd(1, ordering: .relaxed)
    }

    /// A connection that failed or a frame that made no sense. After the run has stopped,
    /// closing the connections fails what was in flight; that is not an error.
    public func failed(_ detail: String) {
        guard !isStopped else { return }
        failed.wrappingAdd(1, ordering: .relaxed)
        remember(detail)
    }

    private func remember(_ detail: String) {
        firstFailures.withLock { if $0.count < 5 { $0.append(detail) } }
    }

    /// The figures so far; final once the run has stopped.
    public func snapshot() -> LoadFigures {
        let (start, end) = times.withLock { $0 }
        let elapsed = start.map { (end ?? .now) - $0 } ?? .zero
        return LoadFigures(
            accepted: accepted.load(ordering: .relaxed), elapsed: elapsed, games: games.load(ordering: .relaxed),
            refused: refused.load(ordering: .relaxed), rateLimited: rateLimited.load(ordering: .relaxed),
            failed: failed.load(ordering: .relaxed), latencies: latencies.withLock { $0 },
            firstFailures: firstFailures.withLock { $0 })
    }
}
