import Transcript

/// What an engine does when other servers share its store: it takes in the events they stored
/// (`applyStoredElsewhere`), and when the store refused a batch because another server had
/// moved one of its conversations on first, it forgets what those conversations and accounts
/// were (`forget(_:)`), so that the batch is decided again on what the store holds.
extension Engine {
    /// Forgets the conversations of `events`, a batch set aside (`setAside(_:since:)`) that the store
    /// refused, and the accounts they made or unmade members (with their names): another server
    /// changed them, and the store holds the truth of all of them; a server reads it again as
    /// requests need it. Returns the conversations that left memory. For an engine that learns
    /// accounts from the store (`knowsEveryAccount` false).
    public mutating func forget(_ events: [Record]) -> Set<ConversationID> {
        var forgotten: Set<ConversationID> = []
        for event in events {
            if let conversation = event.conversation, forgotten.insert(conversation).inserted { evict(conversation) }
            switch event {
            case let .conversationCreated(_, _, account), let .joined(_, _, account, _), let .left(_, _, account),
                let .removed(_, _, account):
                directory.setMemberships(of: account, to: nil)
            case let .renamed(account, _):
                directory.names[account] = nil
            default:
                break
            }
        }
        return forgotten
    }

    /// Takes in events that another server stored, in the order of the store, for a conversation
    /// in memory: they are applied as that server applied them (and counted there, not here).
    /// Returns the entries they made, to be relayed to this server's connections. Events of a
    /// conversation not in memory, or that it holds already (by seq), are skipped.
    public mutating func applyStoredElsewhere(_ events: [Record]) throws(EngineError) -> [EntryReference] {
        counting = false
        defer { counting = true }
        var made: [EntryReference] = []
        for event in events {
            guard let conversation = event.conversation, let state = conversations[conversation] else {
                if case let .renamed(account, name) = event, directory.names[account] != nil { directory.names[account] = name }
                continue
            }
            if let seq = event.seq, seq <= state.lastSeq { continue }
            try apply(event)
            if let seq = event.seq { made.append(EntryReference(conversation: conversation, seq: seq)) }
        }
        return made
    }
}
