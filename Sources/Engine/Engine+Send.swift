import Fairness
import Foundation
import GameRules
import Transcript
import Wire

/// A game message: checked against its session's authoritative state, then stored and relayed.
extension Engine {
    mutating func send(
        _ request: ClientFrame.Send, by account: AccountID, now: Date, random: inout some RandomNumberGenerator
    ) -> Decision {
        // Everything read from the conversation is read in `decide`, whose copy of it ends
        // before the state changes: a copy alive across the change would make the change copy
        // the conversation's whole log and sessions.
        let decided = decide(request, by: account, now: now, random: &random)
        guard case let .move(move, session, views, digests, commitments, reply) = decided else {
            if case let .answer(decision) = decided { return decision }
            preconditionFailure("decide either answers or moves")
        }
        // The move's session, new or not, is written with the move: `apply` takes the match
        // the proposal was judged on.
        do { try apply(.accepted(move), match: session.match, views: views, digests: digests, commitments: commitments) } catch {
            preconditionFailure("a decided move must apply: \(error)")
        }
        var decision = Decision()
        decision.events = [.accepted(move)]
        decision.replies = [reply]
        decision.notify = [EntryReference(conversation: move.conversation, seq: move.seq)]
        if let deadline = deadline(ofSession: session.id, in: move.conversation) { decision.deadlines = [deadline] }
        return decision
    }

    private enum SendDecision {
        case answer(Decision)
        case move(AcceptedMove, Session, StateViews, CopyDigests?, [Int: FleetCommitment], ServerFrame)
    }

    private func decide(
        _ request: ClientFrame.Send, by account: AccountID, now: Date, random: inout some RandomNumberGenerator
    ) -> SendDecision {
        guard let conversation = conversations[request.conversation], conversation.members.contains(account) else {
            return .answer(reject(request, EngineError.unknownConversation(request.conversation).frame))
        }
        guard !conversation.spectators.contains(account) else { return .answer(reject(request, EngineError.spectator.frame)) }
        if let earlier = conversation.sent[account]?.find(request.id) {
            // An id used before for another message: refused, rather than answered as a repeat
            // and the new message silently dropped.
            if let first = earlier.proposal, first != request.proposalDigest {
                return .answer(reject(request, EngineError.idReused(request.id).frame))
            }
            // The same message again, after a dropped connection: the first answer, nothing applied.
            return .answer(.reply(.accepted(.init(id: request.id, conversation: conversation.id, seq: earlier.seq,
                                                  session: earlier.session.uuidString))))
        }
        guard request.url.utf8.count <= configuration.maxURLLength else {
            return .answer(reject(request, EngineError.urlTooLong(configuration.maxURLLength).frame))
        }
        var session: Session
        do {
            session = try openSession(for: request, in: conversation, random: &random)
        } catch {
            return .answer(reject(request, error.frame, current: error.staleSeq.flatMap {
                event(conversation: conversation.id, seq: $0, for: account)
            }))
        }
        let seat = session.seat(of: account) ?? Seat(session.seats.count)
        let mover = participant(account, seenBy: account, in: conversation).token
        let step: AnyStep
        do {
            step = try session.match.propose(
                url: ProofItems.removed(from: request.url), shown: session.shownQuery(for: seat), by: seat, mover: mover)
        } catch {
            return .answer(reject(request, ErrorFrame(error)))
        }
        var views = context.views(of: session.match, seats: max(session.seats.count, seat.index + 1))
        if let lie = configuration.lie { views = views.altered(by: lie, message: session.match.moveCount) }
        let fleets = configuration.signer.map { context.fleetProofs(after: session, signer: $0) }
        let proofs = fleets?.proofs
        // A spectator's copy is signed now only when a member holds no seat; otherwise when
        // one is first sent (`signedQuery(of:for:)`).
        let seated = session.seats + (seat.index == session.seats.count ? [account] : [])
        let spectators = conversation.members.contains { !seated.contains($0) }
        let signed = configuration.signer.map {
            context.chain(
                after: session, views: views, proofs: proofs, moveCount: session.match.moveCount, signer: $0,
                signingSpectators: spectators)
        }
        let move = AcceptedMove(
            conversation: conversation.id, seq: conversation.lastSeq + 1, session: session.id,
            game: session.game.id, variant: session.game.variant.id, sender: account, seat: seat.index,
            request: request.id, state: QueryString.format(session.match.trueState),
            moveCount: session.match.moveCount, texts: step.texts, at: now, proposal: request.proposalDigest,
            chain: signed?.chain, proofs: proofs)
        guard move.storedSizeBound <= configuration.maxRecordBytes else {
            return .answer(reject(request, EngineError.tooLarge(configuration.maxRecordBytes).frame))
        }
        return .move(move, session, views, signed?.digests, fleets?.commitments ?? [:], .accepted(.init(id: request.id, conversation: conversation.id, seq: move.seq,
                                                    session: session.id.uuidString)))
    }

    /// The session a message continues, checked to be current, or a new one.
    private func openSession(
        for request: ClientFrame.Send, in conversation: Conversation, random: inout some RandomNumberGenerator
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
        if let id = SessionID(uuidString: sessionID), conversation.retired.contains(id) {
            throw Refusal(frame: ErrorFrame(RuleViolation.gameOver))
        }
        guard let id = SessionID(uuidString: sessionID), let session = conversation.sessions[id] else {
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

    private func reject(_ request: ClientFrame.Send, _ error: ErrorFrame, current: Event? = nil) -> Decision {
        .reply(.rejected(.init(id: request.id, error: error, current: current)))
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

/// Why a send was refused; a stale one names the session's current message.
struct Refusal: Error {
    let frame: ErrorFrame
    var staleSeq: Int? = nil
}
