import Transcript

/// The clients' frames, key for key as their `Decodable` conformances read them (see
/// ClientFrame+Codable.swift); keys they do not know are skipped, and the scanner checks `type`.
extension FrameReader {
    static func clientFrame(_ s: inout JSONScanner) throws(JSONScanner.Declined) -> ClientFrame {
        let frame: ClientFrame
        let type = try guessedType(s)
        s.expectFrameType(type)
        switch type {
        case "authenticate": frame = .authenticate(try authenticate(&s))
        case "create": frame = .create(ClientFrame.Create(id: try onlyID(&s)))
        case "join": frame = .join(try join(&s))
        case "list": frame = .list(try list(&s))
        case "leave": frame = .leave(try leave(&s))
        case "rename": frame = .rename(try rename(&s))
        case "send": frame = .send(try send(&s))
        case "ack": frame = .ack(try ack(&s))
        case "resume": frame = .resume(try resume(&s))
        case "resign": frame = .resign(try resign(&s))
        case "chat": frame = .chat(try chat(&s))
        case "seek": frame = .seek(try seek(&s))
        case "unseek": frame = .unseek(try unseek(&s))
        default: throw JSONScanner.Declined()
        }
        try s.end()
        return frame
    }

    static func authenticate(_ s: inout JSONScanner) throws(JSONScanner.Declined) -> ClientFrame.Authenticate {
        var v = Field<ProtocolVersion>(), publicKey = Field<String>(), signature = Field<String>(), name = Field<String?>()
        try s.beginObject()
        while let key = try s.nextKey() {
            switch key {
            case "v": try v.set(ProtocolVersion(rawValue: s.int()))
            case "publicKey": try publicKey.set(s.string())
            case "signature": try signature.set(s.string())
            case "name": try name.set(s.optionalString())
            default: try s.skipValue()
            }
        }
        return ClientFrame.Authenticate(
            v: try v.required(), publicKey: try publicKey.required(), signature: try signature.required(), name: name.optional())
    }

    /// A `create` or a `list`: an `id` and nothing else.
    static func onlyID(_ s: inout JSONScanner) throws(JSONScanner.Declined) -> String {
        var id = Field<String>()
        try s.beginObject()
        while let key = try s.nextKey() {
            switch key {
            case "id": try id.set(s.string())
            default: try s.skipValue()
            }
        }
        return try id.required()
    }

    static func list(_ s: inout JSONScanner) throws(JSONScanner.Declined) -> ClientFrame.List {
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
        return ClientFrame.List(id: try id.required(), after: after.optional(), limit: limit.optional())
    }

    static func join(_ s: inout JSONScanner) throws(JSONScanner.Declined) -> ClientFrame.Join {
        var id = Field<String>(), invite = Field<String>()
        try s.beginObject()
        while let key = try s.nextKey() {
            switch key {
            case "id": try id.set(s.string())
            case "invite": try invite.set(s.string())
            default: try s.skipValue()
            }
        }
        return ClientFrame.Join(id: try id.required(), invite: try invite.required())
    }

    static func chat(_ s: inout JSONScanner) throws(JSONScanner.Declined) -> ClientFrame.Chat {
        var id = Field<String>(), conversation = Field<ConversationID>(), text = Field<String>()
        try s.beginObject()
        while let key = try s.nextKey() {
            switch key {
            case "id": try id.set(s.string())
            case "conversation": try conversation.set(ConversationID(spelling: s.string()))
            case "text": try text.set(s.string())
            default: try s.skipValue()
            }
        }
        return ClientFrame.Chat(id: try id.required(), conversation: try conversation.required(), text: try text.required())
    }

    static func resign(_ s: inout JSONScanner) throws(JSONScanner.Declined) -> ClientFrame.Resign {
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
        return ClientFrame.Resign(id: try id.required(), conversation: try conversation.required(), session: try session.required())
    }

    static func seek(_ s: inout JSONScanner) throws(JSONScanner.Declined) -> ClientFrame.Seek {
        func optionalInt(_ s: inout JSONScanner) throws(JSONScanner.Declined) -> Int? {
            try s.optional { (s: inout JSONScanner) throws(JSONScanner.Declined) in try s.int() }
        }
        var id = Field<String>(), game = Field<String>(), variant = Field<String?>(), secondsPerMove = Field<Int>()
        var rated = Field<Bool>(), players = Field<Int?>(), fewer = Field<Int?>(), bot = Field<Int?>()
        try s.beginObject()
        while let key = try s.nextKey() {
            switch key {
            case "id": try id.set(s.string())
            case "game": try game.set(s.string())
            case "variant": try variant.set(s.optionalString())
            case "secondsPerMove": try secondsPerMove.set(s.int())
            case "rated": try rated.set(s.bool())
            case "players": try players.set(optionalInt(&s))
            case "startWithFewerAfter": try fewer.set(optionalInt(&s))
            case "houseBotAfter": try bot.set(optionalInt(&s))
            default: try s.skipValue()
            }
        }
        return ClientFrame.Seek(
            id: try id.required(), game: try game.required(), variant: variant.optional(),
            secondsPerMove: try secondsPerMove.required(), rated: try rated.required(), players: players.optional(),
            startWithFewerAfter: fewer.optional(), houseBotAfter: bot.optional())
    }

    static func unseek(_ s: inout JSONScanner) throws(JSONScanner.Declined) -> ClientFrame.Unseek {
        var id = Field<String>(), seek = Field<String?>()
        try s.beginObject()
        while let key = try s.nextKey() {
            switch key {
            case "id": try id.set(s.string())
            case "seek": try seek.set(s.optionalString())
            default: try s.skipValue()
            }
        }
        return ClientFrame.Unseek(id: try id.required(), seek: seek.optional())
    }

    static func leave(_ s: inout JSONScanner) throws(JSONScanner.Declined) -> ClientFrame.Leave {
        var id = Field<String>(), conversation = Field<ConversationID>()
        try s.beginObject()
        while let key = try s.nextKey() {
            switch key {
            case "id": try id.set(s.string())
            case "conversation": try conversation.set(ConversationID(spelling: s.string()))
            default: try s.skipValue()
            }
        }
        return ClientFrame.Leave(id: try id.required(), conversation: try conversation.required())
    }

    static func rename(_ s: inout JSONScanner) throws(JSONScanner.Declined) -> ClientFrame.Rename {
        var id = Field<String>(), name = Field<String>()
        try s.beginObject()
        while let key = try s.nextKey() {
            switch key {
            case "id": try id.set(s.string())
            case "name": try name.set(s.string())
            default: try s.skipValue()
            }
        }
        return ClientFrame.Rename(id: try id.required(), name: try name.required())
    }

    static func send(_ s: inout JSONScanner) throws(JSONScanner.Declined) -> ClientFrame.Send {
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
        return ClientFrame.Send(
            id: try id.required(), conversation: try conversation.required(), game: try game.required(),
            variant: variant.optional(), session: session.optional(), basedOn: basedOn.optional(), url: try url.required(),
            secondsPerMove: secondsPerMove.optional())
    }

    static func ack(_ s: inout JSONScanner) throws(JSONScanner.Declined) -> ClientFrame.Ack {
        var conversation = Field<ConversationID>(), seq = Field<Int>()
        try s.beginObject()
        while let key = try s.nextKey() {
            switch key {
            case "conversation": try conversation.set(ConversationID(spelling: s.string()))
            case "seq": try seq.set(s.int())
            default: try s.skipValue()
            }
        }
        return ClientFrame.Ack(conversation: try conversation.required(), seq: try seq.required())
    }

    static func resume(_ s: inout JSONScanner) throws(JSONScanner.Declined) -> ClientFrame.Resume {
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
        return ClientFrame.Resume(id: try id.required(), conversation: try conversation.required(), after: try after.required())
    }
}
