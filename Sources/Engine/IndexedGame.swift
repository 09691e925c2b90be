import Foundation
import Storage
import Transcript

extension IndexKind {
    /// Key: when the game's first message was accepted, in milliseconds since 1970 (15 digits),
    /// "/", its session id (`gameKey`); value: the game's conversation and kind (`IndexedGame`,
    /// JSON). One entry a game, written with its first message: the games of the whole store,
    /// the newest last, which the operator's list reads a page at a time.
    public static let game = "game"

    /// `MILLISECONDS/SESSION`, so that keys sort by when the games began.
    public static func gameKey(started: Date, _ session: SessionID) -> String {
        "\(downtimeKey(started))/\(session.uuidString)"
    }

    /// The session of a `game` key; `nil` for a key that is not one.
    public static func session(ofGameKey key: String) -> SessionID? {
        key.split(separator: "/").last.flatMap { SessionID(uuidString: String($0)) }
    }
}

/// A game as the store's index of games keeps it (`IndexKind.game`): what never changes once
/// it has begun. What does (its moves, its turn, its end) is read from its records.
public struct IndexedGame: IndexRecord, Hashable, Sendable {
    public var conversation: ConversationID
    public var game: String
    public var variant: String

    public init(conversation: ConversationID, game: String, variant: String) {
        self.conversation = conversation
        self.game = game
        self.variant = variant
    }

    /// The entry of the game that `move`, its first message, begins.
    static func change(startedBy move: AcceptedMove) -> IndexChange {
        .set(IndexKind.game, IndexKind.gameKey(started: move.at, move.session),
             IndexedGame(conversation: move.conversation, game: move.game.rawValue, variant: move.variant).json)
    }
}
