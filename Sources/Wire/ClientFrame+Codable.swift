extension ClientFrame: Codable {
    private enum TypeKey: String, CodingKey { case type }

    public init(from decoder: any Decoder) throws {
        let type = try decoder.container(keyedBy: TypeKey.self).decode(String.self, forKey: .type)
        switch type {
        case "authenticate": self = .authenticate(try Authenticate(from: decoder))
        case "create": self = .create(try Create(from: decoder))
        case "join": self = .join(try Join(from: decoder))
        case "list": self = .list(try List(from: decoder))
        case "leave": self = .leave(try Leave(from: decoder))
        case "rename": self = .rename(try Rename(from: decoder))
        case "send": self = .send(try Send(from: decoder))
        case "ack": self = .ack(try Ack(from: decoder))
        case "resume": self = .resume(try Resume(from: decoder))
        case "resign": self = .resign(try Resign(from: decoder))
        case "chat": self = .chat(try Chat(from: decoder))
        case "seek": self = .seek(try Seek(from: decoder))
        case "unseek": self = .unseek(try Unseek(from: decoder))
        default:
            throw DecodingError.dataCorrupted(.init(
                codingPath: [TypeKey.type], debugDescription: "unknown frame type \"\(type)\""))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: TypeKey.self)
        try container.encode(type, forKey: .type)
        switch self {
        case let .authenticate(frame): try frame.encode(to: encoder)
        case let .create(frame): try frame.encode(to: encoder)
        case let .join(frame): try frame.encode(to: encoder)
        case let .list(frame): try frame.encode(to: encoder)
        case let .leave(frame): try frame.encode(to: encoder)
        case let .rename(frame): try frame.encode(to: encoder)
        case let .send(frame): try frame.encode(to: encoder)
        case let .ack(frame): try frame.encode(to: encoder)
        case let .resume(frame): try frame.encode(to: encoder)
        case let .resign(frame): try frame.encode(to: encoder)
        case let .chat(frame): try frame.encode(to: encoder)
        case let .seek(frame): try frame.encode(to: encoder)
        case let .unseek(frame): try frame.encode(to: encoder)
        }
    }

    /// The frame's `type` on the wire.
    public var type: String {
        switch self {
        case .authenticate: "authenticate"
        case .create: "create"
        case .join: "join"
        case .list: "list"
        case .leave: "leave"
        case .rename: "rename"
        case .send: "send"
        case .ack: "ack"
        case .resume: "resume"
        case .resign: "resign"
        case .chat: "chat"
        case .seek: "seek"
        case .unseek: "unseek"
        }
    }

    /// The request id, for frames that expect an answer.
    public var requestID: String? {
        switch self {
        case .authenticate, .ack: nil
        case let .create(frame): frame.id
        case let .join(frame): frame.id
        case let .list(frame): frame.id
        case let .leave(frame): frame.id
        case let .rename(frame): frame.id
        case let .send(frame): frame.id
        case let .resume(frame): frame.id
        case let .resign(frame): frame.id
        case let .chat(frame): frame.id
        case let .seek(frame): frame.id
        case let .unseek(frame): frame.id
        }
    }
}

extension ClientFrame {
    /// The length in bytes of the longest text field other than a `send`'s `url` (which has a
    /// limit of its own), for the server's `limits.textLength`.
    public var longestText: Int {
        let texts: [String?] = switch self {
        case let .authenticate(frame): [frame.name, frame.publicKey, frame.signature]
        case let .create(frame): [frame.id]
        case let .join(frame): [frame.id, frame.invite]
        case let .list(frame): [frame.id]
        case let .leave(frame): [frame.id, frame.conversation.rawValue]
        case let .resign(frame): [frame.id, frame.conversation.rawValue, frame.session]
        case let .chat(frame): [frame.id, frame.conversation.rawValue, frame.text]
        case let .rename(frame): [frame.id, frame.name]
        case let .send(frame): [frame.id, frame.conversation.rawValue, frame.game, frame.variant, frame.session]
        case let .ack(frame): [frame.conversation.rawValue]
        case let .resume(frame): [frame.id, frame.conversation.rawValue]
        case let .seek(frame): [frame.id, frame.game, frame.variant]
        case let .unseek(frame): [frame.id, frame.seek]
        }
        return texts.map { $0?.utf8.count ?? 0 }.max() ?? 0
    }
}
