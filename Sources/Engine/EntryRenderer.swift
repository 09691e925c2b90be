import GameRules
import Transcript
import Wire

/// What `Engine.writeFrame(ofEntry:in:for:into:)` wrote: the entry's event, or the error that
/// says it cannot be rendered for that member.
public enum WrittenFrame {
    case event
    case unrenderable(ErrorFrame)
}

/// A turn's deadline in a rendered message: the live conversation's (what a member is sent
/// the moment an entry is decided), or one given (a backlog, rendered from a scratch
/// conversation, writes the deadlines the live one has now).
enum RenderedDeadline {
    case live
    case given(Int64?)
}

/// Each member's view of a conversation entry: their own identifiers, the state as their seat
/// may see it, and a URL of this server. The one renderer: it writes every entry a member
/// receives, live, in a resume, in a backlog and as a stale rejection's `current`
/// (`writeEntry(_:of:for:deadline:into:)`); what wants a value (`frame(ofEntry:of:for:deadline:)`)
/// reads back the bytes it wrote. It reads the conversation, the names and the settings it is
/// given, and changes nothing: the engine makes one over what it holds (`Engine.renderer`).
struct EntryRenderer {
    let context: EngineContext
    /// The turns' timeouts and the server's downtimes, for a running turn's deadline.
    let timing: TurnTiming
    /// Every account's display name.
    let names: Layered<AccountID, String>

    /// The frame `writeEntry` writes, read back.
    func frame(ofEntry seq: Int, of conversation: Conversation, for viewer: AccountID,
               deadline: RenderedDeadline = .live) -> ServerFrame? {
        var writer = FrameWriter()
        guard writeEntry(seq, of: conversation, for: viewer, deadline: deadline, into: &writer) != nil else { return nil }
        // The renderer writes only frames the reader reads back as they were.
        return try? ServerFrame(json: String(decoding: writer.bytes, as: UTF8.self))
    }

    /// The renderer: what `viewer` is sent for the entry `seq` of `conversation`.
    func writeEntry(
        _ seq: Int, of conversation: Conversation, for viewer: AccountID, deadline: RenderedDeadline = .live,
        into writer: inout FrameWriter
    ) -> WrittenFrame? {
        guard let entry = conversation.entry(seq) else { return nil }
        do throws(EngineError) {
            guard case let .message(message) = entry.kind else {
                var event = try event(of: entry, seq: seq, in: conversation, for: viewer)
                if case let .given(given) = deadline, event.status != nil { event.status?.deadline = given }
                writer.write(.event(event))
                return .event
            }
            var (parts, translation) = try messageParts(message, in: conversation, for: viewer)
            if case let .given(given) = deadline { parts.status.deadline = given }
            // The sender's own copy is in the sender's identifiers already: the server wrote its
            // texts with the sender's token.
            if viewer == message.move.sender {
                _ = writer.messageEvent(parts)
                return .event
            }
            // The sender's account is known: the viewer's identifier for it, without a round trip.
            guard let sender = translation.to.id(for: message.move.sender) else { throw untranslatable(message) }
            parts.sender = sender
            guard writer.messageEvent(parts, translatingTokens: translation.token) else { throw untranslatable(message) }
            return .event
        } catch {
            writer.write(.error(error.frame))
            return .unrenderable(error.frame)
        }
    }

    /// The event of an entry that is no game message.
    private func event(of entry: Entry, seq: Int, in conversation: Conversation, for viewer: AccountID)
        throws(EngineError) -> Event
    {
        let id = conversation.id
        switch entry.kind {
        case let .joined(account, role):
            return Event(conversation: id, seq: seq, kind: .joined, participant: info(account, seenBy: viewer, role: role))
        case let .left(account, role):
            return Event(conversation: id, seq: seq, kind: .left, participant: info(account, seenBy: viewer, role: role))
        case let .removed(account, role):
            return Event(conversation: id, seq: seq, kind: .removed, participant: info(account, seenBy: viewer, role: role))
        case let .renamed(account, name, role):
            // The name it took then, whatever it is called now.
            return Event(conversation: id, seq: seq, kind: .renamed, participant: ParticipantInfo(
                id: participant(account, seenBy: viewer, in: conversation), name: name, role: role, bot: account == .houseBot))
        case let .chat(account, text, role):
            return Event(conversation: id, seq: seq, kind: .chat, participant: info(account, seenBy: viewer, role: role), text: text)
        case let .sticker(account, sticker, role):
            return stickerEvent(sticker, by: account, role: role, in: id, seq: seq, for: viewer)
        case let .paired(pairing):
            return Event(conversation: id, seq: seq, kind: .paired, pairing: PairingInfo(
                game: pairing.game, variant: pairing.variant, secondsPerMove: pairing.secondsPerMove, rated: pairing.rated,
                players: pairing.players.map { participant($0, seenBy: viewer, in: conversation) }, ratings: pairing.ratings,
                startBy: pairing.since.map { Int64((($0.timeIntervalSince1970 + Double(pairing.secondsPerMove)) * 1000).rounded()) }))
        case .aborted:
            return Event(conversation: id, seq: seq, kind: .aborted)
        case let .rated(changes):
            return Event(conversation: id, seq: seq, kind: .rated, ratings: changes.map { change in
                RatingInfo(
                    participant: participant(change.account, seenBy: viewer, in: conversation), game: change.game,
                    variant: change.variant, result: change.score == 1 ? .win : change.score == 0 ? .loss : .draw,
                    before: RatingValue(change.before), after: RatingValue(change.after))
            })
        case let .message(message):
            throw .unrenderable(conversation: id, seq: message.move.seq, why: "a game message is written from its parts")
        case let .timeout(timeout), let .ended(timeout), let .resigned(timeout):
            let kind: Event.Kind = switch entry.kind {
            case .ended: .ended
            case .resigned: .resigned
            default: .timeout
            }
            let seated = participants(timeout.seats, seenBy: viewer, in: conversation)
            let status = GameStatus(
                session: timeout.session.uuidString, game: timeout.game.id.rawValue, variant: timeout.game.variant.id,
                moves: timeout.moveCount, turn: turnInfo(timeout.turn, seated: seated),
                outcome: outcomeInfo(timeout.outcome, seated: seated), prompt: timeout.prompt,
                secondsPerMove: secondsPerMove(of: timeout.session, in: conversation))
            let reveal = timeout.reveal.flatMap { context.revealURL($0, of: timeout, for: timeout.seats.firstIndex(of: viewer)) }
            return Event(conversation: id, seq: seq, kind: kind, status: status,
                         participant: timeout.late.map { info($0, seenBy: viewer) }, reveal: reveal)
        }
    }

    /// A message's parts as its sender sees them, and the translation from its sender's
    /// identifiers to `viewer`'s.
    private func messageParts(_ entry: MessageEntry, in conversation: Conversation, for viewer: AccountID) throws(EngineError)
        -> (parts: MessageEventParts, translation: Translation)
    {
        let move = entry.move
        let seat = entry.seats.firstIndex(of: viewer)
        let query = try context.signedQuery(of: entry, for: seat)
        guard let from = conversation.directories[move.sender], let to = conversation.directories[viewer] else {
            throw .unrenderable(conversation: conversation.id, seq: move.seq, why: "no identifiers for its sender or for you")
        }
        let seated = participants(entry.seats, seenBy: viewer, in: conversation)
        // The session looked up once, for its deadline and its time a move.
        let session = conversation.sessions.index(forKey: move.session).map { conversation.sessions.values[$0] }
        let status = GameStatus(
            session: move.session.uuidString, game: move.game.rawValue, variant: move.variant, moves: move.moveCount,
            turn: turnInfo(entry.turn, seated: seated), outcome: outcomeInfo(entry.outcome, seated: seated), prompt: entry.prompt,
            deadline: session.flatMap { runningDeadline(of: move, in: $0, of: conversation) },
            secondsPerMove: conversation.pairing?.secondsPerMove ?? session?.secondsPerMove)
        let texts = move.texts
        let parts = MessageEventParts(
            conversation: conversation.id, seq: move.seq, game: move.game.rawValue, publicURL: context.configuration.publicURL,
            query: query, session: move.session.id, caption: texts.caption, subcaption: texts.subcaption,
            trailingCaption: texts.trailingCaption, trailingSubcaption: texts.trailingSubcaption, summary: texts.summary,
            accessibilityLabel: texts.accessibilityLabel, sender: participant(move.sender, seenBy: move.sender, in: conversation),
            status: status)
        return (parts, Translation(from: from, to: to))
    }

    /// When the turn after `move` runs out, while `move` is its session's newest message and
    /// the session's clock runs: milliseconds since 1970.
    private func runningDeadline(of move: AcceptedMove, in session: Session, of conversation: Conversation) -> Int64? {
        guard session.lastSeq == move.seq, let deadline = session.deadline(in: conversation.id, timing: timing.of(conversation))
        else { return nil }
        return Int64((deadline.at.timeIntervalSince1970 * 1000).rounded())
    }

    /// The seconds each turn of `session` has when chosen (the pairing's, else its first
    /// message's), as `TurnTiming` times them; `nil` too once a finished session is let go.
    private func secondsPerMove(of session: SessionID, in conversation: Conversation) -> Int? {
        conversation.pairing?.secondsPerMove ?? conversation.sessions[session]?.secondsPerMove
    }

    private func untranslatable(_ entry: MessageEntry) -> EngineError {
        .unrenderable(conversation: entry.move.conversation, seq: entry.move.seq, why: "its participant tokens do not translate")
    }

    /// The identifiers under which `viewer` knows the accounts at `seats`, in seat order. A loop,
    /// not a closure: a closure would hold a copy of the conversation.
    private func participants(_ seats: [AccountID], seenBy viewer: AccountID, in conversation: Conversation) -> [ParticipantID] {
        var seated: [ParticipantID] = []
        seated.reserveCapacity(seats.count)
        for account in seats { seated.append(participant(account, seenBy: viewer, in: conversation)) }
        return seated
    }

    /// `seated`: the identifiers of the accounts at the seats, as the viewer knows them.
    private func turnInfo(_ turn: Turn, seated: [ParticipantID]) -> TurnInfo {
        switch turn {
        case let .seat(seat) where seat.index < seated.count:
            return TurnInfo(kind: .player, participants: [seated[seat.index]])
        case .seat:
            // A seat nobody holds yet: any member without a seat may take it.
            return TurnInfo(kind: .anyoneExcept, participants: seated)
        case let .anyoneExcept(seat):
            return TurnInfo(kind: .anyoneExcept, participants: seat.index < seated.count ? [seated[seat.index]] : [])
        case .anyone:
            return TurnInfo(kind: .anyone)
        case .nobody:
            return TurnInfo(kind: .nobody)
        }
    }

    /// Seats nobody holds (a guesser who never came) are left out of the lists.
    private func outcomeInfo(_ outcome: Outcome, seated: [ParticipantID]) -> OutcomeInfo {
        guard case let .finished(winners, losers) = outcome else { return OutcomeInfo(finished: false) }
        let held = { (seat: Seat) in seat.index < seated.count }
        return OutcomeInfo(
            finished: true, winners: winners.sorted().filter(held).map { seated[$0.index] },
            losers: losers.sorted().filter(held).map { seated[$0.index] })
    }

    func stickerEvent(
        _ sticker: StoredSticker, by account: AccountID, role: ParticipantRole, in conversation: ConversationID, seq: Int,
        for viewer: AccountID
    ) -> Event {
        Event(
            conversation: conversation, seq: seq, kind: .sticker, participant: info(account, seenBy: viewer, role: role),
            sticker: sticker.sticker(at: context.configuration.publicURL))
    }

    private func participant(_ subject: AccountID, seenBy viewer: AccountID, in conversation: Conversation) -> ParticipantID {
        conversation.participant(subject, seenBy: viewer, identifiers: context.identifiers)
    }

    private func info(_ subject: AccountID, seenBy viewer: AccountID, role: ParticipantRole = .player) -> ParticipantInfo {
        ParticipantInfo(
            id: context.identifiers.id(of: subject, seenBy: InstallID(rawValue: viewer.rawValue)), name: names[subject], role: role,
            bot: subject == .houseBot)
    }
}
