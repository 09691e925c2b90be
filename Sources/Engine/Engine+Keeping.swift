import Fairness
import GameRules
import Matchmaking
import Transcript
import Wire

// Keeping: records applied to the conversations and the directory; a batch's changes set aside
// while the store appends them, then kept, dropped, or forgotten after a lost race.

/// The one place the engine's state changes: live decisions and the replay at start both go
/// through `apply`, so a restarted server holds exactly what it held before.
extension Engine {
    /// Replays a stored event. Throws when the event does not fit the state, which means the
    /// log is not this engine's (or its games changed incompatibly).
    public mutating func apply(_ event: Record) throws(EngineError) {
        try apply(event, match: nil)
    }

    /// `match` is the session's match after an accepted move when the caller has it at hand,
    /// which spares decoding the state again.
    /// `views`, with it, are the views of the state after the move (`states(of:seats:)`),
    /// `digests` the digests of its signed copies (`chain(after:…)`), and `commitments` the
    /// session's trees (`fleetProofs(after:signer:)`).
    mutating func apply(
        _ event: Record, match: AnyMatch?, views: StateViews? = nil, digests: CopyDigests? = nil,
        commitments: [Int: FleetCommitment] = [:]
    ) throws(EngineError) {
        switch event {
        case let .conversationCreated(id, invite, _):
            let state = Conversation(id: id, invite: invite)
            conversations[id] = state
            directory.invites[invite] = id
            directory.invites[state.watchInvite] = id
            if counting { totals.conversations += 1 }
        case let .renamed(account, name):
            directory.names[account] = name
        case let .downtime(from, to):
            try downtimes.add(from: from, to: to)
        case .ratingChanged, .sought, .unsought:
            // The engine keeps no ratings (the store's index has them: `IndexKind.rating`), and
            // its matchmaker changes as it decides (or takes in what another server stored).
            break
        default:
            guard let id = event.conversation, conversations[id] != nil else {
                throw .corrupt("unknown conversation \(event.conversation?.rawValue ?? "")")
            }
            let applying = Conversation.Applying(context: context, retiredKept: keepsFinishedSessions ? nil : retiredKept)
            let counts = try conversations[id]!.apply(
                event, with: applying, match: match, views: views, digests: digests, commitments: commitments)
            if counting {
                totals.moves += counts.moves
                totals.gamesInProgress += counts.gamesStarted
                for _ in 0..<counts.gamesFinished { totals.finishOne() }
            }
            switch event {
            case let .joined(_, _, account, _): noteMembership(of: account, in: id, member: true)
            case let .left(_, _, account), let .removed(_, _, account): noteMembership(of: account, in: id, member: false)
            default: break
            }
        }
    }

    /// Keeps an account's memberships when the engine knows them; the store's index has them
    /// all.
    private mutating func noteMembership(of account: AccountID, in conversation: ConversationID, member: Bool) {
        guard knowsEveryAccount || directory.conversations(of: account) != nil else { return }
        if member {
            directory.addMembership(of: account, in: conversation)
        } else {
            directory.removeMembership(of: account, in: conversation)
        }
    }

    mutating func rebuildDirectories(of conversation: ConversationID) {
        let identifiers = context.identifiers
        conversations[conversation]?.rebuildDirectories(with: identifiers)
    }
}

/// A batch is decided, then set aside while the store appends it, and kept only once the store
/// has kept its records. The engine decides on its own values, so that a move changes its
/// conversation in place rather than copying it; what spans conversations goes into a layer of
/// its own (`Layered`). Before the append, the conversations the batch changed are taken out of
/// the engine with that layer and the counters (`setAside(_:since:)`): while the store works,
/// the engine holds only what is stored, and a read of one of those conversations finds it in
/// the store. Once the store has kept the batch, `keep(_:)` puts them back. A batch the store
/// refuses is dropped with what was set aside: the engine never holds what the store does not,
/// and those conversations are read again from the store when next needed.
extension Engine {
    /// Where a batch began: the counters before it.
    public struct BatchStart: Sendable {
        let totals: EngineStatistics
        let matchmaker: Matchmaker
    }

    /// What a batch decided, set aside while the store appends it.
    public struct SetAside: Sendable {
        let conversations: [ConversationID: Conversation]
        let directory: AccountDirectory.Changes
        let totals: EngineStatistics
        let matchmaker: Matchmaker

        /// The conversations the batch changed, which the engine does not hold until they are
        /// kept.
        public var conversationIDs: [ConversationID] { Array(conversations.keys) }
    }

    /// Begins a batch: what spans conversations changes in a layer of its own from here on.
    public mutating func beginBatch() -> BatchStart {
        directory.beginLayer()
        return BatchStart(totals: totals, matchmaker: matchmaker)
    }

    /// Takes out what the batch that `events` record changed: their conversations, the
    /// directory's layer and the counters, which go back to what they were at `start`.
    public mutating func setAside(_ events: [Record], since start: BatchStart) -> SetAside {
        var taken: [ConversationID: Conversation] = [:]
        for event in events {
            guard let id = event.conversation, taken[id] == nil, let conversation = conversations.removeValue(forKey: id)
            else { continue }
            taken[id] = conversation
        }
        let decided = totals, seeks = matchmaker
        totals = start.totals
        matchmaker = start.matchmaker
        return SetAside(conversations: taken, directory: directory.takeLayer(), totals: decided, matchmaker: seeks)
    }

    /// Takes out what `decided` changed, while the store appends its records
    /// (`setAside(_:since:)`).
    public mutating func setAside(_ decided: BatchDecision) -> SetAside {
        setAside(decided.records, since: decided.start)
    }

    /// Keeps what was set aside, once the store has kept it: the conversations (in place of any
    /// loaded from the store meanwhile), the directory's changes and the counters.
    public mutating func keep(_ aside: SetAside) {
        for (id, conversation) in aside.conversations { conversations[id] = conversation }
        directory.merge(aside.directory)
        totals = aside.totals
        matchmaker = aside.matchmaker
    }

    /// Whether a batch has begun and not been set aside.
    public var isDeciding: Bool { directory.isLayered }
}

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
    /// Returns what they decided there as far as this server is concerned: the events taken in,
    /// the entries they made, to be relayed to this server's connections, and the turn clocks
    /// they moved on or stopped. Events of a conversation not in memory, or that it holds
    /// already (by seq), are skipped.
    public mutating func applyStoredElsewhere(_ events: [Record]) throws(EngineError) -> Decision {
        counting = false
        defer { counting = true }
        var taken = Decision()
        for event in events {
            guard let conversation = event.conversation, let state = conversations[conversation] else {
                if case let .renamed(account, name) = event, directory.names[account] != nil { directory.names[account] = name }
                continue
            }
            if let seq = event.seq, seq <= state.lastSeq { continue }
            try apply(event)
            taken.events.append(event)
            if let seq = event.seq { taken.notify.append(EntryReference(conversation: conversation, seq: seq)) }
        }
        return timed(taken)
    }
}
