import Transcript

extension ClientFrame {
    /// Where a request goes, read from the frame alone and worked out here once: the router
    /// hands the frame to the pipeline of its target, and the engine loads the conversations
    /// its target names.
    public enum Target: Hashable, Sendable {
        /// A conversation the sender acts on as a member: `send`, `resume`, `ack`, `leave`,
        /// `resign`, `chat`.
        case conversation(ConversationID)
        /// The conversation an invite opens: `join`.
        case invite(String)
        /// A conversation not made yet, by whichever pipeline takes it: `create`.
        case newConversation
        /// The one queue of seeks: `seek`, `unseek`.
        case queue
        /// The sender's account, by the pipeline of the account: `authenticate`.
        case account
        /// The sender's account and each of its conversations, told by the pipeline of the
        /// account: `rename`.
        case accountAndItsConversations
        /// A page of the sender's conversations, each pipeline answering for its own: `list`.
        case everyPipeline
    }

    public var target: Target {
        switch self {
        case let .send(request): .conversation(request.conversation)
        case let .resume(request): .conversation(request.conversation)
        case let .ack(request): .conversation(request.conversation)
        case let .leave(request): .conversation(request.conversation)
        case let .resign(request): .conversation(request.conversation)
        case let .chat(request): .conversation(request.conversation)
        case let .join(request): .invite(request.invite)
        case .create: .newConversation
        case .seek, .unseek: .queue
        case .authenticate: .account
        case .rename: .accountAndItsConversations
        case .list: .everyPipeline
        }
    }
}
