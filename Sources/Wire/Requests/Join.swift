import Transcript

extension ClientFrame {
    public struct Join: Codable, Hashable, Sendable {
        public var id: String
        public var invite: String
        public init(id: String, invite: String) {
            self.id = id
            self.invite = invite
        }
    }
}

extension ClientFrame.Join: ClientRequest {
    static let type: StaticString = "join"
    var requestID: String? { id }
    var target: ClientFrame.Target { .invite(invite) }
    var texts: [String?] { [id, invite] }
    var frame: ClientFrame { .join(self) }

    static func read(_ s: inout JSONScanner) throws(JSONScanner.Declined) -> Self {
        var id = Field<String>(), invite = Field<String>()
        try s.beginObject()
        while let key = try s.nextKey() {
            switch key {
            case "id": try id.set(s.string())
            case "invite": try invite.set(s.string())
            default: try s.skipValue()
            }
        }
        return Self(id: try id.required(), invite: try invite.required())
    }

    func write(to out: inout JSONOutput) {
        out.key("id", first: true); out.string(id)
        out.key("invite"); out.string(invite)
        out.type(Self.type)
    }
}
