import Transcript

extension ClientFrame {
    /// One page of your conversations, in the order of their ids: those after `after` (from the
    /// first when absent), at most `limit` (`defaultPage` when absent, at most `maxPage`).
    public struct List: Codable, Hashable, Sendable {
        public var id: String
        public var after: ConversationID?
        public var limit: Int?
        public init(id: String, after: ConversationID? = nil, limit: Int? = nil) {
            self.id = id
            self.after = after
            self.limit = limit
        }

        public static let defaultPage = 100
        public static let maxPage = 500

        /// How many this page holds at most.
        public var pageSize: Int { min(max(1, limit ?? Self.defaultPage), Self.maxPage) }
    }
}

extension ClientFrame.List: ClientRequest {
    static let type: StaticString = "list"
    var requestID: String? { id }
    var target: ClientFrame.Target { .everyPipeline }
    var texts: [String?] { [id] }
    var frame: ClientFrame { .list(self) }

    static func read(_ s: inout JSONScanner) throws(JSONScanner.Declined) -> Self {
        var id = Field<String>(), after = Field<ConversationID?>(), limit = Field<Int?>()
        try s.beginObject()
        while let key = try s.nextKey() {
            switch key {
            case "id": try id.set(s.string())
            case "after": try after.set(s.optionalString().map(ConversationID.init(spelling:)))
            case "limit": try limit.set(s.optional { (s: inout JSONScanner) throws(JSONScanner.Declined) in try s.int() })
            default: try s.skipValue()
            }
        }
        return Self(id: try id.required(), after: after.optional(), limit: limit.optional())
    }

    func write(to out: inout JSONOutput) {
        if let after { out.key("after", first: true); out.string(after.rawValue) }
        out.key("id", first: after == nil); out.string(id)
        if let limit { out.key("limit"); out.integer(limit) }
        out.type(Self.type)
    }
}
