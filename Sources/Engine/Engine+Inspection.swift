import Foundation
import GameRules
import Transcript
import Wire

/// What an operator sees: every game with server-side account ids, names and true states.
/// Nothing here is ever sent to a player.
extension Engine {
    /// Every game of every conversation in memory (those in use lately), the newest move first.
    public func adminGames() -> [SessionSummary] {
        conversations.values.flatMap { conversation in
            conversation.sessions.values.map { adminGame($0, in: conversation) }
        }
        .sorted { ($0.lastMove ?? .distantPast, $0.session) > ($1.lastMove ?? .distantPast, $1.session) }
    }

    /// One game as the games list shows it; `session` is its id as the admin API lists it.
    public func adminGame(_ session: String) -> SessionSummary? {
        guard let (state, conversation) = find(session) else { return nil }
        return adminGame(state, in: conversation)
    }

    /// One game of conversation `id` (in memory) with its log, from the records of its session
    /// from its first message on, in order (records of other sessions are passed over, so the
    /// whole conversation's will do): a finished game the conversation no longer holds is worked
    /// out from them too. `nil` when the records hold no message of the session.
    public func adminGame(_ session: SessionID, in id: ConversationID, from records: some Sequence<Record>) throws(EngineError)
        -> AdminGameDetail?
    {
        guard let conversation = conversations[id] else { return nil }
        var followed = StoredSession(id: session)
        var log: [AdminMove] = []
        for record in records where StoredSession.id(of: record) == session {
            try followed.follow(record, catalog: catalog)
            if let move = adminMove(record, late: followed.late) { log.append(move) }
        }
        if let state = conversation.sessions[session] {
            return AdminGameDetail(
                game: adminGame(state, in: conversation), state: QueryString.format(state.match.trueState), log: log)
        }
        guard let match = followed.match, let newest = followed.newestMove else { return nil }
        let game = adminGame(
            Played(id: session, game: newest.game.rawValue, variant: newest.variant, seats: followed.seats, match: match,
                   startedAt: followed.startedAt, lastMoveAt: newest.at),
            in: conversation)
        return AdminGameDetail(game: game, state: QueryString.format(match.trueState), log: log)
    }

    /// A game of conversation `id` (in memory) as the games list shows it, if the conversation
    /// still holds it.
    public func adminGame(_ session: SessionID, in id: ConversationID) -> SessionSummary? {
        guard let conversation = conversations[id], let state = conversation.sessions[session] else { return nil }
        return adminGame(state, in: conversation)
    }

    private func find(_ session: String) -> (Session, Conversation)? {
        guard let id = SessionID(uuidString: session), let conversation = residentConversation(of: id),
            let state = conversation.sessions[id]
        else { return nil }
        return (state, conversation)
    }

    /// The conversation a session belongs to, if it is in memory (the store's index knows the
    /// others). A walk over the conversations in memory: for the admin and the operator, off the
    /// path of moves.
    public func conversation(ofSession session: String) -> ConversationID? {
        SessionID(uuidString: session).flatMap { residentConversation(of: $0)?.id }
    }

    func residentConversation(of session: SessionID) -> Conversation? {
        conversations.values.first { $0.sessions[session] != nil || $0.retired.contains(session) }
    }

    /// What the games list says of a game, from its session in memory or from its records.
    private struct Played {
        var id: SessionID
        var game: String
        var variant: String
        var seats: [AccountID]
        var match: AnyMatch
        var startedAt: Date?
        var lastMoveAt: Date?
    }

    private func adminGame(_ session: Session, in conversation: Conversation) -> SessionSummary {
        adminGame(
            Played(id: session.id, game: session.game.id.rawValue, variant: session.game.variant.id, seats: session.seats,
                   match: session.match, startedAt: session.startedAt, lastMoveAt: session.lastMoveAt),
            in: conversation)
    }

    private func adminGame(_ session: Played, in conversation: Conversation) -> SessionSummary {
        let isFinished = session.match.outcome.isFinished
        let participants = conversation.members.map { account in
            AdminParticipant(
                account: account.rawValue, name: directory.names[account], seat: session.seats.firstIndex(of: account),
                role: conversation.role(of: account))
        }
        let players = conversation.spectators.isEmpty ? conversation.members : conversation.members.filter {
            !conversation.spectators.contains($0)
        }
        let (turn, accounts) = turnWords(session.match.turn, seats: session.seats, members: players)
        var winners: [String] = []
        if case let .finished(won, _) = session.match.outcome {
            winners = won.sorted().compactMap { session.seats.indices.contains($0.index) ? session.seats[$0.index].rawValue : nil }
        }
        return SessionSummary(
            conversation: conversation.id, session: session.id.uuidString, game: session.game,
            variant: session.variant, participants: participants,
            turn: isFinished ? "nobody (finished)" : turn, turnAccounts: accounts,
            finished: isFinished, winners: winners, moves: session.match.moveCount,
            started: session.startedAt, lastMove: session.lastMoveAt)
    }

    private func turnWords(_ turn: Turn, seats: [AccountID], members: [AccountID]) -> (String, [String]) {
        let name = { (account: AccountID) in self.directory.names[account] ?? String(account.rawValue.prefix(12)) }
        switch turn {
        case let .seat(seat) where seat.index < seats.count:
            return (name(seats[seat.index]), [seats[seat.index].rawValue])
        case .seat:
            let free = members.filter { !seats.contains($0) }
            return ("anyone without a seat", free.map(\.rawValue))
        case let .anyoneExcept(seat):
            let except = seat.index < seats.count ? seats[seat.index] : nil
            return ("anyone but \(except.map(name) ?? "nobody")", members.filter { $0 != except }.map(\.rawValue))
        case .anyone:
            return ("anyone", members.map(\.rawValue))
        case .nobody:
            return ("nobody", [])
        }
    }

    /// The log entry `seq` of a conversation as the admin log shows it, if it is a game's.
    public func adminMove(conversation id: ConversationID, seq: Int) -> AdminMove? {
        guard let conversation = conversations[id], let entry = conversation.entry(seq) else { return nil }
        return adminMove(entry, of: nil)
    }

    /// A stored record of a session as the admin log shows it; `late` is who it names as out of
    /// time (`StoredSession.late`). `nil` for a record that is no move, timeout, end or resignation.
    private func adminMove(_ record: Record, late: AccountID?) -> AdminMove? {
        switch record {
        case let .accepted(move):
            return adminMove(move)
        case let .timedOut(_, seq, _, _):
            return timeoutMove(seq: seq, late: late)
        case let .ended(_, seq, _, _):
            return endedMove(seq: seq)
        case let .resigned(_, seq, _, account, _):
            return resignedMove(seq: seq, late: account)
        default:
            return nil
        }
    }

    private func adminMove(_ move: AcceptedMove) -> AdminMove {
        let token = participant(move.sender, seenBy: move.sender).token
        let name = directory.names[move.sender] ?? "someone"
        return AdminMove(
            seq: move.seq, kind: "move", seat: move.seat, account: move.sender.rawValue, name: directory.names[move.sender],
            state: move.state, caption: move.texts.caption.replacingOccurrences(of: token, with: name), at: move.at)
    }

    private func timeoutMove(seq: Int, late: AccountID?) -> AdminMove {
        let words = late.map { directory.names[$0] ?? $0.rawValue } ?? "nobody"
        return AdminMove(
            seq: seq, kind: "timeout", seat: nil, account: late?.rawValue, name: late.flatMap { directory.names[$0] },
            state: "", caption: "Time ran out for \(words)", at: nil)
    }

    private func endedMove(seq: Int) -> AdminMove {
        AdminMove(seq: seq, kind: "ended", seat: nil, account: nil, name: nil, state: "", caption: "The operator ended the game", at: nil)
    }

    private func resignedMove(seq: Int, late: AccountID?) -> AdminMove {
        let who = late.map { directory.names[$0] ?? $0.rawValue } ?? "a player"
        return AdminMove(
            seq: seq, kind: "resigned", seat: nil, account: late?.rawValue, name: late.flatMap { directory.names[$0] }, state: "",
            caption: "\(who) resigned", at: nil)
    }

    /// An entry as an admin move when it belongs to `session` (to any session when `nil`).
    private func adminMove(_ entry: Entry, of session: SessionID?) -> AdminMove? {
        switch entry.kind {
        case let .message(message) where session == nil || message.move.session == session:
            return adminMove(message.move)
        case let .timeout(timeout) where session == nil || timeout.session == session:
            return timeoutMove(seq: entry.seq, late: timeout.late)
        case let .ended(ended) where session == nil || ended.session == session:
            return endedMove(seq: entry.seq)
        case let .resigned(resigned) where session == nil || resigned.session == session:
            return resignedMove(seq: entry.seq, late: resigned.late)
        default:
            return nil
        }
    }
}
