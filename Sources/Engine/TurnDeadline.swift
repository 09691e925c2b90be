import Foundation
import GameRules
import Transcript

/// A session's turn deadline: when it passes and nobody has moved since `basedOn`, the game's
/// timeout rule applies (a forfeit in Battleship, a skipped turn in the Ice Cream builder).
public struct TurnDeadline: Hashable, Sendable {
    public let conversation: ConversationID
    public let session: SessionID
    public let basedOn: Int
    public let at: Date
}
