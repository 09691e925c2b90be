import Transcript

extension ClientFrame {
    /// Everything up to `seq` in the conversation has arrived; the server may forget it.
    public struct Ack: Codable, Hashable, Sendable {
        public var conversation: ConversationID
        public var seq: Int
        public init(conversation: ConversationID, seq: Int) {
            self.conversation = conversation
            self.seq = seq
        }
    }
}

extension ClientFrame.Ack: ClientRequest {
    static let type: StaticString = "ack"
    var requestID: String? { nil }
    var target: ClientFrame.Target { .conversation(conversation) }
    var texts: [String?] { [conversation.rawValue] }
    var frame: ClientFrame { .ack(self) }

    static func read(_ s: inout JSONScanner) throws(JSONScanner.Declined) -> Self {
        var conversation = Field<ConversationID>(), seq = Field<Int>()
        try s.beginObject()
        while let key = try s.nextKey() {
            switch key {
            case "conversation": try conversation.set(ConversationID(spelling: s.string()))
            case "seq": try seq.set(s.int())
            default: try s.skipValue()
            }
        }
        return Self(conversation: try conversation.required(), seq: try seq.required())
    }

    func write(to out: inout JSONOutput) {
        out.key("conversation", first: true); out.string(conversation.rawValue)
        out.key("seq"); out.integer(seq)
        out.type(Self.type)
    }
}
