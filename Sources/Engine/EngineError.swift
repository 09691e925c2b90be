import Fairness
import Transcript
import GameRules
import Wire

/// Refusals of the engine's own, beside the games' `RuleViolation`s. They reach the client
/// as an `ErrorFrame` with the same code and reason.
public struct EngineError: Error, Hashable, Sendable {
    public let code: String
    public let reason: String

    init(_ code: String, _ reason: String) {
        self.code = code
        self.reason = reason
    }

    public var frame: ErrorFrame { ErrorFrame(code: code, reason: reason) }

    static func unknownConversation(_ id: ConversationID) -> Self {
        Self("unknown-conversation", "You are not a member of a conversation \(id).")
    }

    static let unknownInvite = Self("unknown-invite", "No conversation has that invite code.")

    static let barred = Self("barred", "The server's operator removed you from this conversation; you may join it again only once they let you back in.")

    static func idReused(_ id: String) -> Self {
        Self("id-reused", "The id \(id) was already used for another message in this conversation; use a new id for every message.")
    }

    static func tooManyConversations(_ limit: Int) -> Self {
        Self("too-many-conversations", "You are in \(limit) conversations, the most one may be in: leave one first.")
    }

    static func conversationFull(_ limit: Int) -> Self {
        Self("conversation-full", "The conversation already has \(limit) participants, its limit.")
    }

    static func spectatorsFull(_ limit: Int) -> Self {
        Self("conversation-full", "The conversation already has \(limit) spectators, its limit.")
    }

    static let spectator = Self(
        "spectator", "You are watching this conversation: a spectator makes no moves. To play, leave it and join with its invite to play.")

    static func unknownSession(_ id: String) -> Self {
        Self("unknown-session", "This conversation has no session \(id).")
    }

    static let emptyText = Self("empty-text", "A chat message needs some words.")

    static func timeControl(_ allowed: [Int]) -> Self {
        Self("time-control", "This server's games have \(allowed.map { "\($0)" }.joined(separator: ", ")) seconds a move; seek one of those.")
    }

    static func playerCount(_ seats: ClosedRange<Int>, game: String) -> Self {
        Self("player-count", "A game of \(game) has \(seats.lowerBound) to \(seats.upperBound) players.")
    }

    static let ratedForTwo = Self("rated-for-two", "Only games of two players are rated; seek a group game unrated.")

    static let alreadySeeking = Self("already-seeking", "You are already seeking this game; wait, or unseek it first.")

    static func tooManySeeks(_ limit: Int) -> Self {
        Self("too-many-seeks", "You are seeking \(limit) games at once, the most one may; unseek one first.")
    }

    static let houseBotAfter = Self(
        "house-bot-after", "The house bot plays games of two, and waits at most a day (houseBotAfter: 0 to 86400 seconds).")

    static func noHouseBot(_ game: String) -> Self {
        Self("no-house-bot", "This server has no bot for \(game).")
    }

    static func seekingTooOften(_ limit: Int) -> Self {
        Self("rate-limited", "You sought \(limit) games in the last minute, the most one may; seek again in a minute.")
    }

    static func pairedGame(_ pairing: StoredPairing, first: Bool) -> Self {
        Self("paired-game", first
            ? "This conversation was made for a game of \(pairing.game)\(pairing.variant.map { " (\($0))" } ?? ""): start that one."
            : "This conversation was made for a game of \(pairing.game) that its first player starts; answer their first message.")
    }

    static let notAPlayer = Self("not-a-player", "You hold no seat in this game: only its players can resign it.")

    static func wrongGame(session: GameID, sent: String) -> Self {
        Self("wrong-game", "This session is a game of \(session), not \(sent).")
    }

    static let basedOnRequired = Self(
        "based-on-required", "A message that continues a session names the seq of the message it answers (basedOn).")

    static func stale(basedOn: Int, current: Int) -> Self {
        Self("stale", "The message answers event \(basedOn), but the session has moved on to event \(current); "
            + "start again from the current message.")
    }

    static func seqOutOfRange(_ field: String, _ value: Int, last: Int, hint: String) -> Self {
        Self("seq-out-of-range", "\(field) is \(value), but this conversation's events are numbered 1 to \(last); "
            + "\(hint) 0 to \(last).")
    }

    static func urlTooLong(_ limit: Int) -> Self {
        Self("url-too-long", "The URL is longer than \(limit) bytes of UTF-8.")
    }

    static func tooLarge(_ limit: Int) -> Self {
        Self("too-large", "The game's state after this message would take more than the \(limit) bytes the server stores "
            + "for one message.")
    }

    /// A stored entry that cannot be shown to a member: a fault of the server, never of the
    /// client. It takes the entry's place, so the client sees the gap in `seq`.
    static func unrenderable(conversation: ConversationID, seq: Int, why: String) -> Self {
        Self("unrenderable", "Event \(seq) of conversation \(conversation) is stored but cannot be shown to you: \(why). "
            + "The server logged it.")
    }

    static func badName(_ limit: Int, bytes: Int) -> Self {
        Self("bad-name", "A name is 1 to \(limit) characters and at most \(bytes) bytes of UTF-8, without control, format or line-breaking characters.")
    }
}

extension ErrorFrame {
    init(_ error: EngineError) { self.init(code: error.code, reason: error.reason) }
}

extension EngineError {
    static func corrupt(_ detail: String) -> Self {
        Self("corrupt-log", "The stored events do not fit together: \(detail).")
    }
}
