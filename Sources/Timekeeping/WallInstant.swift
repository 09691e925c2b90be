import Foundation

/// A moment of wall time: what the server stores and compares across restarts and nodes (a
/// record's `at`, a turn's deadline, a downtime), so a `ServerClock`'s instant.
public struct WallInstant: InstantProtocol, Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The moment, as Foundation tells it.
    public var date: Date

    public init(_ date: Date) {
        self.date = date
    }

    public func advanced(by duration: Duration) -> WallInstant {
        WallInstant(date.addingTimeInterval(duration.seconds))
    }

    public func duration(to other: WallInstant) -> Duration {
        .seconds(other.date.timeIntervalSince(date))
    }

    public static func < (left: WallInstant, right: WallInstant) -> Bool { left.date < right.date }

    /// How long from `right` to `left`.
    public static func - (left: WallInstant, right: WallInstant) -> Duration { right.duration(to: left) }

    public static func + (instant: WallInstant, duration: Duration) -> WallInstant { instant.advanced(by: duration) }

    public static func - (instant: WallInstant, duration: Duration) -> WallInstant { instant.advanced(by: .zero - duration) }

    public var description: String { date.formatted(.iso8601) }
}
