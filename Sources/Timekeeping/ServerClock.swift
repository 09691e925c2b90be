import Foundation

/// Where the server reads the time, handed to whatever needs it: `SystemClock` when it serves,
/// `ManualClock` in tests that move time themselves. Nothing of the server reads the time
/// another way.
public protocol ServerClock: Clock, Sendable where Instant == WallInstant {}

extension ServerClock {
    /// Sleeps for `duration` from now.
    public func sleep(for duration: Duration) async throws {
        try await sleep(until: now.advanced(by: duration), tolerance: nil)
    }
}

/// The system's wall clock: the server's one read of `Date()`.
public struct SystemClock: ServerClock {
    public init() {}

    public var now: WallInstant { WallInstant(Date()) }

    public var minimumResolution: Duration { .microseconds(1) }

    /// Sleeps in slices of at most a second on the monotonic clock, reading the wall time again
    /// after each, so that a wall clock set forward or back meanwhile moves the wake-up with it.
    public func sleep(until deadline: WallInstant, tolerance: Duration? = nil) async throws {
        while true {
            let left = now.duration(to: deadline)
            if left <= .zero { return }
            try await Task.sleep(for: min(left, .seconds(1)), tolerance: tolerance)
        }
    }
}
