import Transcript

extension ClientFrame {
    /// Set the name the other participants see.
    public struct Rename: Codable, Hashable, Sendable {
        public var id: String
        public var name: String
        public init(id: String, name: String) {
            self.id = id
            self.name = name
        }
    }
}

extension ClientFrame.Rename: ClientRequest {
    static let type: StaticString = "rename"
    var requestID: String? { id }
    var target: ClientFrame.Target { .accountAndItsConversations }
    var texts: [String?] { [id, name] }
    var frame: ClientFrame { .rename(self) }

    static func read(_ s: inout JSONScanner) throws(JSONScanner.Declined) -> Self {
        var id = Field<String>(), name = Field<String>()
        try s.beginObject()
        while let key = try s.nextKey() {
            switch key {
            case "id": try id.set(s.string())
            case "name": try name.set(s.string())
            default: try s.skipValue()
            }
        }
        return Self(id: try id.required(), name: try name.required())
    }

    func write(to out: inout JSONOutput) {
        out.key("id", first: true); out.string(id)
        out.key("name"); out.string(name)
        out.type(Self.type)
    }
}
