import Foundation

/// What the store's index says of a conversation's turn clocks (its `clock` entry), as far as
/// this engine has told it. A server that starts times each conversation the index names at
/// the deadline written there, and loads it then: so the written deadline is never later than
/// the earliest real one. A move restarts a turn's clock later, which is not written (it would
/// be an index write on every move); a deadline earlier than the written one (another session's
/// shorter turn) is.
enum IndexedClock: Sendable, Equatable {
    /// Not told yet: the conversation was loaded, or the engine started.
    case untold
    case stopped
    /// Running, with the earliest deadline when it was written.
    case running(Date)

    /// Whether the index must be told, now that the earliest deadline is `next` (nil: no clock runs).
    func mustWrite(_ next: Date?) -> Bool {
        switch (self, next) {
        case (.untold, _): true
        case (.stopped, nil): false
        case (.stopped, .some), (.running, nil): true
        case let (.running(written), .some(next)): next < written
        }
    }
}
