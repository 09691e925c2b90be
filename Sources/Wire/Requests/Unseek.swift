import Transcript

extension ClientFrame {
    /// Stop seeking: the seek made by the request `seek`, or every one of the account's when
    /// absent. Answered `done`, whether or not it was still waiting.
    public struct Unseek: Codable, Hashable, Sendable {
        public var id: String
        public var seek: String?

        public init(id: String, seek: String? = nil) {
            self.id = id
            self.seek = seek
        }
    }
}

extension ClientFrame.Unseek: ClientRequest {
    static let type: StaticString = "unseek"
    var requestID: String? { id }
    var target: ClientFrame.Target { .queue }
    var texts: [String?] { [id, seek] }
    var frame: ClientFrame { .unseek(self) }

    static func read(_ s: inout JSONScanner) throws(JSONScanner.Declined) -> Self {
        var id = Field<String>(), seek = Field<String?>()
        try s.beginObject()
        while let key = try s.nextKey() {
            switch key {
            case "id": try id.set(s.string())
            case "seek": try seek.set(s.optionalString())
            default: try s.skipValue()
            }
        }
        return Self(id: try id.required(), seek: seek.optional())
    }

    func write(to out: inout JSONOutput) {
        out.key("id", first: true); out.string(id)
        if let seek { out.key("seek"); out.string(seek) }
        out.type(Self.type)
    }
}
