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

    /// One game with its log, from every stored event of its conversation in order; a finished
    /// game no longer in memory is rebuilt from them too.
    public func adminGame(_ session: String, replaying stored: [Record]) throws(EngineError) -> AdminGameDetail? {
        guard let id = SessionID(uuidString: session), let conversation = residentConversation(of: id) else { return nil }
        var log: [AdminMove] = []
        let past = try loadScratch(stored, of: conversation) { scratch, seq in
            if let entry = scratch.entry(seq), let move = adminMove(entry, of: id) { log.append(move) }
        }
        guard let state = conversation.sessions[id] ?? past?.sessions[id] else { return nil }
        return AdminGameDetail(
            game: adminGame(state, in: conversation), state: QueryString.format(state.match.trueState), log: log)
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

    private func adminGame(_ session: Session, in conversation: Conversation) -> SessionSummary {
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
            conversation: conversation.id, session: session.id.uuidString, game: session.game.id.rawValue,
            variant: session.game.variant.id, participants: participants,
            turn: session.isFinished ? "nobody (finished)" : turn, turnAccounts: accounts,
            finished: session.isFinished, winners: winners, moves: session.match.moveCount,
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

    /// An entry as an admin move when it belongs to `session` (to any session when `nil`).
    private func adminMove(_ entry: Entry, of session: SessionID?) -> AdminMove? {
            switch entry.kind {
            case let .message(message) where session == nil || message.move.session == session:
                let move = message.move
                let token = participant(move.sender, seenBy: move.sender).token
                let name = directory.names[move.sender] ?? "someone"
                return AdminMove(
                    seq: entry.seq, kind: "move", seat: move.seat, account: move.sender.rawValue, name: directory.names[move.sender],
                    state: move.state, caption: move.texts.caption.replacingOccurrences(of: token, with: name), at: move.at)
            case let .timeout(timeout) where session == nil || timeout.session == session:
                let late = timeout.late.map { directory.names[$0] ?? $0.rawValue } ?? "nobody"
                return AdminMove(
                    seq: entry.seq, kind: "timeout", seat: nil, account: timeout.late?.rawValue, name: timeout.late.flatMap { directory.names[$0] },
                    state: "", caption: "Time ran out for \(late)", at: nil)
            case let .ended(ended) where session == nil || ended.session == session:
                return AdminMove(
                    seq: entry.seq, kind: "ended", seat: nil, account: nil, name: nil, state: "",
                    caption: "The operator ended the game", at: nil)
            case let .resigned(resigned) where session == nil || resigned.session == session:
                let who = resigned.late.map { directory.names[$0] ?? $0.rawValue } ?? "a player"
                return AdminMove(
                    seq: entry.seq, kind: "resigned", seat: nil, account: resigned.late?.rawValue,
                    name: resigned.late.flatMap { directory.names[$0] }, state: "", caption: "\(who) resigned", at: nil)
            default:
                return nil
            }
    }
}
