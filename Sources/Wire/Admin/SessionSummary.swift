import Transcript
import Foundation

/// The admin API's JSON (`/admin/api/…`). The admin is trusted: these carry server-side
/// account ids and true states, hidden ships included, which no player ever receives.

/// One game as the operator's list of games shows it.
public struct SessionSummary: Codable, Hashable, Sendable {
    public var conversation: ConversationID
    public var session: String
    public var game: String
    public var variant: String
    public var participants: [AdminParticipant]
    /// In words, with display names: "Amber", "anyone but Ben", "nobody (finished)".
    public var turn: String
    /// The accounts that may move now.
    public var turnAccounts: [String]
    public var finished: Bool
    public var winners: [String]
    public var moves: Int
    public var started: Date?
    public var lastMove: Date?

    public init(
        conversation: ConversationID, session: String, game: String, variant: String, participants: [AdminParticipant],
        turn: String, turnAccounts: [String], finished: Bool, winners: [String], moves: Int, started: Date?,
        lastMove: Date?
    ) {
        self.conversation = conversation
        self.session = session
        self.game = game
        self.variant = variant
        self.participants = participants
        self.turn = turn
        self.turnAccounts = turnAccounts
        self.finished = finished
        self.winners = winners
        self.moves = moves
        self.started = started
        self.lastMove = lastMove
    }
}

/// A member of the game's conversation: the seat they hold in the game, if any, and whether
/// they joined to watch.
public struct AdminParticipant: Codable, Hashable, Sendable {
    public var account: String
    public var name: String?
    public var seat: Int?
    public var role: ParticipantRole

    public init(account: String, name: String?, seat: Int?, role: ParticipantRole = .player) {
        self.account = account
        self.name = name
        self.seat = seat
        self.role = role
    }

    /// "Amber (seat 0)", "Chris (spectator)", or a name alone; an account without a name by
    /// the start of its id.
    public var words: String {
        let name = name ?? String(account.prefix(12))
        if role == .spectator { return "\(name) (spectator)" }
        return seat.map { "\(name) (seat \($0))" } ?? name
    }
}

/// One game with its whole move log and its true state.
public struct AdminGameDetail: Codable, Hashable, Sendable {
    public var game: SessionSummary
    /// The true state's query, hidden information included.
    public var state: String
    public var log: [AdminMove]

    public init(game: SessionSummary, state: String, log: [AdminMove]) {
        self.game = game
        self.state = state
        self.log = log
    }
}

/// One accepted move, or the end of a game's turn by its clock, as the log holds it.
public struct AdminMove: Codable, Hashable, Sendable {
    public var seq: Int
    /// `move`, `timeout`, or `ended` (by an operator).
    public var kind: String
    public var seat: Int?
    public var account: String?
    public var name: String?
    /// The true state after it.
    public var state: String
    /// What happened, in words, with names.
    public var caption: String
    /// When it was stored; a timeout keeps no time of its own.
    public var at: Date?

    public init(
        seq: Int, kind: String, seat: Int?, account: String?, name: String?, state: String, caption: String, at: Date?
    ) {
        self.seq = seq
        self.kind = kind
        self.seat = seat
        self.account = account
        self.name = name
        self.state = state
        self.caption = caption
        self.at = at
    }
}

/// The server's figures for `/admin/api/stats`.
public struct AdminStats: Codable, Hashable, Sendable {
    public var connections: Int
    public var conversations: Int
    public var gamesInProgress: Int
    public var gamesFinished: Int
    public var moves: Int
    /// Accepted moves a second over the last 10 seconds.
    public var movesPerSecond: Double
    /// What the store holds; both absent when it could not be read, and `storeProblem` says why.
    public var storeRecords: Int64?
    public var storeBytes: Int64?
    public var storeProblem: String?

    public init(
        connections: Int, conversations: Int, gamesInProgress: Int, gamesFinished: Int, moves: Int,
        movesPerSecond: Double, storeRecords: Int64?, storeBytes: Int64?, storeProblem: String? = nil
    ) {
        self.connections = connections
        self.conversations = conversations
        self.gamesInProgress = gamesInProgress
        self.gamesFinished = gamesFinished
        self.moves = moves
        self.movesPerSecond = movesPerSecond
        self.storeRecords = storeRecords
        self.storeBytes = storeBytes
        self.storeProblem = storeProblem
    }

    /// The store's line, as the admin page and `parley admin stats` show it.
    public var storeSummary: String {
        if let storeRecords, let storeBytes { return "\(storeRecords) records, \(storeBytes) bytes" }
        return "unreadable: \(storeProblem ?? "no answer")"
    }
}

/// The answer to `POST /admin/api/backup`: a new data folder a server can start on.
public struct AdminBackup: Codable, Hashable, Sendable {
    public var folder: String
    public var records: Int64
    public var bytes: Int64

    public init(folder: String, records: Int64, bytes: Int64) {
        self.folder = folder
        self.records = records
        self.bytes = bytes
    }
}

/// A sticker as the admin lists it: who sent it where, and what it is.
public struct AdminSticker: Codable, Hashable, Sendable {
    public var id: String
    public var conversation: ConversationID
    public var seq: Int
    public var account: String
    public var name: String
    public var format: String
    public var width: Int
    public var height: Int
    public var bytes: Int

    public init(
        id: String, conversation: ConversationID, seq: Int, account: String, name: String, format: String, width: Int, height: Int, bytes: Int
    ) {
        self.id = id
        self.conversation = conversation
        self.seq = seq
        self.account = account
        self.name = name
        self.format = format
        self.width = width
        self.height = height
        self.bytes = bytes
    }
}
