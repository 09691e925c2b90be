import Foundation
import GameRules
import Transcript

/// What the server keeps of a game message, in the parts `FrameWriter.messageEvent` writes an
/// event from: the texts as the sender's copy has them, the state's query as one viewer may
/// see it, and that viewer's status of the session.
public struct MessageEventParts {
    public var conversation: ConversationID
    public var seq: Int
    public var game: String
    /// The server's public URL; the message's URL is this, `/g/`, the game and `query`.
    public var publicURL: String
    public var query: String
    public var session: UUID
    public var caption: String
    public var subcaption: String?
    public var trailingCaption: String?
    public var trailingSubcaption: String?
    public var summary: String
    public var accessibilityLabel: String
    /// The sender as the viewer knows them.
    public var sender: ParticipantID
    public var status: GameStatus

    public init(
        conversation: ConversationID, seq: Int, game: String, publicURL: String, query: String, session: UUID,
        caption: String, subcaption: String?, trailingCaption: String?, trailingSubcaption: String?,
        summary: String, accessibilityLabel: String, sender: ParticipantID, status: GameStatus
    ) {
        self.conversation = conversation
        self.seq = seq
        self.game = game
        self.publicURL = publicURL
        self.query = query
        self.session = session
        self.caption = caption
        self.subcaption = subcaption
        self.trailingCaption = trailingCaption
        self.trailingSubcaption = trailingSubcaption
        self.summary = summary
        self.accessibilityLabel = accessibilityLabel
        self.sender = sender
        self.status = status
    }

    /// The event these parts make, its texts as they are (`FrameWriter.messageEvent` without a
    /// translation writes its frame).
    public var event: Event {
        Event(
            conversation: conversation, seq: seq, kind: .message,
            message: Message(
                game: GameID(rawValue: game), url: "\(publicURL)/g/\(game)\(query)", session: SessionID(session),
                layout: TemplateLayout(
                    caption: caption, subcaption: subcaption, trailingCaption: trailingCaption,
                    trailingSubcaption: trailingSubcaption),
                summaryText: summary, accessibilityLabel: accessibilityLabel, sender: sender),
            status: status)
    }
}
