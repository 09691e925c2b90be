import Transcript

extension ClientFrame {
    public struct Leave: Codable, Hashable, Sendable {
        public var id: String
        public var conversation: ConversationID
        public init(id: String, conversation: ConversationID) {
            self.id = id
            self.conversation = conversation
        }
    }
}

extension ClientFrame.Leave: ClientRequest {
    static let type: StaticString = "leave"
    var requestID: String? { id }
    var target: ClientFrame.Target { .conversation(conversation) }
    var texts: [String?] { [id, conversation.rawValue] }
    var frame: ClientFrame { .leave(self) }

    static func read(_ s: inout JSONScanner) throws(JSONScanner.Declined) -> Self {
        var id = Field<String>(), conversation = Field<ConversationID>()
        try s.beginObject()
        while let key = try s.nextKey() {
            switch key {
            case "id": try id.set(s.string())
            case "conversation": try conversation.set(ConversationID(spelling: s.string()))
            default: try s.skipValue()
            }
        }
        return Self(id: try id.required(), conversation: try conversation.required())
    }

    func write(to out: inout JSONOutput) {
        out.key("conversation", first: true); out.string(conversation.rawValue)
        out.key("id"); out.string(id)
        out.type(Self.type)
    }
}
