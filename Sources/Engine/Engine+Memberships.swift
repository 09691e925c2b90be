import Transcript

/// The one place `memberships` changes, so that `knownMemberCounts` always counts it.
extension Engine {
    mutating func addMembership(of account: AccountID, in conversation: String) {
        guard memberships[account, default: []].insert(conversation).inserted else { return }
        knownMemberCounts[conversation, default: 0] += 1
    }

    mutating func removeMembership(of account: AccountID, in conversation: String) {
        guard memberships[account]?.remove(conversation) != nil else { return }
        uncount(conversation)
    }

    /// Replaces what the engine knows of an account's conversations; `nil` forgets the account.
    mutating func setMemberships(of account: AccountID, to conversations: Set<String>?) {
        for conversation in memberships[account] ?? [] { uncount(conversation) }
        memberships[account] = conversations
        for conversation in conversations ?? [] { knownMemberCounts[conversation, default: 0] += 1 }
    }

    /// Whether an account whose memberships the engine knows is a member of `conversation`,
    /// whether the conversation is in memory or not.
    public func hasKnownMember(_ conversation: String) -> Bool {
        knownMemberCounts[conversation] != nil
    }

    private mutating func uncount(_ conversation: String) {
        let count = (knownMemberCounts[conversation] ?? 1) - 1
        knownMemberCounts[conversation] = count > 0 ? count : nil
    }
}
