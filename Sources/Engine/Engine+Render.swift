import GameRules
import Transcript
import Wire

/// What `Engine.writeFrame(ofEntry:in:for:into:)` wrote: the entry's event, or the error that
/// says it cannot be rendered for that member.
public enum WrittenFrame {
    case event
    case unrenderable(ErrorFrame)
}

/// Each member's view of a conversation entry: their own identifiers, the state as their
/// seat may see it, and a URL of this server.
extension Engine {
    /// The entry `seq` of a conversation as `viewer` receives it; `nil` if there is none, if
    /// it is no longer in memory (see `Decision.backlog`), or if it cannot be rendered (see
    /// `frame(ofEntry:in:for:)`, which says so).
    public func event(conversation id: ConversationID, seq: Int, for viewer: AccountID) -> Event? {
        guard let conversation = conversations[id], case let .success(event)? = rendering(in: conversation, seq: seq, for: viewer)
        else { return nil }
        return event
    }

    /// What `viewer` is sent for the entry `seq`: its event, or, when the entry cannot be
    /// rendered for them, an `unrenderable` error in its place, so that the gap in `seq` is
    /// never silent. `nil` if there is no such entry in memory.
    public func frame(ofEntry seq: Int, in id: ConversationID, for viewer: AccountID) -> ServerFrame? {
        guard let index = conversations.index(forKey: id) else { return nil }
        return frame(ofEntry: seq, in: conversations.values[index], for: viewer)
    }

    func frame(ofEntry seq: Int, in conversation: ConversationState, for viewer: AccountID) -> ServerFrame? {
        switch rendering(in: conversation, seq: seq, for: viewer) {
        case let .success(event)?: .event(event)
        case let .failure(error)?: .error(error.frame)
        case nil: nil
        }
    }

    func rendering(in conversation: ConversationState, seq: Int, for viewer: AccountID) -> Result<Event, EngineError>? {
        guard let entry = conversation.entry(seq) else { return nil }
        let id = conversation.id
        switch entry.kind {
        case let .joined(account, role):
            return .success(Event(conversation: id, seq: seq, kind: .joined, participant: info(account, seenBy: viewer, role: role)))
        case let .left(account, role):
            return .success(Event(conversation: id, seq: seq, kind: .left, participant: info(account, seenBy: viewer, role: role)))
        case let .removed(account, role):
            return .success(Event(conversation: id, seq: seq, kind: .removed, participant: info(account, seenBy: viewer, role: role)))
        case let .renamed(account, name, role):
            // The name it took then, whatever it is called now.
            return .success(Event(conversation: id, seq: seq, kind: .renamed, participant: ParticipantInfo(
                id: participant(account, seenBy: viewer, in: conversation), name: name, role: role)))
        case let .chat(account, text, role):
            return .success(Event(
                conversation: id, seq: seq, kind: .chat, participant: info(account, seenBy: viewer, role: role), text: text))
        case let .sticker(account, sticker, role):
            return .success(stickerEvent(sticker, by: account, role: role, in: id, seq: seq, for: viewer))
        case let .message(message):
            return Result { () throws(EngineError) -> Event in try render(message, in: conversation, for: viewer) }
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
                outcome: outcomeInfo(timeout.outcome, seated: seated), prompt: timeout.prompt)
            let reveal = timeout.reveal.flatMap { revealURL($0, of: timeout, for: timeout.seats.firstIndex(of: viewer)) }
            return .success(Event(conversation: id, seq: seq, kind: kind, status: status,
                                  participant: timeout.late.map { info($0, seenBy: viewer) }, reveal: reveal))
        }
    }

    private func render(_ entry: MessageEntry, in conversation: ConversationState, for viewer: AccountID) throws(EngineError) -> Event {
        let (parts, from, to) = try messageParts(entry, in: conversation, for: viewer)
        var event = parts.event
        // The sender's own copy is in the sender's identifiers already: the server wrote its
        // texts with the sender's token.
        guard viewer != entry.move.sender, let message = event.message else { return event }
        do {
            event.message = try message.translated(from: from, to: to)
        } catch {
            throw untranslatable(entry)
        }
        return event
    }

    /// Writes into `writer` what `viewer` is sent for the entry `seq`: byte for byte the frame
    /// `frame(ofEntry:in:for:)` gives, a game message written straight from its parts, with
    /// nothing built on the way. `nil`, with nothing written, when there is no such entry in
    /// memory.
    public func writeFrame(ofEntry seq: Int, in id: ConversationID, for viewer: AccountID, into writer: inout FrameWriter)
        -> WrittenFrame?
    {
        guard let index = conversations.index(forKey: id) else { return nil }
        return writeFrame(ofEntry: seq, in: conversations.values[index], for: viewer, into: &writer)
    }

    private func writeFrame(ofEntry seq: Int, in conversation: ConversationState, for viewer: AccountID, into writer: inout FrameWriter)
        -> WrittenFrame?
    {
        guard let entry = conversation.entry(seq) else { return nil }
        guard case let .message(message) = entry.kind else {
            guard let frame = frame(ofEntry: seq, in: conversation, for: viewer) else { return nil }
            writer.write(frame)
            if case let .error(error) = frame { return .unrenderable(error) }
            return .event
        }
        do throws(EngineError) {
            var (parts, from, to) = try messageParts(message, in: conversation, for: viewer)
            if viewer == message.move.sender {
                _ = writer.messageEvent(parts)
                return .event
            }
            // The sender's account is known: the viewer's identifier for it, without a round trip.
            guard let sender = to.id(for: message.move.sender) else { throw untranslatable(message) }
            parts.sender = sender
            guard writer.messageEvent(parts, translatingTokens: { from.account(for: $0).flatMap { to.id(for: $0) } }) else {
                throw untranslatable(message)
            }
            return .event
        } catch {
            writer.write(.error(error.frame))
            return .unrenderable(error.frame)
        }
    }

    /// A message's parts as its sender sees them, and the directories of identifiers of its
    /// sender and of `viewer`, which translate its texts for `viewer`.
    private func messageParts(_ entry: MessageEntry, in conversation: ConversationState, for viewer: AccountID) throws(EngineError)
        -> (parts: MessageEventParts, from: ViewerDirectory, to: ViewerDirectory)
    {
        let move = entry.move
        let seat = entry.seats.firstIndex(of: viewer)
        let query = try signedQuery(of: entry, for: seat)
        guard let from = conversation.directories[move.sender], let to = conversation.directories[viewer] else {
            throw .unrenderable(conversation: conversation.id, seq: move.seq, why: "no identifiers for its sender or for you")
        }
        let seated = participants(entry.seats, seenBy: viewer, in: conversation)
        let status = GameStatus(
            session: move.session.uuidString, game: move.game.rawValue, variant: move.variant, moves: move.moveCount,
            turn: turnInfo(entry.turn, seated: seated), outcome: outcomeInfo(entry.outcome, seated: seated), prompt: entry.prompt,
            deadline: runningDeadline(of: move, in: conversation))
        let texts = move.texts
        let parts = MessageEventParts(
            conversation: conversation.id, seq: move.seq, game: move.game.rawValue, publicURL: configuration.publicURL,
            query: query, session: move.session.id, caption: texts.caption, subcaption: texts.subcaption,
            trailingCaption: texts.trailingCaption, trailingSubcaption: texts.trailingSubcaption, summary: texts.summary,
            accessibilityLabel: texts.accessibilityLabel, sender: participant(move.sender, seenBy: move.sender, in: conversation),
            status: status)
        return (parts, from, to)
    }

    /// When the turn after `move` runs out, while `move` is its session's newest message and
    /// the session's clock runs: milliseconds since 1970.
    private func runningDeadline(of move: AcceptedMove, in conversation: ConversationState) -> Int64? {
        guard let index = conversation.sessions.index(forKey: move.session) else { return nil }
        let session = conversation.sessions.values[index]
        guard session.lastSeq == move.seq, let deadline = deadline(of: session, in: conversation.id) else { return nil }
        return Int64((deadline.at.timeIntervalSince1970 * 1000).rounded())
    }

    private func untranslatable(_ entry: MessageEntry) -> EngineError {
        .unrenderable(conversation: entry.move.conversation, seq: entry.move.seq, why: "its participant tokens do not translate")
    }

    /// The state of a message as the seat `seat` (a spectator when `nil`) sees it: the view kept
    /// with the entry, or worked out again from the true state by the game's own view.
    func query(of entry: MessageEntry, for seat: Int?) throws(EngineError) -> String {
        if let views = entry.views, let query = seat.flatMap({ views.seats[$0] }) ?? views.spectator { return query }
        let move = entry.move
        do {
            let game = try catalog.game(move.game, variant: move.variant)
            return QueryString.format(try game.view(of: QueryString.items(in: move.state), for: seat.map(Seat.init)))
        } catch {
            throw .unrenderable(conversation: move.conversation, seq: move.seq, why: "its state no longer decodes: \(error)")
        }
    }

    /// The identifiers under which `viewer` knows the accounts at `seats`, in seat order. A loop,
    /// not a closure: a closure would hold a copy of the conversation.
    private func participants(_ seats: [AccountID], seenBy viewer: AccountID, in conversation: ConversationState) -> [ParticipantID] {
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
}
