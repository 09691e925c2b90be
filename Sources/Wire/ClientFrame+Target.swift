import Transcript

extension ClientFrame {
    /// Where a request goes (`target`), each request saying its own in its file.
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
}
