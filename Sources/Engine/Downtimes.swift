import Foundation
import Transcript

/// When the server was down, oldest first: turn clocks stand still then. Recorded by
/// `Record.downtime` when a server starts again, and read by every turn's deadline.
struct Downtimes: Sendable, Hashable {
    private(set) var ranges: [ClosedRange<Date>] = []

    /// Adds a time the server was down. A start that died before its first sign of life
    /// records the same beginning again: the two are one.
    mutating func add(from: Date, to: Date) throws(EngineError) {
        guard from <= to else { throw .corrupt("a downtime that ends before it begins") }
        if let last = ranges.last, from <= last.upperBound {
            ranges[ranges.count - 1] = last.lowerBound...max(last.upperBound, to)
        } else {
            ranges.append(from...to)
        }
    }

    /// How long the server was down after `start`.
    func stoppedTime(since start: Date) -> TimeInterval {
        ranges.reduce(0) { total, down in
            down.upperBound <= start ? total : total + down.upperBound.timeIntervalSince(max(down.lowerBound, start))
        }
    }
}

/// What a turn's deadline reads besides its session: the turn time of each game, and when the
/// server was down.
struct TurnTiming: Sendable {
    let timeouts: [String: TimeInterval]
    let downtimes: Downtimes
    /// The time of every turn whatever its game: a paired conversation's.
    var everyTurn: TimeInterval?

    /// The timing of `conversation`'s sessions: one made by pairing gives every game started in
    /// it the time its players sought, the game they were paired for and any after it (an
    /// aborted pairing's too).
    func of(_ conversation: Conversation) -> TurnTiming {
        guard let pairing = conversation.pairing else { return self }
        return TurnTiming(timeouts: timeouts, downtimes: downtimes, everyTurn: TimeInterval(pairing.secondsPerMove))
    }

    /// The time of a turn of `game`; `nil` when it has none.
    func timeout(of game: String) -> TimeInterval? { everyTurn ?? timeouts[game] }
}

extension Session {
    /// The deadline this session waits for now; `nil` when its game is over, its clock stopped,
    /// or its game has no turn time.
    func deadline(in conversation: ConversationID, timing: TurnTiming) -> TurnDeadline? {
        guard let started = turnClock.since, !isFinished,
            let timeout = timing.everyTurn ?? secondsPerMove.map(TimeInterval.init) ?? timing.timeout(of: game.id.rawValue)
        else { return nil }
        return TurnDeadline(
            conversation: conversation, session: id, basedOn: lastSeq,
            at: started + timeout + timing.downtimes.stoppedTime(since: started))
    }
}

extension Conversation {
    /// The deadlines of the sessions whose clocks run; the sessions are read in place, not copied.
    func deadlines(timing: TurnTiming) -> [TurnDeadline] {
        let timing = timing.of(self)
        let sessions = self.sessions
        var deadlines: [TurnDeadline] = []
        for index in sessions.indices {
            if let deadline = sessions.values[index].deadline(in: id, timing: timing) { deadlines.append(deadline) }
        }
        if let start = startDeadline(timing: timing) { deadlines.append(start) }
        return deadlines
    }

    /// The deadline of a paired game not started yet: its first player has the game's time
    /// for a move after the pairing, or it is called off. Timed as a turn is, under the
    /// conversation's own id as its session's.
    func startDeadline(timing: TurnTiming) -> TurnDeadline? {
        guard let pairing, !pairing.aborted, let since = pairing.since, sessions.isEmpty, retired.isEmpty,
            let session = SessionID(uuidString: id.rawValue)
        else { return nil }
        return TurnDeadline(
            conversation: id, session: session, basedOn: 0,
            at: since + TimeInterval(pairing.secondsPerMove) + timing.downtimes.stoppedTime(since: since))
    }

    /// The decision of a turn deadline that passed at `now`: its session's timeout, told to
    /// every member. `nil` when someone moved since, the game is over or the deadline is early.
    func decide(timeOut deadline: TurnDeadline, at now: Date, timing: TurnTiming) -> Decided? {
        if let start = startDeadline(timing: timing.of(self)), start.session == deadline.session {
            guard start.at <= now else { return nil }
            return Decided(records: [.aborted(conversation: id, seq: lastSeq + 1, at: now)], notify: [EntryReference(conversation: id, seq: lastSeq + 1)])
        }
        guard let index = sessions.index(forKey: deadline.session),
            let current = sessions.values[index].deadline(in: id, timing: timing.of(self)),
            current.basedOn == deadline.basedOn, current.at <= now
        else { return nil }
        let seq = lastSeq + 1
        return Decided(
            records: [.timedOut(conversation: id, seq: seq, session: deadline.session, at: now)],
            notify: [EntryReference(conversation: id, seq: seq)])
    }
}
