import Foundation
import Transcript

/// The seeks waiting for a game, and how they are paired: a value, changed only by its
/// methods, with the time handed in. Each pairing prefers the closest rating within a window
/// that widens the longer a seek waits; a seek is paired once, never with another of its own
/// account, and in a rated pool never with an account from its own origin.
public struct Matchmaker: Sendable {
    /// The rating difference a seek accepts at once, and how much more for each second it waits.
    public struct Window: Sendable {
        public var initial: Double
        public var perSecond: Double
        public var maximum: Double

        public init(initial: Double = 100, perSecond: Double = 50, maximum: Double = 1000) {
            self.initial = initial
            self.perSecond = perSecond
            self.maximum = maximum
        }

        /// The difference a seek accepts after waiting `waited`.
        public func width(after waited: Duration) -> Double {
            let seconds = Double(waited.components.seconds) + Double(waited.components.attoseconds) / 1e18
            return min(maximum, initial + perSecond * seconds)
        }
    }

    public var window: Window
    /// The seeks waiting, oldest first.
    public private(set) var waiting: [Seek] = []
    /// When each account's seeks of the last minute were taken: a flood of seeks is refused.
    private var recent: [AccountID: [Date]] = [:]

    public init(window: Window = Window()) {
        self.window = window
    }

    /// Why a seek is not taken, if it is not.
    public enum Refusal: Error, Equatable, Sendable {
        /// The account seeks in this pool already: its first seek stands.
        case alreadySeeking
        /// The account seeks in too many pools at once.
        case tooManySeeks(limit: Int)
        /// The account sought `limit` times in the last minute already.
        case seekingTooOften(limit: Int)
    }

    /// How many pools an account may seek in at once.
    public static let seeksPerAccount = 4
    /// How many seeks an account may make in a minute: enough to seek, be paired, play a quick
    /// game and seek again many times over, not to churn the queue.
    public static let seeksPerMinute = 20

    /// Adds a seek to the queue (pair with `pair(at:)`).
    public mutating func add(_ seek: Seek) throws(Refusal) {
        let own = waiting.filter { $0.account == seek.account }
        if own.contains(where: { $0.pool == seek.pool }) { throw .alreadySeeking }
        if own.count >= Self.seeksPerAccount { throw .tooManySeeks(limit: Self.seeksPerAccount) }
        let now = seek.since
        var times = recent[seek.account, default: []].filter { now.timeIntervalSince($0) < 60 }
        if times.count >= Self.seeksPerMinute { throw .seekingTooOften(limit: Self.seeksPerMinute) }
        times.append(now)
        recent[seek.account] = times
        // Accounts that stopped seeking are forgotten a minute on.
        if recent.count > 4 * Self.seeksPerMinute, recent.count > 2 * waiting.count {
            recent = recent.filter { $0.value.contains { now.timeIntervalSince($0) < 60 } }
        }
        waiting.append(seek)
    }

    /// Takes the seeks `shouldRemove` picks out of the queue; returns those taken.
    @discardableResult
    public mutating func remove(where shouldRemove: (Seek) -> Bool) -> [Seek] {
        let taken = waiting.filter(shouldRemove)
        waiting.removeAll(where: shouldRemove)
        return taken
    }

    /// Puts a seek another server took into the queue as it stands, without the checks of
    /// `add` (that server made them); one it holds already stays as it is.
    public mutating func restore(_ seek: Seek) {
        guard !waiting.contains(where: { $0.key == seek.key }) else { return }
        waiting.append(seek)
        waiting.sort { $0.since < $1.since }
    }

    /// Takes an account's seeks out of the queue, those of one pool or all of them (it left
    /// the queue, or disconnected); returns those taken.
    @discardableResult
    public mutating func remove(_ account: AccountID, in pool: Pool? = nil) -> [Seek] {
        let taken = waiting.filter { $0.account == account && (pool == nil || $0.pool == pool) }
        waiting.removeAll { $0.account == account && (pool == nil || $0.pool == pool) }
        return taken
    }

    /// The pairings due at `now`, taken out of the queue with every other seek of the accounts
    /// they pair (a player waiting in two pools plays one game). Oldest seeks first: each takes
    /// the closest rating among the seeks that it and they accept.
    public mutating func pair(at now: Date) -> [Pairing] {
        var pairings: [Pairing] = []
        // A seek that finds nobody finds nobody either once others are paired: each is looked
        // at once a pass.
        var looked: Set<Seek.Key> = []
        while let seek = waiting.first(where: { !looked.contains($0.key) }) {
            looked.insert(seek.key)
            guard let pairing = pairing(for: seek, at: now) else { continue }
            pairings.append(pairing)
            let accounts = Set(pairing.seeks.map(\.account))
            waiting.removeAll { accounts.contains($0.account) }
        }
        return pairings
    }

    /// The pairing `seek` starts at `now`, if any.
    private func pairing(for seek: Seek, at now: Date) -> Pairing? {
        let candidates = waiting.filter { accepts(seek, $0, at: now) }
            .sorted { (abs($0.rating - seek.rating), $0.since) < (abs($1.rating - seek.rating), $1.since) }
        var group = [seek]
        for candidate in candidates where group.count < seek.players {
            guard group.allSatisfy({ accepts($0, candidate, at: now) }) else { continue }
            group.append(candidate)
        }
        if group.count == seek.players { return Pairing(seeks: group, withHouseBot: false) }
        if group.count >= 2, let after = seek.startWithFewerAfter, seek.waited(at: now) >= after {
            return Pairing(seeks: group, withHouseBot: false)
        }
        if group.count == 1, let after = seek.houseBotAfter, seek.waited(at: now) >= after {
            return Pairing(seeks: group, withHouseBot: true)
        }
        return nil
    }

    /// Whether two seeks may play together at `now`: the same pool and group size, two
    /// accounts (of two origins in a rated pool), ratings within the wider of their windows.
    func accepts(_ one: Seek, _ other: Seek, at now: Date) -> Bool {
        guard one.account != other.account, one.pool == other.pool, one.players == other.players else { return false }
        if one.pool.rated, one.origin == other.origin { return false }
        let width = max(window.width(after: one.waited(at: now)), window.width(after: other.waited(at: now)))
        return abs(one.rating - other.rating) <= width
    }

    /// When the next pairing may become due with no new seek: the soonest a waiting seek's
    /// window, fewer players or house bot changes what it accepts (each second, while any waits).
    public func nextChange(after now: Date) -> Date? {
        waiting.isEmpty ? nil : now.addingTimeInterval(1)
    }
}
