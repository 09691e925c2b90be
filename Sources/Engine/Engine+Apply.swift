import Fairness
import GameRules
import Transcript
import Wire

/// The one place the engine's state changes: live decisions and the replay at start both go
/// through `apply`, so a restarted server holds exactly what it held before.
extension Engine {
    /// Replays a stored event. Throws when the event does not fit the state, which means the
    /// log is not this engine's (or its games changed incompatibly).
    public mutating func apply(_ event: Record) throws(EngineError) {
        try apply(event, match: nil)
    }

    /// `match` is the session's match after an accepted move when the caller has it at hand,
    /// which spares decoding the state again.
    /// `views`, with it, are the views of the state after the move (`views(of:seats:)`),
    /// `digests` the digests of its signed copies (`chain(after:…)`), and `commitments` the
    /// session's trees (`fleetProofs(after:signer:)`).
    mutating func apply(
        _ event: Record, match: AnyMatch?, views: StateViews? = nil, digests: CopyDigests? = nil,
        commitments: [Int: FleetCommitment] = [:]
    ) throws(EngineError) {
        switch event {
        case let .conversationCreated(id, invite, _):
            let state = ConversationState(id: id, invite: invite)
            conversations[id] = state
            directory.invites[invite] = id
            directory.invites[state.watchInvite] = id
            if counting { totals.conversations += 1 }
        case let .joined(id, seq, account, role):
            try append(.joined(account, role), seq: seq, to: id)
            conversations[id]?.members.append(account)
            if role == .spectator { conversations[id]?.spectators.insert(account) }
            noteMembership(of: account, in: id, member: true)
            if conversations[id]?.everyone.contains(account) == false {
                conversations[id]?.everyone.append(account)
                addToDirectories(account, of: id)
            }
        case let .left(id, seq, account):
            try append(.left(account, role(of: account, in: id)), seq: seq, to: id)
            conversations[id]?.members.removeAll { $0 == account }
            conversations[id]?.spectators.remove(account)
            noteMembership(of: account, in: id, member: false)
        case let .removed(id, seq, account):
            try append(.removed(account, role(of: account, in: id)), seq: seq, to: id)
            conversations[id]?.members.removeAll { $0 == account }
            conversations[id]?.spectators.remove(account)
            conversations[id]?.barred.insert(account)
            noteMembership(of: account, in: id, member: false)
        case let .readmitted(id, account):
            guard conversations[id] != nil else { throw .corrupt("unknown conversation \(id)") }
            conversations[id]?.barred.remove(account)
        case let .renamed(account, name):
            directory.names[account] = name
        case let .accepted(move):
            try applyAccepted(move, match: match, views: views, digests: digests, commitments: commitments)
        case let .timedOut(conversation, seq, session, _):
            try applyTimeout(in: conversation, seq: seq, session: session)
        case let .ended(conversation, seq, session, _):
            try applyEnd(in: conversation, seq: seq, session: session)
        case let .resigned(conversation, seq, session, account, _):
            try applyResignation(in: conversation, seq: seq, session: session, by: account)
        case let .memberRenamed(conversation, seq, account, name, _):
            try append(.renamed(account, name, role(of: account, in: conversation)), seq: seq, to: conversation)
        case let .chat(conversation, seq, account, text, _):
            try append(.chat(account, text, role(of: account, in: conversation)), seq: seq, to: conversation)
        case let .sticker(conversation, seq, account, sticker, _):
            try append(.sticker(account, sticker, role(of: account, in: conversation)), seq: seq, to: conversation)
            if let kept = conversations[conversation]?.recentStickers, kept.count >= ConversationState.stickersKept,
                let oldest = kept.min(by: { $0.value < $1.value })
            {
                conversations[conversation]?.recentStickers[oldest.key] = nil
            }
            conversations[conversation]?.recentStickers[sticker.id] = seq
        case let .downtime(from, to):
            guard from <= to else { throw .corrupt("a downtime that ends before it begins") }
            // A start that died before its first sign of life records the same beginning again.
            if let last = downtimes.last, from <= last.upperBound {
                downtimes[downtimes.count - 1] = last.lowerBound...max(last.upperBound, to)
            } else {
                downtimes.append(from...to)
            }
        }
    }

    private mutating func applyAccepted(
        _ move: AcceptedMove, match prepared: AnyMatch?, views: StateViews?, digests: CopyDigests?,
        commitments: [Int: FleetCommitment]
    ) throws(EngineError) {
        guard conversations.index(forKey: move.conversation) != nil else { throw .corrupt("unknown conversation") }
        var session: Session
        if let existing = conversations[move.conversation]?.sessions[move.session] {
            session = existing
        } else {
            let game = try Self.corruptOnViolation { () throws(RuleViolation) in
                try catalog.game(move.game, variant: move.variant)
            }
            session = Session(id: move.session, game: game, match: game.newMatch(), seats: [], lastSeq: 0, turnClock: .stopped)
        }
        if move.seat == session.seats.count { session.seats.append(move.sender) }
        guard session.seats.indices.contains(move.seat), session.seats[move.seat] == move.sender else {
            throw .corrupt("seat \(move.seat) of session \(move.session.uuidString) is not the sender's")
        }
        let game = session.game
        if let prepared {
            session.match = prepared
        } else {
            session.match = try Self.corruptOnViolation { () throws(RuleViolation) in
                try game.restoreMatch(
                    state: QueryString.items(in: move.state), lastMover: Seat(move.seat), moveCount: move.moveCount)
            }
        }
        session.lastSeq = move.seq
        session.commitments = commitments
        session.turnClock = .running(since: move.at)
        session.startedAt = session.startedAt ?? move.at
        session.lastMoveAt = move.at
        let entry = MessageEntry(
            move: move,
            views: views ?? StateViews(
                seats: Dictionary(uniqueKeysWithValues: session.seats.indices.map {
                    ($0, QueryString.format(session.match.state(for: Seat($0))))
                }),
                spectator: hasSpectators(of: session, in: move.conversation)
                    ? QueryString.format(session.match.state(for: nil)) : nil),
            digests: digests, seats: session.seats, turn: session.match.turn, outcome: session.match.outcome,
            prompt: session.match.prompt)
        session.newestMessage = Entry(seq: move.seq, kind: .message(entry))
        if counting {
            totals.moves += 1
            if move.moveCount == 1 { totals.gamesInProgress += 1 }
            if session.isFinished { totals.finishOne() }
        }
        conversations[move.conversation]?.sessions[move.session] = session
        try append(.message(entry), seq: move.seq, to: move.conversation)
        if session.isFinished { retireFinishedSessions(of: move.conversation) }
        conversations[move.conversation]?.sent[move.sender, default: RecentSends()]
            .record(move.request, seq: move.seq, session: move.session, proposal: move.proposal)
    }

    /// Whether a member of the conversation holds no seat of the session (and sees its state as
    /// a spectator, until their first move takes a seat).
    private func hasSpectators(of session: Session, in conversation: ConversationID) -> Bool {
        guard let index = conversations.index(forKey: conversation) else { return true }
        return conversations.values[index].members.contains { !session.seats.contains($0) }
    }

    private mutating func applyEnd(in conversation: ConversationID, seq: Int, session id: SessionID) throws(EngineError) {
        guard var session = conversations[conversation]?.sessions[id] else {
            throw .corrupt("an end of unknown session \(id.uuidString)")
        }
        do { try session.match.end() } catch { throw .corrupt("an end of a finished session \(id.uuidString)") }
        if counting { totals.finishOne() }
        try append(.ended(stop(session, late: nil, in: conversation)), seq: seq, to: conversation)
        retireFinishedSessions(of: conversation)
    }

    private mutating func applyResignation(
        in conversation: ConversationID, seq: Int, session id: SessionID, by account: AccountID
    ) throws(EngineError) {
        guard var session = conversations[conversation]?.sessions[id] else {
            throw .corrupt("a resignation in unknown session \(id.uuidString)")
        }
        guard let seat = session.seat(of: account) else {
            throw .corrupt("a resignation by an account with no seat in session \(id.uuidString)")
        }
        do { try session.match.resign(seat) } catch { throw .corrupt("a resignation refused by the rules: \(error.reason)") }
        if counting { totals.finishOne() }
        try append(.resigned(stop(session, late: account, in: conversation)), seq: seq, to: conversation)
        retireFinishedSessions(of: conversation)
    }

    private mutating func applyTimeout(in conversation: ConversationID, seq: Int, session id: SessionID) throws(EngineError) {
        guard var session = conversations[conversation]?.sessions[id] else {
            throw .corrupt("a timeout in unknown session \(id.uuidString)")
        }
        let late: AccountID?
        do {
            switch try session.match.timeOut() {
            case let .forfeited(seat): late = session.seats.indices.contains(seat.index) ? session.seats[seat.index] : nil
            case let .skipped(after: seat): late = seat.flatMap { session.seats.indices.contains($0.index) ? session.seats[$0.index] : nil }
            }
        } catch {
            throw .corrupt("a timeout in a finished session \(id.uuidString)")
        }
        if counting, session.isFinished { totals.finishOne() }
        try append(.timeout(stop(session, late: late, in: conversation)), seq: seq, to: conversation)
        retireFinishedSessions(of: conversation)
    }

    /// Stops a session's clock after a timeout or an end, keeps the session, and returns the
    /// entry that records where it stands.
    private mutating func stop(_ session: Session, late: AccountID?, in conversation: ConversationID) -> TimeoutEntry {
        var session = session
        session.turnClock = .stopped
        conversations[conversation]?.sessions[session.id] = session
        return TimeoutEntry(
            session: session.id, game: session.game, late: late, seats: session.seats, turn: session.match.turn,
            outcome: session.match.outcome, moveCount: session.match.moveCount, prompt: session.match.prompt,
            reveal: context.fleetReveal(of: session))
    }

    /// Keeps an account's memberships when the engine knows them; the store's index has them
    /// all.
    private mutating func noteMembership(of account: AccountID, in conversation: ConversationID, member: Bool) {
        guard knowsEveryAccount || directory.conversations(of: account) != nil else { return }
        if member {
            directory.addMembership(of: account, in: conversation)
        } else {
            directory.removeMembership(of: account, in: conversation)
        }
    }

    /// The role an account has in a conversation now (a player's when it is not in memory).
    private func role(of account: AccountID, in conversation: ConversationID) -> ParticipantRole {
        conversations[conversation]?.role(of: account) ?? .player
    }

    private mutating func retireFinishedSessions(of conversation: ConversationID) {
        guard !keepsFinishedSessions else { return }
        conversations[conversation]?.retireFinishedSessions(keeping: retiredKept)
    }

    private mutating func append(_ kind: Entry.Kind, seq: Int, to conversation: ConversationID) throws(EngineError) {
        // Only the number is read: a copy of the conversation held across the append would
        // share its window, and the append would then copy it.
        guard let index = conversations.index(forKey: conversation) else { throw .corrupt("unknown conversation \(conversation)") }
        let lastSeq = conversations.values[index].lastSeq
        guard seq == lastSeq + 1 else { throw .corrupt("seq \(seq) after \(lastSeq) in \(conversation)") }
        conversations[conversation]?.append(Entry(seq: seq, kind: kind))
    }

    /// Adds a newcomer to each viewer's directory and makes the newcomer's own: one identifier
    /// for each member and the newcomer's, not every pair again.
    private mutating func addToDirectories(_ newcomer: AccountID, of conversation: ConversationID) {
        guard let state = conversations[conversation] else { return }
        var directories = state.directories
        conversations[conversation]?.directories = [:]
        for viewer in Array(directories.keys) {
            directories[viewer]?.add(newcomer, as: identifiers.id(of: newcomer, seenBy: InstallID(rawValue: viewer.rawValue)))
        }
        directories[newcomer] = identifiers.directory(for: InstallID(rawValue: newcomer.rawValue), members: state.everyone)
        conversations[conversation]?.directories = directories
    }

    mutating func rebuildDirectories(of conversation: ConversationID) {
        guard let everyone = conversations[conversation]?.everyone else { return }
        let identifiers = context.identifiers
        conversations[conversation]?.directories = Dictionary(uniqueKeysWithValues: everyone.map { viewer in
            (viewer, identifiers.directory(for: InstallID(rawValue: viewer.rawValue), members: everyone))
        })
    }

    private static func corruptOnViolation<T>(_ body: () throws(RuleViolation) -> T) throws(EngineError) -> T {
        do { return try body() } catch { throw .corrupt(error.reason) }
    }
}

extension EngineError {
    static func corrupt(_ detail: String) -> Self {
        Self("corrupt-log", "The stored events do not fit together: \(detail).")
    }
}
