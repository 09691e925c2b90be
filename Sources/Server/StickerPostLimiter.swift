import Synchronization
import Transcript

/// How often each account may post a sticker over HTTPS: a token bucket per account,
/// `stickers.postsPerMinute` a minute on average and as many at once. A post costs the server a
/// signature check, a hash of up to 512,000 bytes and a read of the account's quota before the
/// quota can refuse it, so the quota alone does not bound the work.
final class StickerPostLimiter: Sendable {
    private struct Bucket {
        var tokens: Double
        var last: ContinuousClock.Instant
    }

    let perMinute: Int
    private let buckets = Mutex<[AccountID: Bucket]>([:])
    /// Past this many accounts, those whose buckets are full again are let go.
    static let keptAccounts = 4096

    init(perMinute: Int) {
        self.perMinute = max(perMinute, 1)
    }

    /// True when `account` may post now (and one post is counted); false when it must wait.
    func admit(_ account: AccountID, at now: ContinuousClock.Instant = .now) -> Bool {
        let capacity = Double(perMinute), perSecond = Double(perMinute) / 60
        return buckets.withLock { buckets in
            var bucket = buckets[account] ?? Bucket(tokens: capacity, last: now)
            bucket.tokens = min(capacity, bucket.tokens + (now - bucket.last).seconds * perSecond)
            bucket.last = now
            let admitted = bucket.tokens >= 1
            if admitted { bucket.tokens -= 1 }
            buckets[account] = bucket
            if buckets.count > Self.keptAccounts {
                buckets = buckets.filter { $0.value.tokens + (now - $0.value.last).seconds * perSecond < capacity }
            }
            return admitted
        }
    }

    /// Seconds until `account` may post again: a whole number, at least 1.
    func secondsToWait(_ account: AccountID, at now: ContinuousClock.Instant = .now) -> Int {
        let perSecond = Double(perMinute) / 60
        let tokens = buckets.withLock { buckets in
            buckets[account].map { $0.tokens + (now - $0.last).seconds * perSecond } ?? Double(perMinute)
        }
        return max(1, Int(((1 - tokens) / perSecond).rounded(.up)))
    }
}
