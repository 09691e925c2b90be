import Fairness
import GameCatalog
import Foundation
import GameRules
import Transcript
import Wire

/// A game message decided by its conversation: checked against its session's authoritative
/// state, signed, and made the record to store; or refused, changing nothing.
extension Conversation {
    /// What deciding a move worked out that applying it needs again: the match after the move
    /// (which spares decoding its state again), its views, the digests of its signed copies and
    /// the session's fleet trees.
    struct DecidedMove {
        let match: AnyMatch
        let views: StateViews
        let digests: CopyDigests?
        let commitments: [Int: FleetCommitment]
    }

    /// What the conversation decided for a `send`.
    struct SentDecided {
        /// The accepted move's record, or none when the send is refused or answered again.
        var move: AcceptedMove?
        /// What applying `move` takes from its decision.
        var work: DecidedMove?
        /// What the sender is answered. A stale send's refusal carries the session's current
        /// message, which the engine renders for the sender: `stale` is its seq.
        var reply: ServerFrame
        var stale: Int?
    }

    /// The decision of `request` by `account` at `now`: the move to store, the first answer
    /// again for a message sent twice, or why it is refused. `random` makes a new game's
    /// session id. Reads the conversation and changes nothing.
    func decide(
        _ request: ClientFrame.Send, by account: AccountID, at now: Date, context: EngineContext,
        random: inout some RandomNumberGenerator
    ) -> SentDecided {
        let configuration = context.configuration
        guard members.contains(account) else {
            return .refused(request, EngineError.unknownConversation(request.conversation).frame)
        }
        guard !spectators.contains(account) else { return .refused(request, EngineError.spectator.frame) }
        if let earlier = sent[account]?.find(request.id) {
            // An id used before for another message: refused, rather than answered as a repeat
            // and the new message silently dropped.
            if let first = earlier.proposal, first != request.proposalDigest {
                return .refused(request, EngineError.idReused(request.id).frame)
            }
            // The same message again, after a dropped connection: the first answer, nothing applied.
            return SentDecided(reply: .accepted(.init(
                id: request.id, conversation: id, seq: earlier.seq, session: earlier.session.uuidString)))
        }
        guard request.url.utf8.count <= configuration.maxURLLength else {
            return .refused(request, EngineError.urlTooLong(configuration.maxURLLength).frame)
        }
        // A conversation made by pairing opens with the game its players sought, started by
        // the first of them.
        if let pairing, !pairing.aborted, request.session == nil, sessions.isEmpty, retired.isEmpty,
            request.game != pairing.game || account != pairing.players.first
                || (try? context.catalog.game(GameID(rawValue: request.game), variant: request.variant))?.variant.id != pairing.variant
        {
            let first = account == pairing.players.first
            return .refused(request, EngineError.pairedGame(pairing, first: first).frame)
        }
        // A new game's time a move is one the server offers; a paired conversation's games
        // keep the pairing's.
        let secondsPerMove = request.session == nil && pairing == nil ? request.secondsPerMove : nil
        if let seconds = secondsPerMove, !configuration.timeControls.contains(seconds) {
            return .refused(request, EngineError.timeControl(configuration.timeControls).frame)
        }
        var session: Session
        do {
            session = try openSession(for: request, catalog: context.catalog, random: &random)
        } catch {
            var refused = SentDecided.refused(request, error.frame)
            refused.stale = error.staleSeq
            return refused
        }
        let seat = session.seat(of: account) ?? Seat(session.seats.count)
        let mover = participant(account, seenBy: account, identifiers: context.identifiers).token
        let step: AnyStep
        do {
            step = try session.match.propose(
                url: ProofItems.removed(from: request.url), shown: session.shownQuery(for: seat), by: seat, mover: mover)
        } catch {
            return .refused(request, ErrorFrame(error))
        }
        let states = context.states(of: session.match, seats: max(session.seats.count, seat.index + 1))
        var views = states.views
        if let lie = configuration.lie { views = views.altered(by: lie, message: session.match.moveCount) }
        let fleets = configuration.signer.map { context.fleetProofs(after: session, signer: $0) }
        let proofs = fleets?.proofs
        // A spectator's copy is signed now only when a member holds no seat; otherwise when
        // one is first sent (`signedQuery(of:for:)`).
        let seated = session.seats + (seat.index == session.seats.count ? [account] : [])
        let watched = members.contains { !seated.contains($0) }
        let signed = configuration.signer.map {
            context.chain(
                after: session, views: views, proofs: proofs, moveCount: session.match.moveCount, signer: $0,
                signingSpectators: watched)
        }
        let move = AcceptedMove(
            conversation: id, seq: lastSeq + 1, session: session.id,
            game: session.game.id, variant: session.game.variant.id, sender: account, seat: seat.index,
            request: request.id, state: states.trueState,
            moveCount: session.match.moveCount, texts: step.texts, at: now, proposal: request.proposalDigest,
            chain: signed?.chain, proofs: proofs, secondsPerMove: session.match.moveCount == 1 ? secondsPerMove : nil)
        guard move.storedSizeBound <= configuration.maxRecordBytes else {
            return .refused(request, EngineError.tooLarge(configuration.maxRecordBytes).frame)
        }
        return SentDecided(
            move: move,
            work: DecidedMove(
                match: session.match, views: views, digests: signed?.digests, commitments: fleets?.commitments ?? [:]),
            reply: .accepted(.init(id: request.id, conversation: id, seq: move.seq, session: session.id.uuidString)))
    }

    /// The session a message continues, checked to be current, or a new one.
    private func openSession(
        for request: ClientFrame.Send, catalog: GameCatalog, random: inout some RandomNumberGenerator
    ) throws(Refusal) -> Session {
        guard let sessionID = request.session else {
            do {
                let game = try catalog.game(GameID(rawValue: request.game), variant: request.variant)
                return Session(
                    id: SessionID(UUID.random(using: &random)), game: game, match: game.newMatch(), seats: [], lastSeq: 0,
                    turnClock: .stopped)
            } catch {
                throw Refusal(frame: ErrorFrame(error))
            }
        }
        if let id = SessionID(uuidString: sessionID), retired.contains(id) {
            throw Refusal(frame: ErrorFrame(RuleViolation.gameOver))
        }
        guard let id = SessionID(uuidString: sessionID), let session = sessions[id] else {
            throw Refusal(frame: EngineError.unknownSession(sessionID).frame)
        }
        guard session.game.id.rawValue == request.game else {
            throw Refusal(frame: EngineError.wrongGame(session: session.game.id, sent: request.game).frame)
        }
        guard let basedOn = request.basedOn else { throw Refusal(frame: EngineError.basedOnRequired.frame) }
        // A finished game takes no move, whatever it answers: over, not stale.
        guard !session.isFinished else { throw Refusal(frame: ErrorFrame(RuleViolation.gameOver)) }
        guard basedOn == session.lastSeq else {
            throw Refusal(frame: EngineError.stale(basedOn: basedOn, current: session.lastSeq).frame,
                          staleSeq: session.lastSeq)
        }
        return session
    }

    /// `viewer`'s identifier for `subject`: from the conversation's cached directories when it
    /// has them, which spares an HMAC per identifier on every event rendered.
    func participant(_ subject: AccountID, seenBy viewer: AccountID, identifiers: ParticipantIdentifiers) -> ParticipantID {
        directories[viewer]?.id(for: subject) ?? identifiers.id(of: subject, seenBy: InstallID(rawValue: viewer.rawValue))
    }
}

extension Conversation.SentDecided {
    static func refused(_ request: ClientFrame.Send, _ error: ErrorFrame) -> Self {
        Self(reply: .rejected(.init(id: request.id, error: error)))
    }
}

extension AcceptedMove {
    /// At least the bytes of the stored record: JSON writes no character of these strings in
    /// more than six bytes (`\u001f`), and the rest of the record (ids, numbers, keys, a date)
    /// is well under 2 KB.
    var storedSizeBound: Int {
        let texts = [texts.caption, texts.subcaption, texts.trailingCaption, texts.trailingSubcaption,
                     texts.summary, texts.accessibilityLabel].reduce(0) { $0 + ($1?.utf8.count ?? 0) }
        return 2048 + 160 * (chain.map { $0.seats.count + 1 } ?? 0) + (proofs?.utf8.count ?? 0) + 6 * (state.utf8.count + request.utf8.count + variant.utf8.count + texts)
    }
}

/// Why a request was refused; a stale send names the session's current message.
struct Refusal: Error {
    let frame: ErrorFrame
    var staleSeq: Int? = nil
}
