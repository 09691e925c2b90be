import Fairness
import Foundation
import GameCatalog
import GameRules
import Transcript
import Wire

/// A conversation as the engine holds it in memory, written into the store's index now and then
/// (`IndexKind.snapshot`), so that loading it replays only the events after it instead of its
/// whole history. A cache: a snapshot this version cannot read is ignored, and the conversation
/// is loaded from all its events, as before there were snapshots.
struct ConversationSnapshot: Codable {
    static let currentFormat = 1

    var format: Int
    /// The log position of a record of the conversation at or before the snapshot: the events
    /// after it with a seq above `lastSeq` are what the snapshot does not hold.
    var after: Int64
    var id: ConversationID
    var invite: String
    var members: [AccountID]
    var everyone: [AccountID]
    var lastSeq: Int
    var recent: [StoredEntry]
    var sessions: [SessionSnapshot]
    var retired: [SessionID]
    var sent: [Sent]
    /// Accounts the operator removed; absent in snapshots from before removals barred.
    var barred: [AccountID]?
    /// The members who joined to watch; absent when there are none.
    var spectators: [AccountID]?
    /// The game its players were paired for; absent when it was not made by pairing.
    var pairing: StoredPairing?

    struct Sent: Codable {
        var account: AccountID
        var request: String
        var seq: Int
        var session: SessionID
        var proposal: String?
    }

    struct SessionSnapshot: Codable {
        var id: SessionID
        var game: GameID
        var variant: String
        var state: String
        var lastMover: Int?
        var moveCount: Int
        var forfeited: Int?
        var ended: Bool
        var seats: [AccountID]
        var lastSeq: Int
        var clockStarted: TimeInterval?
        var startedAt: TimeInterval?
        var lastMoveAt: TimeInterval?
        /// The seconds a move its first message chose; absent for the game's own.
        var secondsPerMove: Int?
        var newestMessage: StoredEntry?
    }

    /// One log entry; `kind` is `message`, `timeout`, `ended`, `resigned`, `joined`, `left`,
    /// `removed` or `chat`.
    struct StoredEntry: Codable {
        var seq: Int
        var kind: String
        var account: AccountID?
        /// `spectator` for a member who joined to watch (of a `joined`, `left`, `removed`, `chat`
        /// or `sticker`: the role the member had then); absent for a player.
        var role: String?
        /// A chat message's words.
        var text: String?
        /// A sticker entry's sticker.
        var sticker: StoredSticker?
        /// A `paired` entry's pairing.
        var pairing: StoredPairing?
        /// A `rated` entry's changes.
        var ratings: [RatingChange]?
        var message: Message?
        var timeout: Timeout?
    }

    struct Message: Codable {
        /// The accepted move, in the stored format of its event.
        var move: Record
        /// Written by versions that kept every entry's views; read no more (they are worked out
        /// again from the state on demand).
        var views: [String: String]?
        var spectatorView: String?
        var seats: [AccountID]
        var turn: TurnSnapshot
        var outcome: OutcomeSnapshot
        var prompt: String?
    }

    struct Timeout: Codable {
        var session: SessionID
        var game: GameID
        var variant: String
        var late: AccountID?
        var seats: [AccountID]
        var turn: TurnSnapshot
        var outcome: OutcomeSnapshot
        var moveCount: Int
        var prompt: String?
        /// Of a game that hides boards and ends here (`FleetReveal`); absent otherwise, and in
        /// snapshots from before it was kept.
        var reveal: Reveal?
    }

    /// A `FleetReveal`, its digests as written in a URL (`nil` where a chain began).
    struct Reveal: Codable {
        var query: String
        var message: Int
        var seats: [String?]
        var spectator: String?

        init(_ reveal: FleetReveal) {
            query = reveal.query
            message = reveal.message
            seats = reveal.seats.map { $0?.text }
            spectator = reveal.spectator?.text
        }

        func restore() -> FleetReveal {
            FleetReveal(
                query: query, message: message, seats: seats.map { $0.flatMap { ChainDigest(text: $0) } },
                spectator: spectator.flatMap { ChainDigest(text: $0) })
        }
    }

    /// `seat`, `anyoneExcept`, `anyone` or `nobody`, with the seat of the first two.
    struct TurnSnapshot: Codable {
        var kind: String
        var seat: Int?
    }

    struct OutcomeSnapshot: Codable {
        var finished: Bool
        var winners: [Int]
        var losers: [Int]
    }
}

extension ConversationSnapshot {
    init(_ state: Conversation, after: Int64) {
        format = Self.currentFormat
        self.after = after
        id = state.id
        invite = state.invite
        members = state.members
        everyone = state.everyone
        lastSeq = state.lastSeq
        recent = state.recentEntries.map(StoredEntry.init)
        sessions = state.sessions.values.sorted { $0.lastSeq < $1.lastSeq }.map(SessionSnapshot.init)
        retired = state.retiredOrder
        sent = state.sent.sorted { $0.key.rawValue < $1.key.rawValue }.flatMap { account, sends in
            sends.all.map { Sent(account: account, request: $0.request, seq: $0.seq, session: $0.session, proposal: $0.proposal) }
        }
        barred = state.barred.isEmpty ? nil : state.barred.sorted { $0.rawValue < $1.rawValue }
        spectators = state.spectators.isEmpty ? nil : state.spectators.sorted { $0.rawValue < $1.rawValue }
        pairing = state.pairing
    }

    /// The conversation again; throws when a game or a state no longer restores.
    func restore(with catalog: GameCatalog) throws -> Conversation {
        guard format == Self.currentFormat else { throw SnapshotError("format \(format)") }
        var state = Conversation(id: id, invite: invite)
        state.members = members
        state.everyone = everyone
        for session in sessions {
            let restored = try session.restore(with: catalog)
            state.sessions[restored.id] = restored
        }
        state.restore(recent: try recent.map { try $0.restore(with: catalog) }, lastSeq: lastSeq)
        state.restore(retired: retired)
        state.barred = Set(barred ?? [])
        state.spectators = Set(spectators ?? [])
        state.pairing = pairing
        for send in sent {
            state.sent[send.account, default: RecentSends()]
                .record(send.request, seq: send.seq, session: send.session, proposal: send.proposal)
        }
        return state
    }
}

extension ParticipantRole {
    /// A stored role: absent for a player's.
    init(stored: String?) throws {
        guard let role = Self(rawValue: stored ?? Self.player.rawValue) else { throw SnapshotError("a role \(stored ?? "")") }
        self = role
    }
}

struct SnapshotError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

extension ConversationSnapshot.SessionSnapshot {
    init(_ session: Session) {
        id = session.id
        game = session.game.id
        variant = session.game.variant.id
        state = QueryString.format(session.match.trueState)
        lastMover = session.match.lastMover?.index
        moveCount = session.match.moveCount
        forfeited = session.match.forfeited?.index
        ended = session.match.ended
        seats = session.seats
        lastSeq = session.lastSeq
        clockStarted = session.turnClock.since?.timeIntervalSince1970
        startedAt = session.startedAt?.timeIntervalSince1970
        lastMoveAt = session.lastMoveAt?.timeIntervalSince1970
        secondsPerMove = session.secondsPerMove
        newestMessage = session.newestMessage.map(ConversationSnapshot.StoredEntry.init)
    }

    func restore(with catalog: GameCatalog) throws -> Session {
        let game = try catalog.game(game, variant: variant)
        var match = try game.restoreMatch(
            state: QueryString.items(in: state), lastMover: lastMover.map(Seat.init), moveCount: moveCount,
            forfeited: forfeited.map(Seat.init))
        if ended { try match.end() }
        var session = Session(
            id: id, game: game, match: match, seats: seats, lastSeq: lastSeq,
            turnClock: clockStarted.map { .running(since: Date(timeIntervalSince1970: $0)) } ?? .stopped)
        session.startedAt = startedAt.map(Date.init(timeIntervalSince1970:))
        session.lastMoveAt = lastMoveAt.map(Date.init(timeIntervalSince1970:))
        session.secondsPerMove = secondsPerMove
        session.newestMessage = try newestMessage?.restore(with: catalog)
        return session
    }
}

extension ConversationSnapshot.StoredEntry {
    init(_ entry: Entry) {
        seq = entry.seq
        switch entry.kind {
        case let .message(message):
            kind = "message"
            self.message = ConversationSnapshot.Message(
                move: .accepted(message.move), views: nil, spectatorView: nil, seats: message.seats, turn: .init(message.turn),
                outcome: .init(message.outcome), prompt: message.prompt)
        case let .timeout(timeout), let .ended(timeout), let .resigned(timeout):
            kind = switch entry.kind {
            case .timeout: "timeout"
            case .resigned: "resigned"
            default: "ended"
            }
            self.timeout = ConversationSnapshot.Timeout(
                session: timeout.session, game: timeout.game.id, variant: timeout.game.variant.id, late: timeout.late,
                seats: timeout.seats, turn: .init(timeout.turn), outcome: .init(timeout.outcome), moveCount: timeout.moveCount,
                prompt: timeout.prompt, reveal: timeout.reveal.map { ConversationSnapshot.Reveal($0) })
        case let .joined(account, role):
            kind = "joined"
            self.account = account
            self.role = role == .player ? nil : role.rawValue
        case let .left(account, role):
            kind = "left"
            self.account = account
            self.role = role == .player ? nil : role.rawValue
        case let .removed(account, role):
            kind = "removed"
            self.account = account
            self.role = role == .player ? nil : role.rawValue
        case let .sticker(account, sticker, role):
            kind = "sticker"
            self.account = account
            self.sticker = sticker
            self.role = role == .player ? nil : role.rawValue
        case let .renamed(account, name, role):
            kind = "renamed"
            self.account = account
            self.text = name
            self.role = role == .player ? nil : role.rawValue
        case let .chat(account, text, role):
            kind = "chat"
            self.account = account
            self.text = text
            self.role = role == .player ? nil : role.rawValue
        case let .paired(pairing):
            kind = "paired"
            self.pairing = pairing
        case let .rated(changes):
            kind = "rated"
            ratings = changes
        case .aborted:
            kind = "aborted"
        }
    }

    func restore(with catalog: GameCatalog) throws -> Entry {
        switch kind {
        case "message":
            guard let message, case let .accepted(move) = message.move else { throw SnapshotError("a message entry") }
            return Entry(seq: seq, kind: .message(MessageEntry(
                move: move, views: nil, digests: nil, seats: message.seats,
                turn: try message.turn.restore(), outcome: message.outcome.restore(), prompt: message.prompt)))
        case "timeout", "ended", "resigned":
            guard let timeout else { throw SnapshotError("a timeout entry") }
            let entry = TimeoutEntry(
                session: timeout.session, game: try catalog.game(timeout.game, variant: timeout.variant), late: timeout.late,
                seats: timeout.seats, turn: try timeout.turn.restore(), outcome: timeout.outcome.restore(),
                moveCount: timeout.moveCount, prompt: timeout.prompt, reveal: timeout.reveal?.restore())
            return Entry(seq: seq, kind: kind == "timeout" ? .timeout(entry) : kind == "resigned" ? .resigned(entry) : .ended(entry))
        case "joined", "left", "removed":
            guard let account else { throw SnapshotError("a membership entry") }
            let membership: Entry.Kind = switch kind {
            case "joined": .joined(account, try ParticipantRole(stored: role))
            case "left": .left(account, try ParticipantRole(stored: role))
            default: .removed(account, try ParticipantRole(stored: role))
            }
            return Entry(seq: seq, kind: membership)
        case "sticker":
            guard let account, let sticker else { throw SnapshotError("a sticker entry") }
            return Entry(seq: seq, kind: .sticker(account, sticker, try ParticipantRole(stored: role)))
        case "renamed":
            guard let account, let text else { throw SnapshotError("a renamed entry") }
            return Entry(seq: seq, kind: .renamed(account, text, try ParticipantRole(stored: role)))
        case "paired":
            guard let pairing else { throw SnapshotError("a paired entry") }
            return Entry(seq: seq, kind: .paired(pairing))
        case "rated":
            guard let ratings else { throw SnapshotError("a rated entry") }
            return Entry(seq: seq, kind: .rated(ratings))
        case "aborted":
            return Entry(seq: seq, kind: .aborted)
        case "chat":
            guard let account, let text else { throw SnapshotError("a chat entry") }
            return Entry(seq: seq, kind: .chat(account, text, try ParticipantRole(stored: role)))
        default:
            throw SnapshotError("an entry of kind \(kind)")
        }
    }
}

extension ConversationSnapshot.TurnSnapshot {
    init(_ turn: Turn) {
        switch turn {
        case let .seat(seat): (kind, self.seat) = ("seat", seat.index)
        case let .anyoneExcept(seat): (kind, self.seat) = ("anyoneExcept", seat.index)
        case .anyone: (kind, seat) = ("anyone", nil)
        case .nobody: (kind, seat) = ("nobody", nil)
        }
    }

    func restore() throws -> Turn {
        switch (kind, seat) {
        case let ("seat", seat?): .seat(Seat(seat))
        case let ("anyoneExcept", seat?): .anyoneExcept(Seat(seat))
        case ("anyone", nil): .anyone
        case ("nobody", nil): .nobody
        default: throw SnapshotError("a turn \(kind)")
        }
    }
}

extension ConversationSnapshot.OutcomeSnapshot {
    init(_ outcome: Outcome) {
        switch outcome {
        case .inProgress: (finished, winners, losers) = (false, [], [])
        case let .finished(won, lost): (finished, winners, losers) = (true, won.map(\.index).sorted(), lost.map(\.index).sorted())
        }
    }

    func restore() -> Outcome {
        finished ? .finished(winners: Set(winners.map(Seat.init)), losers: Set(losers.map(Seat.init))) : .inProgress
    }
}
