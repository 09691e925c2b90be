import Transcript

extension ClientFrame {
    /// A chat message: plain words to the conversation beside its games. Answered `done`;
    /// every member receives a `chat` event.
    public struct Chat: Codable, Hashable, Sendable {
        public var id: String
        public var conversation: ConversationID
        public var text: String
        public init(id: String, conversation: ConversationID, text: String) {
            self.id = id
            self.conversation = conversation
            self.text = text
        }
    }
}

extension ClientFrame.Chat: ClientRequest {
    static let type: StaticString = "chat"
    var requestID: String? { id }
    var target: ClientFrame.Target { .conversation(conversation) }
    var texts: [String?] { [id, conversation.rawValue, text] }
    var frame: ClientFrame { .chat(self) }

    static func read(_ s: inout JSONScanner) throws(JSONScanner.Declined) -> Self {
        var id = Field<String>(), conversation = Field<ConversationID>(), text = Field<String>()
        try s.beginObject()
        while let key = try s.nextKey() {
            switch key {
            case "id": try id.set(s.string())
            case "conversation": try conversation.set(ConversationID(spelling: s.string()))
            case "text": try text.set(s.string())
            default: try s.skipValue()
            }
        }
        return Self(id: try id.required(), conversation: try conversation.required(), text: try text.required())
    }

    func write(to out: inout JSONOutput) {
        out.key("conversation", first: true); out.string(conversation.rawValue)
        out.key("id"); out.string(id)
        out.key("text"); out.string(text)
        out.type(Self.type)
    }
}
