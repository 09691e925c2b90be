import Fairness
import GameRules
import Transcript
import Wire

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
    /// `views`, with it, are the views of the state after the move (`views(of:seats:)`),
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

extension EngineError {
    static func corrupt(_ detail: String) -> Self {
        Self("corrupt-log", "The stored events do not fit together: \(detail).")
    }
}
