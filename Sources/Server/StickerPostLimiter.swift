import Admin
import Pipelines
import Synchronization
import Transcript
import Timekeeping
import Transport

/// How often each account may post a sticker over HTTPS: a token bucket (`RateLimiter`) per
/// account, `stickers.postsPerMinute` a minute on average and as many at once. A post costs the
/// server a signature check, a hash of up to 512,000 bytes and a read of the account's quota
/// before the quota can refuse it, so the quota alone does not bound the work.
final class StickerPostLimiter: Sendable {
    let perMinute: Int
    private let buckets = Mutex<[AccountID: RateLimiter]>([:])
    /// Past this many accounts, those whose buckets are full again are let go.
    static let keptAccounts = 4096

    /// Where the buckets read the time.
    let clock: any ServerClock

    init(perMinute: Int, clock: any ServerClock = SystemClock()) {
        self.perMinute = max(perMinute, 1)
        self.clock = clock
    }

    private func bucket(at now: WallInstant) -> RateLimiter {
        RateLimiter(perSecond: Double(perMinute) / 60, burst: perMinute, now: now)
    }

    /// True when `account` may post now (and one post is counted); false when it must wait.
    func admit(_ account: AccountID, at now: WallInstant? = nil) -> Bool {
        let now = now ?? clock.now
        return buckets.withLock { buckets in
            var bucket = buckets[account] ?? bucket(at: now)
            let admitted = bucket.admit(at: now) == .allowed
            buckets[account] = bucket
            if buckets.count > Self.keptAccounts { buckets = buckets.filter { !$0.value.isFull(at: now) } }
            return admitted
        }
    }

    /// Seconds until `account` may post again: a whole number, at least 1.
    func secondsToWait(_ account: AccountID, at now: WallInstant? = nil) -> Int {
        let now = now ?? clock.now
        return (buckets.withLock { $0[account] } ?? bucket(at: now)).secondsToWait(at: now)
    }
}
