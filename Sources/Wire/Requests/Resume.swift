import Transcript

extension ClientFrame {
    /// Send every event of the conversation after `after`, then a `synced` frame.
    public struct Resume: Codable, Hashable, Sendable {
        public var id: String
        public var conversation: ConversationID
        public var after: Int
        public init(id: String, conversation: ConversationID, after: Int) {
            self.id = id
            self.conversation = conversation
            self.after = after
        }
    }
}

extension ClientFrame.Resume: ClientRequest {
    static let type: StaticString = "resume"
    var requestID: String? { id }
    var target: ClientFrame.Target { .conversation(conversation) }
    var texts: [String?] { [id, conversation.rawValue] }
    var frame: ClientFrame { .resume(self) }

    static func read(_ s: inout JSONScanner) throws(JSONScanner.Declined) -> Self {
        var id = Field<String>(), conversation = Field<ConversationID>(), after = Field<Int>()
        try s.beginObject()
        while let key = try s.nextKey() {
            switch key {
            case "id": try id.set(s.string())
            case "conversation": try conversation.set(ConversationID(spelling: s.string()))
            case "after": try after.set(s.int())
            default: try s.skipValue()
            }
        }
        return Self(id: try id.required(), conversation: try conversation.required(), after: try after.required())
    }

    func write(to out: inout JSONOutput) {
        out.key("after", first: true); out.integer(after)
        out.key("conversation"); out.string(conversation.rawValue)
        out.key("id"); out.string(id)
        out.type(Self.type)
    }
}
