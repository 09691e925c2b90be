import Foundation
import GameRules
import Transcript

/// One conversation as the engine holds it in memory.
struct ConversationState: Sendable {
    let id: String
    let invite: String
    /// Current members, in the order they joined.
    var members: [AccountID] = []
    /// Everyone who was ever a member, so that old messages still translate after a leave.
    var everyone: [AccountID] = []
    /// Entries by seq: `log[0]` is seq 1.
    var log: [LogEntry] = []
    var sessions: [Session: SessionState] = [:]
    /// Each viewer's directory of identifiers, over `everyone`; rebuilt when someone joins.
    var directories: [AccountID: ViewerDirectory] = [:]
    /// Each member's newest accepted messages, so that a resent one is recognised.
    var sent: [AccountID: RecentSends] = [:]

    init(id: String, invite: String) {
        self.id = id
        self.invite = invite
    }

    var lastSeq: Int { log.count }

    func entry(_ seq: Int) -> LogEntry? {
        log.indices.contains(seq - 1) ? log[seq - 1] : nil
    }
}

/// One game session: its rules, its match, and which account holds which seat.
struct SessionState: Sendable {
    let id: Session
    let game: AnyGame
    var match: AnyMatch
    /// `seats[i]` is the account at seat `i`, bound by that account's first move.
    var seats: [AccountID]
    /// The seq of the session's newest message.
    var lastSeq: Int
    /// When the turn's clock started: the newest message, or `nil` once a timeout passed the
    /// turn on (a skipped turn is not timed again until someone moves).
    var clockStarted: Date?

    func seat(of account: AccountID) -> Seat? {
        seats.firstIndex(of: account).map(Seat.init)
    }
}

/// One numbered entry of a conversation's log.
struct LogEntry: Sendable {
    enum Kind: Sendable {
        case message(MessageEntry)
        case timeout(TimeoutEntry)
        /// The operator ended a session's game; the entry's `late` is always `nil`.
        case ended(TimeoutEntry)
        case joined(AccountID)
        case left(AccountID)
    }

    let seq: Int
    let kind: Kind
}

/// A stored message with what every viewer's rendering needs, worked out once when it was
/// accepted: the state as each seat saw it then, whose turn it was, and the outcome.
struct MessageEntry: Sendable {
    let move: AcceptedMove
    /// The state's query as each bound seat saw it; spectators get `spectatorView`.
    let views: [Int: String]
    let spectatorView: String
    let seats: [AccountID]
    let turn: Turn
    let outcome: Outcome
    let prompt: String?
}

/// A turn that ran out: who was late (when a seat held by someone was), and the session after.
struct TimeoutEntry: Sendable {
    let session: Session
    let game: AnyGame
    let late: AccountID?
    let seats: [AccountID]
    let turn: Turn
    let outcome: Outcome
    let moveCount: Int
    let prompt: String?
}
