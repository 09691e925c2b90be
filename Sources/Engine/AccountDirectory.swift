import Transcript

/// What spans conversations, kept apart from any one of them: who is in which conversation, the
/// accounts' names, and the invites that lead to the conversations in memory. A server's engine
/// holds the part of it that the conversations in memory and the connected accounts need; the
/// store's index holds all of it. Memberships change only through its methods, so that its
/// count of known members per conversation always agrees with them.
struct AccountDirectory: Sendable {
    /// The invites (to play and to watch) of the conversations in memory, by code.
    var invites: Layered<String, ConversationID> = [:]
    /// The names of the accounts the engine knows of; a server keeps those of members of
    /// conversations in memory and of connected accounts.
    var names: Layered<AccountID, String> = [:]
    /// The conversations of each account the engine knows (every account, or those loaded by
    /// `learnMemberships`), whether those conversations are in memory or not.
    private var memberships: Layered<AccountID, Set<ConversationID>> = [:]
    /// For each conversation, how many of the accounts in `memberships` are its members: whether
    /// an account this engine knows of (a connected one, in a server) is in it, without a search.
    private var knownMemberCounts: Layered<ConversationID, Int> = [:]
    /// How many conversations an account is in over all partitions, as the store's index said
    /// before a create or a join (`learnConversationCount`), kept up as it joins and leaves.
    private var conversationTotals: Layered<AccountID, Int> = [:]

    /// The conversations `account` is in, as far as the directory knows; `nil` for an account
    /// whose memberships it does not hold.
    func conversations(of account: AccountID) -> Set<ConversationID>? { memberships[account] }

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

    /// How many conversations `account` is in over every partition, as the store's index counts
    /// them.
    mutating func learnConversationCount(of account: AccountID, _ count: Int) {
        conversationTotals[account] = count
    }

    /// How many conversations `account` is in, as far as the directory knows.
    func conversationCount(of account: AccountID) -> Int {
        max(conversationTotals[account] ?? 0, memberships[account]?.count ?? 0)
    }

    /// Replaces what the directory knows of an account's conversations; `nil` forgets the account.
    mutating func setMemberships(of account: AccountID, to conversations: Set<ConversationID>?) {
        for conversation in memberships[account] ?? [] { uncount(conversation) }
        memberships[account] = conversations
        if conversations == nil { conversationTotals[account] = nil }
        for conversation in conversations ?? [] { knownMemberCounts[conversation, default: 0] += 1 }
    }

    /// Whether an account whose memberships the directory knows is a member of `conversation`.
    func hasKnownMember(_ conversation: ConversationID) -> Bool {
        knownMemberCounts[conversation] != nil
    }

    /// Forgets the accounts (their memberships and names) that `keep` does not hold for, except
    /// the names of `needed`.
    mutating func forgetAccounts(keeping keep: (AccountID) -> Bool, keepingNamesOf needed: Set<AccountID>) {
        for account in memberships.keys where !keep(account) { setMemberships(of: account, to: nil) }
        for account in names.keys where !needed.contains(account) && !keep(account) { names[account] = nil }
    }

    /// Every account's conversations, as far as the directory knows.
    var allMemberships: [AccountID: Set<ConversationID>] { memberships.dictionary }

    /// What a batch changed in the directory (`Engine.setAside(_:since:)`).
    struct Changes: Sendable {
        fileprivate let invites: [String: ConversationID?]
        fileprivate let names: [AccountID: String?]
        fileprivate let memberships: [AccountID: Set<ConversationID>?]
        fileprivate let knownMemberCounts: [ConversationID: Int?]
        fileprivate let conversationTotals: [AccountID: Int?]
    }

    /// Whether changes go into a layer of their own.
    var isLayered: Bool { names.isLayered }

    /// From here on, changes go into a layer of their own.
    mutating func beginLayer() {
        invites.beginLayer()
        names.beginLayer()
        memberships.beginLayer()
        knownMemberCounts.beginLayer()
        conversationTotals.beginLayer()
    }

    /// The layer's changes, taken out (`Layered.takeLayer()`).
    mutating func takeLayer() -> Changes {
        Changes(
            invites: invites.takeLayer(), names: names.takeLayer(), memberships: memberships.takeLayer(),
            knownMemberCounts: knownMemberCounts.takeLayer(), conversationTotals: conversationTotals.takeLayer())
    }

    /// Merges what a batch changed, once it is stored.
    mutating func merge(_ changes: Changes) {
        invites.merge(changes.invites)
        names.merge(changes.names)
        memberships.merge(changes.memberships)
        knownMemberCounts.merge(changes.knownMemberCounts)
        conversationTotals.merge(changes.conversationTotals)
    }

    private mutating func uncount(_ conversation: ConversationID) {
        let count = (knownMemberCounts[conversation] ?? 1) - 1
        knownMemberCounts[conversation] = count > 0 ? count : nil
    }
}
