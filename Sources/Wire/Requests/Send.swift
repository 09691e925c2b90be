import Transcript

extension ClientFrame {
    /// A game message: the proposed next state of a session, or the first state of a new one.
    public struct Send: Codable, Hashable, Sendable {
        /// The client's message id. Sending the same id again gets the first answer again and
        /// never applies the message twice.
        public var id: String
        public var conversation: ConversationID
        public var game: String
        /// For a new session: the game's variant; `nil` for its default.
        public var variant: String?
        /// The session to continue; `nil` opens a new one.
        public var session: String?
        /// The `seq` of the session's message this one answers; required with `session`.
        public var basedOn: Int?
        /// The proposed state: any URL whose query is the state (`?Base=base01`).
        public var url: String
        /// For a new session: the seconds each player has for a move, one of the server's time
        /// controls; `nil` for the game's own turn time. A paired conversation's games keep the
        /// pairing's.
        public var secondsPerMove: Int?

        public init(
            id: String, conversation: ConversationID, game: String, variant: String? = nil,
            session: String? = nil, basedOn: Int? = nil, url: String, secondsPerMove: Int? = nil
        ) {
            self.secondsPerMove = secondsPerMove
            self.id = id
            self.conversation = conversation
            self.game = game
            self.variant = variant
            self.session = session
            self.basedOn = basedOn
            self.url = url
        }
    }
}

extension ClientFrame.Send: ClientRequest {
    static let type: StaticString = "send"
    var requestID: String? { id }
    var target: ClientFrame.Target { .conversation(conversation) }
    var texts: [String?] { [id, conversation.rawValue, game, variant, session] }
    var frame: ClientFrame { .send(self) }

    static func read(_ s: inout JSONScanner) throws(JSONScanner.Declined) -> Self {
        var id = Field<String>(), conversation = Field<ConversationID>(), game = Field<String>(), variant = Field<String?>()
        var session = Field<String?>(), basedOn = Field<Int?>(), url = Field<String>(), secondsPerMove = Field<Int?>()
        try s.beginObject()
        while let key = try s.nextKey() {
            switch key {
            case "id": try id.set(s.string())
            case "conversation": try conversation.set(ConversationID(spelling: s.string()))
            case "game": try game.set(s.string())
            case "variant": try variant.set(s.optionalString())
            case "session": try session.set(s.optionalString())
            case "basedOn": try basedOn.set(s.null() ? nil : s.int())
            case "url": try url.set(s.string())
            case "secondsPerMove": try secondsPerMove.set(s.null() ? nil : s.int())
            default: try s.skipValue()
            }
        }
        return Self(
            id: try id.required(), conversation: try conversation.required(), game: try game.required(),
            variant: variant.optional(), session: session.optional(), basedOn: basedOn.optional(), url: try url.required(),
            secondsPerMove: secondsPerMove.optional())
    }

    func write(to out: inout JSONOutput) {
        if let basedOn { out.key("basedOn", first: true); out.integer(basedOn) }
        out.key("conversation", first: basedOn == nil); out.string(conversation.rawValue)
        out.key("game"); out.string(game)
        out.key("id"); out.string(id)
        if let seconds = secondsPerMove { out.key("secondsPerMove"); out.integer(seconds) }
        if let session { out.key("session"); out.string(session) }
        out.type(Self.type)
        out.key("url"); out.string(url)
        if let variant { out.key("variant"); out.string(variant) }
    }
}
