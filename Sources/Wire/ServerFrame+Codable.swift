extension ServerFrame: Codable {
    private enum TypeKey: String, CodingKey { case type }

    public init(from decoder: any Decoder) throws {
        let type = try decoder.container(keyedBy: TypeKey.self).decode(String.self, forKey: .type)
        switch type {
        case "challenge": self = .challenge(try Challenge(from: decoder))
        case "welcome": self = .welcome(try Welcome(from: decoder))
        case "conversation": self = .conversation(try ConversationReply(from: decoder))
        case "conversations": self = .conversations(try ConversationList(from: decoder))
        case "done": self = .done(try Done(from: decoder))
        case "accepted": self = .accepted(try Accepted(from: decoder))
        case "rejected": self = .rejected(try Rejected(from: decoder))
        case "error": self = .error(try ErrorFrame(from: decoder))
        case "event": self = .event(try Event(from: decoder))
        case "synced": self = .synced(try Synced(from: decoder))
        default:
            throw DecodingError.dataCorrupted(.init(
                codingPath: [TypeKey.type], debugDescription: "unknown frame type \"\(type)\""))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: TypeKey.self)
        try container.encode(type, forKey: .type)
        switch self {
        case let .challenge(frame): try frame.encode(to: encoder)
        case let .welcome(frame): try frame.encode(to: encoder)
        case let .conversation(frame): try frame.encode(to: encoder)
        case let .conversations(frame): try frame.encode(to: encoder)
        case let .done(frame): try frame.encode(to: encoder)
        case let .accepted(frame): try frame.encode(to: encoder)
        case let .rejected(frame): try frame.encode(to: encoder)
        case let .error(frame): try frame.encode(to: encoder)
        case let .event(frame): try frame.encode(to: encoder)
        case let .synced(frame): try frame.encode(to: encoder)
        }
    }

    public var type: String {
        switch self {
        case .challenge: "challenge"
        case .welcome: "welcome"
        case .conversation: "conversation"
        case .conversations: "conversations"
        case .done: "done"
        case .accepted: "accepted"
        case .rejected: "rejected"
        case .error: "error"
        case .event: "event"
        case .synced: "synced"
        }
    }
}

extension ServerFrame {
    /// The id of the request this frame answers; `nil` for frames nobody asked for (events,
    /// connection errors, the handshake).
    public var requestID: String? {
        switch self {
        case .challenge, .welcome, .error, .event: nil
        case let .conversation(frame): frame.id
        case let .conversations(frame): frame.id
        case let .done(frame): frame.id
        case let .accepted(frame): frame.id
        case let .rejected(frame): frame.id
        case let .synced(frame): frame.id
        }
    }
}
