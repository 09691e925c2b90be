import Transcript

extension ClientFrame {
    /// Give up the game of `session`: the sender, a player of it, loses; in a game of two the
    /// other player wins. Answered `done`; every member receives a `resigned` event.
    public struct Resign: Codable, Hashable, Sendable {
        public var id: String
        public var conversation: ConversationID
        public var session: String
        public init(id: String, conversation: ConversationID, session: String) {
            self.id = id
            self.conversation = conversation
            self.session = session
        }
    }
}

extension ClientFrame.Resign: ClientRequest {
    static let type: StaticString = "resign"
    var requestID: String? { id }
    var target: ClientFrame.Target { .conversation(conversation) }
    var texts: [String?] { [id, conversation.rawValue, session] }
    var frame: ClientFrame { .resign(self) }

    static func read(_ s: inout JSONScanner) throws(JSONScanner.Declined) -> Self {
        var id = Field<String>(), conversation = Field<ConversationID>(), session = Field<String>()
        try s.beginObject()
        while let key = try s.nextKey() {
            switch key {
            case "id": try id.set(s.string())
            case "conversation": try conversation.set(ConversationID(spelling: s.string()))
            case "session": try session.set(s.string())
            default: try s.skipValue()
            }
        }
        return Self(id: try id.required(), conversation: try conversation.required(), session: try session.required())
    }

    func write(to out: inout JSONOutput) {
        out.key("conversation", first: true); out.string(conversation.rawValue)
        out.key("id"); out.string(id)
        out.key("session"); out.string(session)
        out.type(Self.type)
    }
}
