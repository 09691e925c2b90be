/// One row of a transcript as a viewer sees it: a message shown whole, or an older message of a
/// session reduced to its summary because a newer message of the same session follows it.
public enum TranscriptEntry: Hashable, Sendable {
    case whole(Message)
    case collapsed(Message, summary: String)

    public var message: Message {
        switch self {
        case .whole(let message), .collapsed(let message, _): message
        }
    }

    /// The transcript of `messages`, given oldest first and in one viewer's view: the newest
    /// message of each session shows whole and the earlier ones collapse, as in Messages,
    /// where a game's history shrinks to a line per move and only its current state is big.
    /// Messages without a session always show whole. The order is kept.
    public static func collapse(_ messages: [Message]) -> [TranscriptEntry] {
        var newest: [SessionID: Int] = [:]
        for (index, message) in messages.enumerated() {
            if let session = message.session { newest[session] = index }
        }
        return messages.enumerated().map { index, message in
            guard let session = message.session, newest[session] != index else { return .whole(message) }
            return .collapsed(message, summary: summary(of: message))
        }
    }

    /// The summary text; else the caption, which is what the bubble said; else the game's
    /// name, so a collapsed row never reads as empty.
    static func summary(of message: Message) -> String {
        message.summaryText ?? message.layout.caption ?? message.game.rawValue
    }
}
