import Transcript

/// Where a session stands after a message: whose turn, and whether it is over.
public struct GameStatus: Codable, Hashable, Sendable {
    public var session: String
    public var game: String
    public var variant: String
    public var moves: Int
    public var turn: TurnInfo
    public var outcome: OutcomeInfo
    /// What the next player is asked to do, such as "Add some scoops".
    public var prompt: String?
    /// When the turn runs out, in milliseconds since 1970 (UTC); `nil` when it is not timed:
    /// the game is over, a skipped turn waits for anyone, the game has no timeout, or the
    /// message is not its session's newest.
    public var deadline: Int64?
    /// The seconds each turn of the session has when they were chosen: its first message's
    /// `secondsPerMove`, or its conversation's pairing's; `nil` when its turns have the game's
    /// own time.
    public var secondsPerMove: Int?

    public init(
        session: String, game: String, variant: String, moves: Int, turn: TurnInfo, outcome: OutcomeInfo,
        prompt: String?, deadline: Int64? = nil, secondsPerMove: Int? = nil
    ) {
        self.deadline = deadline
        self.secondsPerMove = secondsPerMove
        self.session = session
        self.game = game
        self.variant = variant
        self.moves = moves
        self.turn = turn
        self.outcome = outcome
        self.prompt = prompt
    }
}

/// Who may move: `player` (the one in `participants`), `anyoneExcept` (any member but those
/// in `participants`), `anyone`, or `nobody` (the game is over).
public struct TurnInfo: Codable, Hashable, Sendable {
    public enum Kind: String, Codable, Hashable, Sendable {
        case player, anyoneExcept, anyone, nobody
    }

    public var kind: Kind
    public var participants: [ParticipantID]

    public init(kind: Kind, participants: [ParticipantID] = []) {
        self.kind = kind
        self.participants = participants
    }

    public func allows(_ participant: ParticipantID) -> Bool {
        switch kind {
        case .player: participants.contains(participant)
        case .anyoneExcept: !participants.contains(participant)
        case .anyone: true
        case .nobody: false
        }
    }
}

public struct OutcomeInfo: Codable, Hashable, Sendable {
    public var finished: Bool
    public var winners: [ParticipantID]
    public var losers: [ParticipantID]

    public init(finished: Bool, winners: [ParticipantID] = [], losers: [ParticipantID] = []) {
        self.finished = finished
        self.winners = winners
        self.losers = losers
    }
}
