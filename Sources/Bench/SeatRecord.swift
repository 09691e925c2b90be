import Transcript
import Wire

/// What one bot saw and did, kept when a run records (the tests compare it with the server's
/// stored log); a load run keeps none of it.
public struct SeatRecord: Sendable {
    /// The bot's account, as the server's welcome named it.
    public var account: String
    /// The bot's own identifier in its conversation.
    public var you: ParticipantID
    public var conversation: ConversationID
    /// Every event of its conversation it received, in the order received.
    public var events: [Event] = []
    /// The seq of each of its moves the server accepted, in the order sent.
    public var accepted: [Int] = []
    /// The status of each game it saw finish.
    public var outcomes: [GameStatus] = []
    /// Whether it stopped because the server refused one of its moves: its game can go no
    /// further, so its table is closed.
    public var gaveUp = false

    public init(account: String, you: ParticipantID, conversation: ConversationID) {
        self.account = account
        self.you = you
        self.conversation = conversation
    }
}
