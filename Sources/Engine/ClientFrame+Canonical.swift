import Foundation
import Wire

extension ClientFrame {
    /// The frame with its conversation id spelled as the server makes them (an upper-case
    /// UUID), so that a client that writes ids in lower case names the same conversation. An id
    /// that is not a UUID is left as it is, and refused as unknown.
    public var canonical: ClientFrame {
        func spelled(_ id: String) -> String { UUID(uuidString: id)?.uuidString ?? id }
        switch self {
        case var .leave(request):
            request.conversation = spelled(request.conversation)
            return .leave(request)
        case var .send(request):
            request.conversation = spelled(request.conversation)
            return .send(request)
        case var .ack(request):
            request.conversation = spelled(request.conversation)
            return .ack(request)
        case var .resume(request):
            request.conversation = spelled(request.conversation)
            return .resume(request)
        case var .resign(request):
            request.conversation = spelled(request.conversation)
            request.session = UUID(uuidString: request.session)?.uuidString ?? request.session
            return .resign(request)
        case var .chat(request):
            request.conversation = spelled(request.conversation)
            return .chat(request)
        case .authenticate, .create, .join, .list, .rename:
            return self
        }
    }
}
