import Transcript
import Wire

/// The one place `memberships` changes, so that `knownMemberCounts` always counts it.
extension Engine {
    mutating func addMembership(of account: AccountID, in conversation: ConversationID) {
        guard memberships[account, default: []].insert(conversation).inserted else { return }
        knownMemberCounts[conversation, default: 0] += 1
        if let total = conversationTotals[account] { conversationTotals[account] = total + 1 }
    }

    mutating func removeMembership(of account: AccountID, in conversation: ConversationID) {
        guard memberships[account]?.remove(conversation) != nil else { return }
        uncount(conversation)
        if let total = conversationTotals[account] { conversationTotals[account] = max(0, total - 1) }
    }

    /// Teaches the engine how many conversations an account is in over every partition (the
    /// store's index counts them), before it decides whether the account may join another.
    public mutating func learnConversationCount(of account: AccountID, _ count: Int) {
        conversationTotals[account] = count
    }

    /// How many conversations `account` is in, as far as this engine knows.
    func conversationCount(of account: AccountID) -> Int {
        max(conversationTotals[account] ?? 0, memberships[account]?.count ?? 0)
    }

    /// Why `account` may not be in one more conversation, if it may not.
    func joiningRefusal(of account: AccountID) -> ErrorFrame? {
        let limit = configuration.maxConversationsPerAccount
        return conversationCount(of: account) >= limit ? EngineError.tooManyConversations(limit).frame : nil
    }

    /// Replaces what the engine knows of an account's conversations; `nil` forgets the account.
    mutating func setMemberships(of account: AccountID, to conversations: Set<ConversationID>?) {
        for conversation in memberships[account] ?? [] { uncount(conversation) }
        memberships[account] = conversations
        if conversations == nil { conversationTotals[account] = nil }
        for conversation in conversations ?? [] { knownMemberCounts[conversation, default: 0] += 1 }
    }

    /// Whether an account whose memberships the engine knows is a member of `conversation`,
    /// whether the conversation is in memory or not.
    public func hasKnownMember(_ conversation: ConversationID) -> Bool {
        knownMemberCounts[conversation] != nil
    }

    private mutating func uncount(_ conversation: ConversationID) {
        let count = (knownMemberCounts[conversation] ?? 1) - 1
        knownMemberCounts[conversation] = count > 0 ? count : nil
    }
}
