import Synchronization
import Timekeeping

/// A token bucket (`RateLimiter`) for each key: how often each account may post a sticker over
/// HTTPS, or chat in a conversation. The buckets of keys that stopped sending are let go once
/// there are many.
package final class KeyedRateLimiter<Key: Hashable & Sendable>: Sendable {
    /// On average, how many a second; and how many at once.
    package let perSecond: Double
    package let burst: Int
    private let buckets = Mutex<[Key: RateLimiter]>([:])
    /// Past this many keys, those whose buckets are full again are let go.
    static var keptKeys: Int { 4096 }

    /// Where the buckets read the time.
    package let clock: any ServerClock

    package init(perSecond: Double, burst: Int, clock: any ServerClock = SystemClock()) {
        self.perSecond = perSecond
        self.burst = max(burst, 1)
        self.clock = clock
    }

    /// `perMinute` a minute on average, and as many at once.
    package convenience init(perMinute: Int, clock: any ServerClock = SystemClock()) {
        self.init(perSecond: Double(max(perMinute, 1)) / 60, burst: max(perMinute, 1), clock: clock)
    }

    private func bucket(at now: WallInstant) -> RateLimiter {
        RateLimiter(perSecond: perSecond, burst: burst, now: now)
    }

    /// True when `key` may send now (and one is counted); false when it must wait.
    package func admit(_ key: Key, at now: WallInstant? = nil) -> Bool {
        let now = now ?? clock.now
        return buckets.withLock { buckets in
            var bucket = buckets[key] ?? bucket(at: now)
            let admitted = bucket.admit(at: now) == .allowed
            buckets[key] = bucket
            if buckets.count > Self.keptKeys { buckets = buckets.filter { !$0.value.isFull(at: now) } }
            return admitted
        }
    }

    /// Seconds until `key` may send again: a whole number, at least 1.
    package func secondsToWait(_ key: Key, at now: WallInstant? = nil) -> Int {
        let now = now ?? clock.now
        return (buckets.withLock { $0[key] } ?? bucket(at: now)).secondsToWait(at: now)
    }
}
