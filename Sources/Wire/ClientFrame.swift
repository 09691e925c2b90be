import Transcript

/// Every frame a client sends: a JSON object whose `type` names the frame and whose other
/// keys are that frame's fields (see docs/PROTOCOL.md). Requests carry an `id` chosen by the
/// client; the server's answer to a request carries the same `id`.
///
/// Each request is described in its own file under Sources/Wire/Requests (`ClientRequest`);
/// adding one adds its case here, its type to `requests` and its line to `accept(_:)`.
public enum ClientFrame: Hashable, Sendable {
    case authenticate(Authenticate)
    case create(Create)
    case join(Join)
    case list(List)
    case leave(Leave)
    case rename(Rename)
    case send(Send)
    case ack(Ack)
    case resume(Resume)
    case resign(Resign)
    case chat(Chat)
    case seek(Seek)
    case unseek(Unseek)

    /// Every request a client may send.
    static let requests: [any ClientRequest.Type] = [
        Authenticate.self, Create.self, Join.self, List.self, Leave.self, Rename.self, Send.self, Ack.self, Resume.self,
        Resign.self, Chat.self, Seek.self, Unseek.self,
    ]

    /// The one switch over the requests in Wire: hands `visitor` the request this frame carries.
    func accept<Visitor: ClientRequestVisitor>(_ visitor: inout Visitor) -> Visitor.Answer {
        switch self {
        case let .authenticate(request): visitor.visit(request)
        case let .create(request): visitor.visit(request)
        case let .join(request): visitor.visit(request)
        case let .list(request): visitor.visit(request)
        case let .leave(request): visitor.visit(request)
        case let .rename(request): visitor.visit(request)
        case let .send(request): visitor.visit(request)
        case let .ack(request): visitor.visit(request)
        case let .resume(request): visitor.visit(request)
        case let .resign(request): visitor.visit(request)
        case let .chat(request): visitor.visit(request)
        case let .seek(request): visitor.visit(request)
        case let .unseek(request): visitor.visit(request)
        }
    }
}
