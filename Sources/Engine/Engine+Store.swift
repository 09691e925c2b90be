import Foundation
import GameCatalog
import GameRules
import Storage
import Transcript
import Wire

// The store: the engine started from the index, the reads it asks for and what it takes in
// from them, and snapshots (the index changes a batch makes are in Engine+Indexing).

extension Engine {
    /// The engine of `start.partition`, which learns accounts, names and conversations from the
    /// store's index as requests need them, starting from the index's totals and downtimes.
    public init(
        configuration: EngineConfiguration, catalog: GameCatalog, identifiers: ParticipantIdentifiers, startingFrom start: IndexStart
    ) throws(EngineError) {
        self.init(configuration: configuration, catalog: catalog, identifiers: identifiers)
        partition = start.partition
        totalsKeyPrefix = start.totalsKeyPrefix
        try startFromIndex(totals: start.totals, downtimes: start.downtimes)
    }

    /// An engine that learns accounts, names and conversations from the store's index as
    /// requests need them, starting from the index's totals and downtimes.
    public mutating func startFromIndex(totals json: String?, downtimes entries: [IndexEntry]) throws(EngineError) {
        knowsEveryAccount = false
        if let json {
            guard let totals = try? JSONDecoder().decode(EngineStatistics.self, from: Data(json.utf8)) else {
                throw .corrupt("the index's totals do not decode")
            }
            self.totals = totals
        }
        for entry in entries {
            guard let from = Int64(entry.key), let to = Int64(entry.value) else { throw .corrupt("a downtime in the index") }
            try apply(.downtime(
                from: Date(timeIntervalSince1970: Double(from) / 1000), to: Date(timeIntervalSince1970: Double(to) / 1000)))
        }
    }

    /// The next read of the store that `request` needs before it is decided, given what
    /// `reading` has found so far; `nil` once it needs nothing more. In order: what the engine
    /// does not know of the account that sends it (its conversations and name), each
    /// conversation it names that is not in memory (an invite's or a session's looked up
    /// first), the account's count of conversations when it creates or joins one, and the first
    /// answer of a game's start sent again long after.
    public func nextRead(for request: Request, after reading: Reading) -> StoreRead? {
        func unless(_ read: StoreRead) -> StoreRead? { reading.done.contains(read) ? nil : read }
        if let account = Self.account(of: request), !knowsMemberships(of: account), let read = unless(.account(account)) {
            return read
        }
        switch named(by: request, after: reading) {
        case let .lookUp(read):
            return read
        case let .conversations(ids):
            for id in ids where !holds(id) {
                if let read = unless(.conversation(id)) { return read }
            }
        }
        if case let .seek(seek, account, _, _) = request {
            // One more conversation, once paired.
            if !knowsEveryAccount, let read = unless(.conversationCount(account)) { return read }
            // Paired by rating.
            return standingKey(of: seek, by: account).flatMap { unless(.standing(key: $0)) }
        }
        if case let .rate(id) = request {
            return partition.holds(id) && holds(id) ? unless(.unrated(id)) : nil
        }
        guard case let .frame(frame, account) = request else { return nil }
        switch frame {
        case .create, .join, .seek:
            if !knowsEveryAccount, let read = unless(.conversationCount(account)) { return read }
        default: break
        }
        return startToRecall(for: frame, by: account).flatMap { unless(.start(key: $0)) }
    }

    /// Takes in what a read of the store found (`nextRead(for:after:)` names the reads), or
    /// what another server stored. A conversation loaded comes with the turn clocks running in
    /// it and the members whose names to read next; a snapshot this version cannot use changes
    /// nothing (`Taken.loaded` is false: take every record of the conversation instead).
    public mutating func take(_ found: StoreFound) throws(EngineError) -> Taken {
        var taken = Taken()
        switch found {
        case let .account(account, conversations, name):
            learn(account, conversations: conversations, name: name)
        case let .conversationCount(account, count):
            learnConversationCount(of: account, count)
        case let .start(key, answer):
            recall(answer, under: key)
        case let .snapshot(conversation, snapshot, stored):
            guard try load(conversation, snapshot: snapshot, then: stored) else {
                taken.loaded = false
                return taken
            }
            taken.describe(loaded: conversation, in: self)
        case let .records(conversation, stored):
            try load(conversation, from: stored)
            taken.describe(loaded: conversation, in: self)
        case let .names(names):
            for (account, name) in names { learnName(name, of: account) }
        case .unrated, .standing:
            takeRatingRead(found)
        case let .queue(records, through):
            takeQueue(records, through: through)
        case let .storedElsewhere(records):
            taken.decision = try applyStoredElsewhere(records)
            // A newcomer's name, before the entries that show it (an account without one is
            // asked for again when it joins, not at every move of a conversation of nameless bots).
            var joined: [ConversationID] = []
            for case let .joined(conversation, _, _, _) in taken.decision.events where !joined.contains(conversation) {
                joined.append(conversation)
            }
            for conversation in joined {
                for account in accountsWithoutNames(in: conversation) where !taken.namesWanted.contains(account) {
                    taken.namesWanted.append(account)
                }
            }
        }
        return taken
    }

    /// The conversations `request` names, once its reads are done: those it acts on.
    public func conversations(namedBy request: Request, after reading: Reading) -> [ConversationID] {
        if case let .conversations(ids) = named(by: request, after: reading) { ids } else { [] }
    }

    /// The account a request is of, whose conversations the engine must know to decide it.
    private static func account(of request: Request) -> AccountID? {
        switch request {
        case let .frame(_, account), let .sticker(_, account, _), let .announce(_, account), let .remove(account, _): account
        case let .seek(_, account, _, _): account
        // Leaving the queue needs nothing from the store, so that it is never refused.
        case .deadline, .end, .readmit, .storedElsewhere, .pair, .unseek, .rate, .houseBot, .pairedElsewhere, .dropOwnSeeks: nil
        }
    }

    private enum Named {
        case conversations([ConversationID])
        /// The conversation is named by an invite or a session the store's index must be asked.
        case lookUp(StoreRead)
    }

    private func named(by request: Request, after reading: Reading) -> Named {
        /// The conversation a lookup found, if it is of this partition; the lookup if not done.
        func found(_ read: StoreRead) -> Named {
            guard reading.done.contains(read) else { return .lookUp(read) }
            return .conversations(reading.found[read].map { partition.holds($0) ? [$0] : [] } ?? [])
        }
        switch request {
        case let .frame(.join(join), _):
            if let id = conversation(ofInvite: join.invite) { return .conversations([id]) }
            return found(.invite(key: IndexKind.inviteKey(join.invite)))
        case let .frame(frame, account):
            return .conversations(conversations(namedBy: frame, from: account))
        case let .deadline(deadline):
            return .conversations([deadline.conversation])
        case let .sticker(post, account, _):
            return .conversations(ifMember(account, of: post.conversation))
        case .storedElsewhere, .seek, .unseek, .pair:
            return .conversations([])
        case let .rate(id), let .houseBot(id), let .pairedElsewhere(id):
            return .conversations(partition.holds(id) ? [id] : [])
        case .dropOwnSeeks:
            return .conversations([])
        case let .announce(_, account):
            return .conversations(conversations(of: account))
        case let .end(session):
            if let id = conversation(ofSession: session) { return .conversations([id]) }
            guard let id = SessionID(uuidString: session) else { return .conversations([]) }
            return found(.session(id))
        case let .remove(account, conversation):
            return .conversations(ifMember(account, of: conversation))
        case let .readmit(_, conversation):
            return .conversations(partition.holds(conversation) ? [conversation] : [])
        }
    }

    /// Whether the engine knows which conversations `account` is in.
    public func knowsMemberships(of account: AccountID) -> Bool {
        knowsEveryAccount || directory.conversations(of: account) != nil
    }

    /// Teaches the engine an account's conversations (those of its partition) and name, read
    /// from the store's index.
    public mutating func learn(_ account: AccountID, conversations: [ConversationID], name: String?) {
        directory.setMemberships(of: account, to: Set(conversations.filter(partition.holds)))
        if let name { directory.names[account] = name }
    }

    /// The accounts of a conversation in memory whose names the engine may not know yet.
    public func accountsWithoutNames(in conversation: ConversationID) -> [AccountID] {
        (conversations[conversation]?.everyone ?? []).filter { directory.names[$0] == nil }
    }

    public mutating func learnName(_ name: String, of account: AccountID) {
        directory.names[account] = name
    }

    /// Forgets the accounts and names that neither `connected` accounts nor the conversations
    /// in memory need; the store's index keeps them.
    public mutating func forgetAccounts(except connected: Set<AccountID>) {
        forgetAccounts(keeping: connected.contains)
    }

    /// Forgets the accounts and names that neither the accounts for which `isConnected` holds
    /// nor the conversations in memory need.
    public mutating func forgetAccounts(keeping isConnected: (AccountID) -> Bool) {
        guard !knowsEveryAccount else { return }
        var needed: Set<AccountID> = []
        for conversation in conversations.values { needed.formUnion(conversation.everyone) }
        directory.forgetAccounts(keeping: isConnected, keepingNamesOf: needed)
    }

    /// The conversation an invite opens, if it is in memory.
    public func conversation(ofInvite typed: String) -> ConversationID? { directory.invites[InviteCode.normalized(typed)] }
}

extension Engine {
    /// The seq of a conversation's newest entry, if it is in memory.
    public func lastSeq(of conversation: ConversationID) -> Int? { conversations[conversation]?.lastSeq }

    /// The index change that stores a snapshot of a conversation in memory; `after` is a log
    /// position at or before its newest stored event.
    public func snapshotChange(of conversation: ConversationID, after position: Int64) -> IndexChange? {
        guard let state = conversations[conversation],
            let data = try? WireJSON.encode(ConversationSnapshot(state, after: position))
        else { return nil }
        return .set(IndexKind.snapshot, conversation.rawValue, String(decoding: data, as: UTF8.self))
    }

    /// The `snapshotAt` entry that keeps a snapshot change (`snapshotChange(of:after:)`) among
    /// its conversation's older snapshots; `nil` for a change that is no snapshot.
    public static func snapshotAtChange(keeping change: IndexChange) -> IndexChange? {
        guard change.kind == IndexKind.snapshot, let value = change.value, let position = IndexKind.snapshotPosition(value) else { return nil }
        let key = IndexKind.snapshotAtKey(ConversationID(rawValue: change.key), stretch: position.lastSeq / IndexKind.snapshotAtEvery)
        return .set(IndexKind.snapshotAt, key, value)
    }

    /// Brings a conversation into memory from a snapshot and the events stored after it (older
    /// ones are skipped by their seq). False, with nothing changed, when the snapshot cannot be
    /// used: load the conversation from all its events instead.
    public mutating func load(_ conversation: ConversationID, snapshot: String, then stored: [Record]) throws(EngineError) -> Bool {
        guard conversations[conversation] == nil else { return true }
        guard let decoded = try? WireJSON.decode(ConversationSnapshot.self, from: Data(snapshot.utf8)),
            decoded.id == conversation, let state = try? decoded.restore(with: catalog)
        else { return false }
        conversations[conversation] = state
        directory.invites[state.invite] = conversation
        directory.invites[state.watchInvite] = conversation
        rebuildDirectories(of: conversation)
        for member in state.members where knowsMemberships(of: member) {
            directory.addMembership(of: member, in: conversation)
        }
        counting = false
        defer { counting = true }
        for event in stored where event.conversation == conversation && (event.seq ?? 0) > state.lastSeq {
            try apply(event)
        }
        return true
    }
}
