import Transcript

/// The server's frames, key for key as their `Decodable` conformances read them (see
/// ServerFrame+Codable.swift); keys they do not know are skipped, and the scanner checks `type`.
extension FrameReader {
    static func serverFrame(_ s: inout JSONScanner) throws(JSONScanner.Declined) -> ServerFrame {
        let frame: ServerFrame
        let type = try guessedType(s)
        s.expectFrameType(type)
        switch type {
        case "challenge": frame = .challenge(try challenge(&s))
        case "welcome": frame = .welcome(try welcome(&s))
        case "conversation": frame = .conversation(try conversationReply(&s))
        case "conversations": frame = .conversations(try conversationList(&s))
        case "done": frame = .done(try done(&s))
        case "accepted": frame = .accepted(try accepted(&s))
        case "rejected": frame = .rejected(try rejected(&s))
        case "error": frame = .error(try errorFrame(&s))
        case "event": frame = .event(try event(&s))
        case "synced": frame = .synced(try synced(&s))
        default: throw JSONScanner.Declined()
        }
        try s.end()
        return frame
    }

    static func challenge(_ s: inout JSONScanner) throws(JSONScanner.Declined) -> ServerFrame.Challenge {
        var v = Field<ProtocolVersion>(), nonce = Field<String>(), server = Field<String>()
        try s.beginObject()
        while let key = try s.nextKey() {
            switch key {
            case "v": try v.set(ProtocolVersion(rawValue: s.int()))
            case "nonce": try nonce.set(s.string())
            case "server": try server.set(s.string())
            default: try s.skipValue()
            }
        }
        return ServerFrame.Challenge(v: try v.required(), nonce: try nonce.required(), server: try server.required())
    }

    static func welcome(_ s: inout JSONScanner) throws(JSONScanner.Declined) -> ServerFrame.Welcome {
        var v = Field<ProtocolVersion>(), account = Field<String>(), name = Field<String?>()
        try s.beginObject()
        while let key = try s.nextKey() {
            switch key {
            case "v": try v.set(ProtocolVersion(rawValue: s.int()))
            case "account": try account.set(s.string())
            case "name": try name.set(s.optionalString())
            default: try s.skipValue()
            }
        }
        return ServerFrame.Welcome(v: try v.required(), account: try account.required(), name: name.optional())
    }

    static func conversationReply(_ s: inout JSONScanner) throws(JSONScanner.Declined) -> ServerFrame.ConversationReply {
        var id = Field<String>(), conversation = Field<ConversationSummary>()
        try s.beginObject()
        while let key = try s.nextKey() {
            switch key {
            case "id": try id.set(s.string())
            case "conversation": try conversation.set(conversationSummary(&s))
            default: try s.skipValue()
            }
        }
        return ServerFrame.ConversationReply(id: try id.required(), conversation: try conversation.required())
    }

    static func conversationList(_ s: inout JSONScanner) throws(JSONScanner.Declined) -> ServerFrame.ConversationList {
        var id = Field<String>(), conversations = Field<[ConversationSummary]>(), next = Field<ConversationID?>()
        try s.beginObject()
        while let key = try s.nextKey() {
            switch key {
            case "id": try id.set(s.string())
            case "conversations": try conversations.set(s.array(conversationSummary))
            case "next": try next.set(s.optionalString().map(ConversationID.init(spelling:)))
            default: try s.skipValue()
            }
        }
        return ServerFrame.ConversationList(id: try id.required(), conversations: try conversations.required(), next: next.optional())
    }

    static func done(_ s: inout JSONScanner) throws(JSONScanner.Declined) -> ServerFrame.Done {
        var id = Field<String>()
        try s.beginObject()
        while let key = try s.nextKey() {
            switch key {
            case "id": try id.set(s.string())
            default: try s.skipValue()
            }
        }
        return ServerFrame.Done(id: try id.required())
    }

    static func accepted(_ s: inout JSONScanner) throws(JSONScanner.Declined) -> ServerFrame.Accepted {
        var id = Field<String>(), conversation = Field<ConversationID>(), seq = Field<Int>(), session = Field<String>()
        try s.beginObject()
        while let key = try s.nextKey() {
            switch key {
            case "id": try id.set(s.string())
            case "conversation": try conversation.set(ConversationID(spelling: s.string()))
            case "seq": try seq.set(s.int())
            case "session": try session.set(s.string())
            default: try s.skipValue()
            }
        }
        return ServerFrame.Accepted(
            id: try id.required(), conversation: try conversation.required(), seq: try seq.required(),
            session: try session.required())
    }

    static func rejected(_ s: inout JSONScanner) throws(JSONScanner.Declined) -> ServerFrame.Rejected {
        var id = Field<String>(), error = Field<ErrorFrame>(), current = Field<Event?>()
        try s.beginObject()
        while let key = try s.nextKey() {
            switch key {
            case "id": try id.set(s.string())
            case "error": try error.set(errorFrame(&s))
            case "current": try current.set(s.optional(event))
            default: try s.skipValue()
            }
        }
        return ServerFrame.Rejected(id: try id.required(), error: try error.required(), current: current.optional())
    }

    static func synced(_ s: inout JSONScanner) throws(JSONScanner.Declined) -> ServerFrame.Synced {
        var id = Field<String>(), conversation = Field<ConversationID>(), lastSeq = Field<Int>()
        try s.beginObject()
        while let key = try s.nextKey() {
            switch key {
            case "id": try id.set(s.string())
            case "conversation": try conversation.set(ConversationID(spelling: s.string()))
            case "lastSeq": try lastSeq.set(s.int())
            default: try s.skipValue()
            }
        }
        return ServerFrame.Synced(
            id: try id.required(), conversation: try conversation.required(), lastSeq: try lastSeq.required())
    }

    static func errorFrame(_ s: inout JSONScanner) throws(JSONScanner.Declined) -> ErrorFrame {
        var code = Field<String>(), reason = Field<String>()
        try s.beginObject()
        while let key = try s.nextKey() {
            switch key {
            case "code": try code.set(s.string())
            case "reason": try reason.set(s.string())
            default: try s.skipValue()
            }
        }
        return ErrorFrame(code: try code.required(), reason: try reason.required())
    }
}
