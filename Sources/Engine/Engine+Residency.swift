import Foundation
import Storage
import Transcript
import Wire

/// Which conversations are in memory. Only those in use lately are; the server evicts the
/// others when they have been idle for a while and loads one again from its stored events when
/// a request needs it, or when a turn that ran in it reaches its deadline.
extension Engine {
    /// How many conversations are in memory.
    public var residentCount: Int { conversations.count }

    public var residentConversations: [ConversationID] { Array(conversations.keys) }

    public func holds(_ conversation: ConversationID) -> Bool { conversations[conversation] != nil }

    /// The conversations a request names: the one it acts on (for a member), the one its invite
    /// opens, or the account's of a `list`'s page.
    public func conversations(namedBy frame: ClientFrame, from account: AccountID) -> [ConversationID] {
        switch frame.target {
        case let .conversation(conversation): return ifMember(account, of: conversation)
        case let .invite(invite): return directory.invites[InviteCode.normalized(invite)].map { [$0] } ?? []
        case .everyPipeline:
            guard case let .list(request) = frame else { return [] }
            return listPage(of: account, request).ids
        // A new name is told in each of the account's conversations.
        case .accountAndItsConversations: return (directory.conversations(of: account) ?? []).sorted()
        case .newConversation, .account, .queue: return []
        }
    }

    /// The ids of a `list`'s page of the account's conversations (those of this engine's
    /// partition), and whether more follow it.
    func listPage(of account: AccountID, _ request: ClientFrame.List) -> (ids: [ConversationID], more: Bool) {
        let after = request.after ?? ""
        let following = (directory.conversations(of: account) ?? []).filter { $0 > after }.sorted()
        return (Array(following.prefix(request.pageSize)), following.count > request.pageSize)
    }

    /// `[conversation]` if `account` is a member of it, else nothing. A method, not a closure
    /// over `self`: that would copy the engine.
    func ifMember(_ account: AccountID, of conversation: ConversationID) -> [ConversationID] {
        directory.conversations(of: account)?.contains(conversation) == true ? [conversation] : []
    }

    /// Lets an idle conversation leave memory, unless one of its turns is due before `soon`
    /// (`nil`: it stays, as it would be read back at once). What it gained since its newest
    /// stored snapshot (which holds its entries up to `snapshotSeq`) comes back as a snapshot to
    /// store, of its records after `storedThrough`, with the turn deadlines running in it.
    public mutating func evictIdle(
        _ conversation: ConversationID, storedThrough: Int64, snapshotSeq: Int, unlessDueBefore soon: Date
    ) -> Eviction? {
        let deadlines = deadlines(in: conversation)
        if deadlines.contains(where: { $0.at < soon }) { return nil }
        var snapshot: IndexChange?
        if let lastSeq = lastSeq(of: conversation), lastSeq > snapshotSeq {
            snapshot = snapshotChange(of: conversation, after: storedThrough)
        }
        evict(conversation)
        return Eviction(snapshot: snapshot, deadlines: deadlines)
    }

    /// Takes a conversation out of memory; its events stay in the store, and its invite in the
    /// store's index.
    public mutating func evict(_ conversation: ConversationID) {
        guard let state = conversations.removeValue(forKey: conversation) else { return }
        directory.invites[state.invite] = nil
        directory.invites[state.watchInvite] = nil
    }

    /// Brings a conversation back into memory from every one of its stored events, in order.
    /// What was counted when they were decided is not counted again.
    public mutating func load(_ conversation: ConversationID, from stored: [Record]) throws(EngineError) {
        guard conversations[conversation] == nil else { return }
        counting = false
        defer { counting = true }
        for event in stored where event.conversation == conversation { try apply(event) }
        guard conversations[conversation] != nil else { throw .corrupt("no stored events of \(conversation)") }
    }
}
