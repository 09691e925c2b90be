import Transcript

extension ClientFrame {
    /// Open a new conversation; the answer is a `conversation` frame with its invite code.
    public struct Create: Codable, Hashable, Sendable {
        public var id: String
        public init(id: String) { self.id = id }
    }
}

extension ClientFrame.Create: ClientRequest {
    static let type: StaticString = "create"
    var requestID: String? { id }
    var target: ClientFrame.Target { .newConversation }
    var texts: [String?] { [id] }
    var frame: ClientFrame { .create(self) }

    static func read(_ s: inout JSONScanner) throws(JSONScanner.Declined) -> Self {
        var id = Field<String>()
        try s.beginObject()
        while let key = try s.nextKey() {
            switch key {
            case "id": try id.set(s.string())
            default: try s.skipValue()
            }
        }
        return Self(id: try id.required())
    }

    func write(to out: inout JSONOutput) {
        out.key("id", first: true); out.string(id)
        out.type(Self.type)
    }
}
