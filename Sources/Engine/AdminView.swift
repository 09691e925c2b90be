import Foundation
import GameRules
import Transcript
import Wire

/// What an operator sees of a game: server-side account ids, names and the true state, and its
/// log. Nothing here is ever sent to a player. It reads the conversation and the names it is
/// given and changes nothing: the engine makes one over what it holds (`Engine.adminView`), and
/// the store's reads over a conversation loaded on their own task (`StoredReads`).
struct AdminView {
    let context: EngineContext
    /// Every account's display name.
    let names: Layered<AccountID, String>

    /// What the games list says of a game, from its session in memory or from its records.
    /// A game of `conversation` with its log, from the records of its session from its first
    /// message on, in order (others are passed over): a finished game the conversation no longer
    /// holds is worked out from them. `nil` when the records hold no message of the session.
    func detail(of session: SessionID, in conversation: Conversation, from records: some Sequence<Record>) throws(EngineError)
        -> AdminGameDetail?
    {
        var followed = StoredSession(id: session)
        var log: [AdminMove] = []
        for record in records where StoredSession.id(of: record) == session {
            try followed.follow(record, catalog: context.catalog)
            if let move = move(record, late: followed.late) { log.append(move) }
        }
        if let state = conversation.sessions[session] {
            return AdminGameDetail(
                game: summary(of: state, in: conversation), state: QueryString.format(state.match.trueState), log: log)
        }
        guard let match = followed.match, let newest = followed.newestMove else { return nil }
        let game = summary(
            of: Played(id: session, game: newest.game.rawValue, variant: newest.variant, seats: followed.seats, match: match,
                       startedAt: followed.startedAt, lastMoveAt: newest.at),
            in: conversation)
        return AdminGameDetail(game: game, state: QueryString.format(match.trueState), log: log)
    }

    struct Played {
        var id: SessionID
        var game: String
        var variant: String
        var seats: [AccountID]
        var match: AnyMatch
        var startedAt: Date?
        var lastMoveAt: Date?
    }

    func summary(of session: Session, in conversation: Conversation) -> SessionSummary {
        summary(
            of: Played(id: session.id, game: session.game.id.rawValue, variant: session.game.variant.id, seats: session.seats,
                   match: session.match, startedAt: session.startedAt, lastMoveAt: session.lastMoveAt),
            in: conversation)
    }

    func summary(of session: Played, in conversation: Conversation) -> SessionSummary {
        let isFinished = session.match.outcome.isFinished
        let participants = conversation.members.map { account in
            AdminParticipant(
                account: account.rawValue, name: names[account], seat: session.seats.firstIndex(of: account),
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
        let name = { (account: AccountID) in self.names[account] ?? String(account.rawValue.prefix(12)) }
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

    /// A stored record of a session as the admin log shows it; `late` is who it names as out of
    /// time (`StoredSession.late`). `nil` for a record that is no move, timeout, end or resignation.
    func move(_ record: Record, late: AccountID?) -> AdminMove? {
        switch record {
        case let .accepted(accepted):
            return move(accepted)
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

    private func move(_ move: AcceptedMove) -> AdminMove {
        let token = context.identifiers.id(of: move.sender, seenBy: InstallID(rawValue: move.sender.rawValue)).token
        let name = names[move.sender] ?? "someone"
        return AdminMove(
            seq: move.seq, kind: "move", seat: move.seat, account: move.sender.rawValue, name: names[move.sender],
            state: move.state, caption: move.texts.caption.replacingOccurrences(of: token, with: name), at: move.at)
    }

    private func timeoutMove(seq: Int, late: AccountID?) -> AdminMove {
        let words = late.map { names[$0] ?? $0.rawValue } ?? "nobody"
        return AdminMove(
            seq: seq, kind: "timeout", seat: nil, account: late?.rawValue, name: late.flatMap { names[$0] },
            state: "", caption: "Time ran out for \(words)", at: nil)
    }

    private func endedMove(seq: Int) -> AdminMove {
        AdminMove(seq: seq, kind: "ended", seat: nil, account: nil, name: nil, state: "", caption: "The operator ended the game", at: nil)
    }

    private func resignedMove(seq: Int, late: AccountID?) -> AdminMove {
        let who = late.map { names[$0] ?? $0.rawValue } ?? "a player"
        return AdminMove(
            seq: seq, kind: "resigned", seat: nil, account: late?.rawValue, name: late.flatMap { names[$0] }, state: "",
            caption: "\(who) resigned", at: nil)
    }

    /// An entry as the admin log shows it, if it is a game's.
    func move(_ entry: Entry) -> AdminMove? {
        switch entry.kind {
        case let .message(message):
            return move(message.move)
        case let .timeout(timeout):
            return timeoutMove(seq: entry.seq, late: timeout.late)
        case .ended:
            return endedMove(seq: entry.seq)
        case let .resigned(resigned):
            return resignedMove(seq: entry.seq, late: resigned.late)
        default:
            return nil
        }
    }
}
