import Transcript
import Wire

/// What the engine asks its `AccountDirectory` of memberships, and tells it.
extension Engine {
    /// Teaches the engine how many conversations an account is in over every partition (the
    /// store's index counts them), before it decides whether the account may join another.
    public mutating func learnConversationCount(of account: AccountID, _ count: Int) {
        directory.learnConversationCount(of: account, count)
    }

    /// Why `account` may not be in one more conversation, if it may not.
    func joiningRefusal(of account: AccountID) -> ErrorFrame? {
        directory.joiningRefusal(of: account, limit: configuration.maxConversationsPerAccount)
    }

    /// Whether an account whose memberships the engine knows is a member of `conversation`,
    /// whether the conversation is in memory or not.
    public func hasKnownMember(_ conversation: ConversationID) -> Bool {
        directory.hasKnownMember(conversation)
    }
}
