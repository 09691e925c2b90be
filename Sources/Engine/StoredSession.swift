import Foundation
import GameCatalog
import GameRules
import Transcript

/// One session followed through its stored records alone, in order, as loading its
/// conversation follows it (`Conversation.apply`): who holds each seat, the match, and whether
/// it is over. What the index's `finished` entries of an old store and a replay are worked out
/// from, without the conversation in memory.
public struct StoredSession: Sendable {
    public let id: SessionID
    /// `seats[i]` is the account at seat `i`, bound by its first move.
    public private(set) var seats: [AccountID] = []
    /// The match after the newest record followed; `nil` before the first move.
    public private(set) var match: AnyMatch?
    /// The newest message of the session followed.
    public private(set) var newestMove: AcceptedMove?
    /// When its first message was accepted.
    public private(set) var startedAt: Date?
    /// Who the newest record followed names as out of time or resigning: the seat that forfeited
    /// or was passed over by a timeout, the account that resigned; `nil` for any other record.
    public private(set) var late: AccountID?

    public init(id: SessionID) { self.id = id }

    public var isFinished: Bool { match?.outcome.isFinished ?? false }

    /// Follows one record of the session's conversation; a record of another session, or of
    /// no session, changes nothing. Throws for a record that does not fit, as loading would.
    public mutating func follow(_ record: Record, catalog: GameCatalog) throws(EngineError) {
        late = nil
        switch record {
        case let .accepted(move) where move.session == id:
            if move.seat == seats.count { seats.append(move.sender) }
            guard seats.indices.contains(move.seat), seats[move.seat] == move.sender else {
                throw .corrupt("seat \(move.seat) of session \(id.uuidString) is not the sender's")
            }
            match = try byTheRules { () throws(RuleViolation) in
                try catalog.game(move.game, variant: move.variant).restoreMatch(
                    state: QueryString.items(in: move.state), lastMover: Seat(move.seat), moveCount: move.moveCount)
            }
            newestMove = move
            startedAt = startedAt ?? move.at
        case let .timedOut(_, _, session, _) where session == id:
            let result = try byTheRules { () throws(RuleViolation) in try match?.timeOut() }
            let seat: Seat? = switch result {
            case let .forfeited(seat): seat
            case let .skipped(after: seat): seat
            case nil: nil
            }
            late = seat.flatMap { seats.indices.contains($0.index) ? seats[$0.index] : nil }
        case let .ended(_, _, session, _) where session == id:
            try byTheRules { () throws(RuleViolation) in try match?.end() }
        case let .resigned(_, _, session, account, _) where session == id:
            guard let seat = seats.firstIndex(of: account) else {
                throw .corrupt("a resignation by an account with no seat in session \(id.uuidString)")
            }
            try byTheRules { () throws(RuleViolation) in try match?.resign(Seat(seat)) }
            late = account
        default:
            break
        }
    }

    private func byTheRules<T>(_ body: () throws(RuleViolation) -> T) throws(EngineError) -> T {
        do { return try body() } catch { throw .corrupt("a record of session \(id.uuidString) refused by the rules: \(error.reason)") }
    }

    /// The session a record belongs to, if any.
    public static func id(of record: Record) -> SessionID? {
        switch record {
        case let .accepted(move): move.session
        case let .timedOut(_, _, session, _), let .ended(_, _, session, _), let .resigned(_, _, session, _, _): session
        default: nil
        }
    }
}
