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
    /// Every running session's deadline, for a server that has just started.
    public func deadlines() -> [TurnDeadline] {
        conversations.values.flatMap { conversation in
            conversation.sessions.values.compactMap { deadline(of: $0, in: conversation.id) }
        }
    }

    /// The deadline a session waits for now; `nil` when its game is over or its clock stopped.
    public func deadline(ofSession session: SessionID, in conversation: ConversationID) -> TurnDeadline? {
        // Read in place, with no closure: a closure's argument is a copy (a retain and release
        // of each of its fields).
        guard let index = conversations.index(forKey: conversation) else { return nil }
        let sessions = conversations.values[index].sessions
        guard let found = sessions.index(forKey: session) else { return nil }
        return deadline(of: sessions.values[found], in: conversation)
    }

    /// The deadlines of the sessions of one conversation in memory whose clocks run.
    public func deadlines(in conversation: ConversationID) -> [TurnDeadline] {
        guard let index = conversations.index(forKey: conversation) else { return [] }
        return deadlines(in: conversations.values[index])
    }

    /// The same of a conversation at hand; its sessions are read in place, not copied.
    func deadlines(in conversation: Conversation) -> [TurnDeadline] {
        let sessions = conversation.sessions
        var deadlines: [TurnDeadline] = []
        for index in sessions.indices {
            if let deadline = deadline(of: sessions.values[index], in: conversation.id) { deadlines.append(deadline) }
        }
        return deadlines
    }

    func deadline(of session: Session, in conversation: ConversationID) -> TurnDeadline? {
        guard let started = session.turnClock.since, !session.isFinished,
            let timeout = configuration.turnTimeouts[session.game.id.rawValue]
        else { return nil }
        return TurnDeadline(
            conversation: conversation, session: session.id, basedOn: session.lastSeq,
            at: started + timeout + stoppedTime(since: started))
    }

    /// How long the server was down after `start`: a turn's clock does not run then.
    func stoppedTime(since start: Date) -> TimeInterval {
        downtimes.reduce(0) { total, down in
            down.upperBound <= start ? total : total + down.upperBound.timeIntervalSince(max(down.lowerBound, start))
        }
    }

    /// The event that records that the server was down from `lastAlive` until `now`, when it
    /// starts again; `nil` when it was not down long enough to matter.
    public func downtime(lastAlive: Date, now: Date) -> Record? {
        now.timeIntervalSince(lastAlive) >= 1 ? .downtime(from: lastAlive, to: now) : nil
    }

    /// The deadline `deadline` has passed. Nothing happens if someone moved since, the game is
    /// over, or the deadline is early.
    public mutating func timeOut(_ deadline: TurnDeadline, now: Date) -> Decision {
        guard let conversation = conversations[deadline.conversation],
            let session = conversation.sessions[deadline.session],
            let current = self.deadline(of: session, in: conversation.id),
            current.basedOn == deadline.basedOn, current.at <= now
        else { return Decision() }
        let event = Record.timedOut(
            conversation: conversation.id, seq: conversation.lastSeq + 1, session: session.id, at: now)
        do { try apply(event) } catch { preconditionFailure("a decided timeout must apply: \(error)") }
        var decision = Decision()
        decision.events = [event]
        decision.notify = [EntryReference(conversation: conversation.id, seq: conversation.lastSeq + 1)]
        return decision
    }
}
