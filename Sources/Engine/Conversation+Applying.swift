import Fairness
import GameRules
import Transcript
import Wire

/// What applying a record counted, for the engine's totals over all history.
struct AppliedCounts {
    var moves = 0
    var gamesStarted = 0
    var gamesFinished = 0
}

/// The one place a conversation changes: live decisions, loading from the store and records
/// another server stored all go through `apply`, so a conversation loaded again holds exactly
/// what it held before.
extension Conversation {
    /// What applying a record reads from outside the conversation.
    struct Applying {
        let context: EngineContext
        /// How many retired sessions the conversation remembers; `nil` when finished sessions
        /// stay in memory however many there are (the scratch engines of the admin's history).
        let retiredKept: Int?
    }

    /// A copy of the conversation with `record` applied.
    func applying(_ record: Record, with applying: Applying) throws(EngineError) -> Conversation {
        var copy = self
        _ = try copy.apply(record, with: applying)
        return copy
    }

    /// Applies a record of this conversation: an entry, a member who comes or goes, a readmission.
    /// `match` is the session's match after an accepted move when the caller has it at hand,
    /// which spares decoding the state again; `views`, with it, are the views of the state after
    /// the move (`EngineContext.states(of:seats:)`), `digests` the digests of its signed copies
    /// (`EngineContext.chain(after:…)`), and `commitments` the session's trees
    /// (`EngineContext.fleetProofs(after:signer:)`). Throws when the record does not fit.
    mutating func apply(
        _ record: Record, with applying: Applying, match: AnyMatch? = nil, views: StateViews? = nil,
        digests: CopyDigests? = nil, commitments: [Int: FleetCommitment] = [:]
    ) throws(EngineError) -> AppliedCounts {
        var counts = AppliedCounts()
        switch record {
        case let .joined(_, seq, account, role):
            try append(.joined(account, role), seq: seq)
            members.append(account)
            if role == .spectator { spectators.insert(account) }
            if !everyone.contains(account) {
                everyone.append(account)
                addToDirectories(account, with: applying.context.identifiers)
            }
        case let .left(_, seq, account):
            try append(.left(account, role(of: account)), seq: seq)
            members.removeAll { $0 == account }
            spectators.remove(account)
        case let .removed(_, seq, account):
            try append(.removed(account, role(of: account)), seq: seq)
            members.removeAll { $0 == account }
            spectators.remove(account)
            barred.insert(account)
        case let .readmitted(_, account):
            barred.remove(account)
        case let .accepted(move):
            counts = try applyAccepted(move, with: applying, match: match, views: views, digests: digests, commitments: commitments)
        case let .timedOut(_, seq, session, _):
            counts = try applyTimeout(seq: seq, session: session, with: applying)
        case let .ended(_, seq, session, _):
            counts = try applyEnd(seq: seq, session: session, with: applying)
        case let .resigned(_, seq, session, account, _):
            counts = try applyResignation(seq: seq, session: session, by: account, with: applying)
        case let .memberRenamed(_, seq, account, name, _):
            try append(.renamed(account, name, role(of: account)), seq: seq)
        case let .paired(_, seq, pairing, _):
            try append(.paired(pairing), seq: seq)
            self.pairing = pairing
        case let .rated(_, seq, _, changes, _):
            try append(.rated(changes), seq: seq)
        case let .aborted(_, seq, _):
            try append(.aborted, seq: seq)
            pairing?.aborted = true
        case let .chat(_, seq, account, text, _):
            try append(.chat(account, text, role(of: account)), seq: seq)
        case let .sticker(_, seq, account, sticker, _):
            try append(.sticker(account, sticker, role(of: account)), seq: seq)
            if recentStickers.count >= Self.stickersKept, let oldest = recentStickers.min(by: { $0.value < $1.value }) {
                recentStickers[oldest.key] = nil
            }
            recentStickers[sticker.id] = seq
        case .conversationCreated, .renamed, .downtime, .ratingChanged, .sought, .unsought:
            throw .corrupt("a record of no one conversation applied to \(id)")
        }
        return counts
    }

    private mutating func applyAccepted(
        _ move: AcceptedMove, with applying: Applying, match prepared: AnyMatch?, views: StateViews?, digests: CopyDigests?,
        commitments: [Int: FleetCommitment]
    ) throws(EngineError) -> AppliedCounts {
        var session: Session
        if let existing = sessions[move.session] {
            session = existing
        } else {
            let game = try Self.corruptOnViolation { () throws(RuleViolation) in
                try applying.context.catalog.game(move.game, variant: move.variant)
            }
            session = Session(id: move.session, game: game, match: game.newMatch(), seats: [], lastSeq: 0, turnClock: .stopped)
            session.secondsPerMove = move.secondsPerMove
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
                spectator: members.contains { !session.seats.contains($0) }
                    ? QueryString.format(session.match.state(for: nil)) : nil),
            digests: digests, seats: session.seats, turn: session.match.turn, outcome: session.match.outcome,
            prompt: session.match.prompt)
        session.newestMessage = Entry(seq: move.seq, kind: .message(entry))
        let counts = AppliedCounts(
            moves: 1, gamesStarted: move.moveCount == 1 ? 1 : 0, gamesFinished: session.isFinished ? 1 : 0)
        sessions[move.session] = session
        try append(.message(entry), seq: move.seq)
        if session.isFinished { retireFinishedSessions(applying) }
        sent[move.sender, default: RecentSends()].record(move.request, seq: move.seq, session: move.session, proposal: move.proposal)
        return counts
    }

    private mutating func applyEnd(seq: Int, session id: SessionID, with applying: Applying) throws(EngineError) -> AppliedCounts {
        guard var session = sessions[id] else { throw .corrupt("an end of unknown session \(id.uuidString)") }
        do { try session.match.end() } catch { throw .corrupt("an end of a finished session \(id.uuidString)") }
        try append(.ended(stop(session, late: nil, with: applying)), seq: seq)
        retireFinishedSessions(applying)
        return AppliedCounts(gamesFinished: 1)
    }

    private mutating func applyResignation(
        seq: Int, session id: SessionID, by account: AccountID, with applying: Applying
    ) throws(EngineError) -> AppliedCounts {
        guard var session = sessions[id] else { throw .corrupt("a resignation in unknown session \(id.uuidString)") }
        guard let seat = session.seat(of: account) else {
            throw .corrupt("a resignation by an account with no seat in session \(id.uuidString)")
        }
        do { try session.match.resign(seat) } catch { throw .corrupt("a resignation refused by the rules: \(error.reason)") }
        try append(.resigned(stop(session, late: account, with: applying)), seq: seq)
        retireFinishedSessions(applying)
        return AppliedCounts(gamesFinished: 1)
    }

    private mutating func applyTimeout(seq: Int, session id: SessionID, with applying: Applying) throws(EngineError) -> AppliedCounts {
        guard var session = sessions[id] else { throw .corrupt("a timeout in unknown session \(id.uuidString)") }
        let late: AccountID?
        do {
            switch try session.match.timeOut() {
            case let .forfeited(seat): late = session.seats.indices.contains(seat.index) ? session.seats[seat.index] : nil
            case let .skipped(after: seat): late = seat.flatMap { session.seats.indices.contains($0.index) ? session.seats[$0.index] : nil }
            }
        } catch {
            throw .corrupt("a timeout in a finished session \(id.uuidString)")
        }
        let finished = session.isFinished
        try append(.timeout(stop(session, late: late, with: applying)), seq: seq)
        retireFinishedSessions(applying)
        return AppliedCounts(gamesFinished: finished ? 1 : 0)
    }

    /// Stops a session's clock after a timeout or an end, keeps the session, and returns the
    /// entry that records where it stands.
    private mutating func stop(_ session: Session, late: AccountID?, with applying: Applying) -> TimeoutEntry {
        var session = session
        session.turnClock = .stopped
        sessions[session.id] = session
        return TimeoutEntry(
            session: session.id, game: session.game, late: late, seats: session.seats, turn: session.match.turn,
            outcome: session.match.outcome, moveCount: session.match.moveCount, prompt: session.match.prompt,
            reveal: applying.context.fleetReveal(of: session))
    }

    private mutating func retireFinishedSessions(_ applying: Applying) {
        guard let kept = applying.retiredKept else { return }
        retireFinishedSessions(keeping: kept)
    }

    private mutating func append(_ kind: Entry.Kind, seq: Int) throws(EngineError) {
        guard seq == lastSeq + 1 else { throw .corrupt("seq \(seq) after \(lastSeq) in \(id)") }
        append(Entry(seq: seq, kind: kind))
    }

    /// Adds a newcomer to each viewer's directory and makes the newcomer's own: one identifier
    /// for each member and the newcomer's, not every pair again.
    private mutating func addToDirectories(_ newcomer: AccountID, with identifiers: ParticipantIdentifiers) {
        var kept = directories
        directories = [:]
        for viewer in Array(kept.keys) {
            kept[viewer]?.add(newcomer, as: identifiers.id(of: newcomer, seenBy: InstallID(rawValue: viewer.rawValue)))
        }
        kept[newcomer] = identifiers.directory(for: InstallID(rawValue: newcomer.rawValue), members: everyone)
        directories = kept
    }

    mutating func rebuildDirectories(with identifiers: ParticipantIdentifiers) {
        let everyone = everyone
        directories = Dictionary(uniqueKeysWithValues: everyone.map { viewer in
            (viewer, identifiers.directory(for: InstallID(rawValue: viewer.rawValue), members: everyone))
        })
    }

    private static func corruptOnViolation<T>(_ body: () throws(RuleViolation) -> T) throws(EngineError) -> T {
        do { return try body() } catch { throw .corrupt(error.reason) }
    }
}
