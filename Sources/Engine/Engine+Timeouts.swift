import Foundation
import GameRules
import Transcript

/// A session's turn deadline: when it passes and nobody has moved since `basedOn`, the game's
/// timeout rule applies (a forfeit in Battleship, a skipped turn in the Ice Cream builder).
public struct TurnDeadline: Hashable, Sendable {
    public let conversation: ConversationID
    public let session: SessionID
    public let basedOn: Int
    public let at: Date
}

extension Engine {
    /// What a deadline reads: the games' turn times and when the server was down.
    var timing: TurnTiming { TurnTiming(timeouts: configuration.turnTimeouts, downtimes: downtimes) }

    /// Every running session's deadline, for a server that has just started.
    public func deadlines() -> [TurnDeadline] {
        let timing = timing
        return conversations.values.flatMap { $0.deadlines(timing: timing) }
    }

    /// The deadline a session waits for now; `nil` when its game is over or its clock stopped.
    public func deadline(ofSession session: SessionID, in conversation: ConversationID) -> TurnDeadline? {
        conversations[conversation]?.sessions[session]?.deadline(in: conversation, timing: timing)
    }

    /// The deadlines of the sessions of one conversation in memory whose clocks run.
    public func deadlines(in conversation: ConversationID) -> [TurnDeadline] {
        conversations[conversation]?.deadlines(timing: timing) ?? []
    }

    /// The event that records that the server was down from `lastAlive` until `now`, when it
    /// starts again; `nil` when it was not down long enough to matter.
    public func downtime(lastAlive: Date, now: Date) -> Record? {
        now.timeIntervalSince(lastAlive) >= 1 ? .downtime(from: lastAlive, to: now) : nil
    }

    /// The deadline `deadline` has passed. Nothing happens if someone moved since, the game is
    /// over, or the deadline is early.
    public mutating func timeOut(_ deadline: TurnDeadline, now: Date) -> Decision {
        guard let decided = conversations[deadline.conversation]?.decide(timeOut: deadline, at: now, timing: timing)
        else { return Decision() }
        return commit(decided.records, reply: nil, notify: decided.notify)
    }
}
