import Foundation
import Storage
import Transcript
import Wire

/// What the engine keeps in the store's index beside the event log, so that a server starts
/// without reading history and loads a conversation, an account or a name only when a request
/// needs it. docs/STORAGE.md describes each kind.
public enum IndexKind {
    /// Key: an invite code as made, to play or to watch; value: its conversation's id.
    public static let invite = "invite"
    /// Key: account id, "/", conversation id; value: "". An account's conversations.
    public static let member = "member"
    /// Key: account id; value: the account's display name.
    public static let name = "name"
    /// Key: session id (upper-case UUID); value: its conversation's id.
    public static let session = "session"
    /// Key: conversation id; value: the next turn deadline of one of its sessions, in
    /// milliseconds since 1970. The conversations a server loads when it starts.
    public static let clock = "clock"
    /// Key: when the server went down, in milliseconds since 1970 (15 digits); value: when it
    /// started again, the same way.
    public static let downtime = "downtime"
    /// Servers sharing a store only. Key: "store"; value: when one of them last said it was
    /// alive, in milliseconds since 1970.
    public static let alive = "alive"
    /// Key: the number of the pipeline that counted them ("0", "1", …; "all" before there were
    /// several); value: the statistics of its conversations as JSON. A server adds them up when
    /// it starts and keeps the sum under "0".
    public static let totals = "totals"
    /// Key: "index"; value: the version of the index's layout. Absent in a data folder whose
    /// index has not been built yet.
    public static let format = "format"
    /// Key: a sticker's id; value: where it was sent and what it is (`StickerRecord`, JSON).
    public static let sticker = "sticker"
    /// Key: account id, "/", sticker id; value: its bytes, as a number. An account's stickers,
    /// which its quota counts.
    public static let stickerOf = "sticker-of"
    /// Key: "participants"; value: the base64 of the secret that derives participant
    /// identifiers, in a store that several servers share (PostgreSQL), so that they all give a
    /// player the same identifiers. A server alone on its store keeps it in its data folder.
    public static let secret = "secret"

    /// Key: session id, "/", the message's number in its session (`messageKey`), for its first
    /// message and every `messageInterval`th; value: where its record is in its conversation's
    /// stream (`recordPlace`). A state page's chain check reads on from the nearest one before
    /// its message: a row every move cost a tenth of a move's CPU (docs/BENCHMARKS.md).
    public static let message = "message"
    /// Every how many messages of a session one is indexed.
    public static let messageInterval = 16

    /// Whether message `number` of a session has a `message` entry.
    public static func indexesMessage(_ number: Int) -> Bool { number == 1 || number % messageInterval == 0 }

    /// The number of the nearest message at or before `number` that has a `message` entry.
    public static func indexedMessage(atOrBefore number: Int) -> Int {
        number < messageInterval ? 1 : number - number % messageInterval
    }
    /// Key: session id; value: where, in its conversation's stream, the record that finished the
    /// session is (`recordPlace`): its last message, a timeout, an end or a resignation. Absent
    /// while the session is played.
    public static let finished = "finished"

    /// `POSITION SKIP`: the record is the one after `SKIP` others of its stream that follow log
    /// position `POSITION` (its stream's newest record before its batch; a batch cannot know its
    /// records' own positions). A reader that finds another record there reads on from
    /// `POSITION`: the value is never past its record.
    public static func recordPlace(after position: Int64, skipping: Int) -> String { "\(position) \(skipping)" }

    /// The two numbers of a `recordPlace`; `nil` for a value that is not one.
    public static func recordPlace(_ value: String) -> (after: Int64, skipping: Int)? {
        let parts = value.split(separator: " ")
        guard parts.count == 2, let after = Int64(parts[0]), let skipping = Int(parts[1]), after >= 0, skipping >= 0 else { return nil }
        return (after, skipping)
    }

    /// The layout version this engine writes and reads.
    /// Layout 2 indexes invites to watch (layout 1 had only the invites to play); layout 3 the
    /// message that started each game (`start`); layout 4 every message (`message`) and every
    /// finished session (`finished`); layout 5 every game (`game`).
    public static let version = "5"

    /// `SESSION/NUMBER`, the number zero-padded to nine digits so that keys sort in order.
    public static func messageKey(_ session: SessionID, _ number: Int) -> String {
        let digits = String(number)
        return session.uuidString + "/" + String(repeating: "0", count: max(0, 9 - digits.count)) + digits
    }

    public static func memberKey(_ account: AccountID, _ conversation: ConversationID) -> String {
        memberKey(account, conversation.rawValue)
    }

    /// `ACCOUNT/KEY`: what an account holds under `key` (a conversation's id, a sticker's).
    public static func memberKey(_ account: AccountID, _ key: String) -> String {
        "\(account.rawValue)/\(key)"
    }

    public static func milliseconds(_ date: Date) -> String {
        String(Int64((date.timeIntervalSince1970 * 1000).rounded()))
    }

    static func downtimeKey(_ date: Date) -> String {
        let digits = milliseconds(date)
        return String(repeating: "0", count: max(0, 15 - digits.count)) + digits
    }
}

extension Engine {
    /// The index changes that a batch's events make, read once they are applied: the facts
    /// each event changes, and for each conversation touched whether a turn clock runs in it,
    /// when that is not what the index already says (a move restarts the clock that ran
    /// before it: nothing to write). The engine notes what it told the index, so the changes
    /// must be stored, or the engine put back to what it was before the batch.
    /// `storedThrough` gives, for a conversation, a log position at or after which its new
    /// records will be stored (the position of its newest stored record; 0 when unknown): the
    /// `message` and `finished` entries point after it.
    public mutating func indexChanges(for events: [Record], storedThrough: (ConversationID) -> Int64) -> [IndexChange] {
        var changes: [IndexChange] = []
        var touched: [ConversationID] = []
        var counted = false
        // How many records of each conversation come before the event in the batch.
        var earlier: [ConversationID: Int] = [:]
        func place(_ conversation: ConversationID) -> String {
            IndexKind.recordPlace(after: storedThrough(conversation), skipping: earlier[conversation] ?? 0)
        }
        for event in events {
            defer { if let conversation = event.conversation { earlier[conversation, default: 0] += 1 } }
            switch event {
            case let .conversationCreated(conversation, invite, _):
                changes.append(.set(IndexKind.invite, invite, conversation.rawValue))
                changes.append(.set(IndexKind.invite, InviteCode.watch(of: invite), conversation.rawValue))
                counted = true
            case let .joined(conversation, _, account, _):
                changes.append(.set(IndexKind.member, IndexKind.memberKey(account, conversation), ""))
            case let .left(conversation, _, account), let .removed(conversation, _, account):
                changes.append(.remove(IndexKind.member, IndexKind.memberKey(account, conversation)))
            case .readmitted:
                break
            case let .renamed(account, name):
                changes.append(.set(IndexKind.name, account.rawValue, name))
            case let .accepted(move):
                if move.moveCount == 1 {
                    changes.append(.set(IndexKind.session, move.session.uuidString, move.conversation.rawValue))
                    changes.append(Self.startChange(of: move))
                    changes.append(IndexedGame.change(startedBy: move))
                }
                let here = place(move.conversation)
                if IndexKind.indexesMessage(move.moveCount) {
                    changes.append(.set(IndexKind.message, IndexKind.messageKey(move.session, move.moveCount), here))
                }
                if isFinished(move.session, in: move.conversation) {
                    changes.append(.set(IndexKind.finished, move.session.uuidString, here))
                }
                counted = true
            case let .timedOut(conversation, _, session, _), let .ended(conversation, _, session, _),
                let .resigned(conversation, _, session, _, _):
                if isFinished(session, in: conversation) {
                    changes.append(.set(IndexKind.finished, session.uuidString, place(conversation)))
                }
                counted = true
            case .chat, .memberRenamed:
                break
            case let .sticker(conversation, seq, account, sticker, _):
                changes.append(.set(IndexKind.sticker, sticker.id, StickerRecord(
                    conversation: conversation, seq: seq, account: account.rawValue, sticker: sticker).json))
                changes.append(.set(IndexKind.stickerOf, IndexKind.memberKey(account, sticker.id), String(sticker.bytes)))
            case let .downtime(from, to):
                changes.append(.set(IndexKind.downtime, IndexKind.downtimeKey(from), IndexKind.milliseconds(to)))
            }
            if let conversation = event.conversation, touched.last != conversation, !touched.contains(conversation) {
                touched.append(conversation)
            }
        }
        for conversation in touched {
            let change = clockChange(of: conversation)
            let running = change.value != nil
            guard let held = conversations[conversation], held.clockIndexed != running
            else { continue }
            conversations[conversation]?.clockIndexed = running
            changes.append(change)
        }
        if counted { changes.append(totalsChange()) }
        return changes
    }

    /// Whether a session of a conversation in memory is over, as the batch left it.
    private func isFinished(_ session: SessionID, in conversation: ConversationID) -> Bool {
        guard let held = conversations[conversation] else { return false }
        return held.sessions[session]?.isFinished ?? held.retired.contains(session)
    }

    private func totalsChange() -> IndexChange {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = (try? encoder.encode(totals)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return .set(IndexKind.totals, totalsKeyPrefix + String(partition.index), json)
    }

    /// The whole index of what this engine holds, when it holds everything (after replaying a
    /// whole log): written once into a data folder whose index was never built. The games'
    /// starts (`startChange(ofStored:)`) and the layout's version are written after it.
    public func completeIndex() -> [IndexChange] {
        var changes: [IndexChange] = []
        for conversation in conversations.values.sorted(by: { $0.id < $1.id }) {
            changes.append(.set(IndexKind.invite, conversation.invite, conversation.id.rawValue))
            changes.append(.set(IndexKind.invite, conversation.watchInvite, conversation.id.rawValue))
            for session in conversation.sessions.keys.sorted(by: { $0.uuidString < $1.uuidString }) + conversation.retiredOrder {
                changes.append(.set(IndexKind.session, session.uuidString, conversation.id.rawValue))
            }
            changes.append(clockChange(of: conversation.id))
        }
        for (account, ids) in directory.allMemberships.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            for id in ids.sorted() { changes.append(.set(IndexKind.member, IndexKind.memberKey(account, id), "")) }
        }
        for (account, name) in directory.names.dictionary.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            changes.append(.set(IndexKind.name, account.rawValue, name))
        }
        for down in downtimes.ranges {
            changes.append(.set(IndexKind.downtime, IndexKind.downtimeKey(down.lowerBound), IndexKind.milliseconds(down.upperBound)))
        }
        changes.append(totalsChange())
        return changes
    }

    private func clockChange(of conversation: ConversationID) -> IndexChange {
        guard let next = conversations[conversation]?.deadlines(timing: timing).map(\.at).min()
        else { return .remove(IndexKind.clock, conversation.rawValue) }
        return .set(IndexKind.clock, conversation.rawValue, IndexKind.milliseconds(next))
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

    /// The code an invite was made as, from what a person typed: the index's key.
    public static func inviteKey(_ typed: String) -> String { InviteCode.normalized(typed) }

    /// The invite to watch of the conversation whose invite is `invite` (as made).
    public static func watchInvite(of invite: String) -> String { InviteCode.watch(of: invite) }

    /// The conversation an invite opens, if it is in memory.
    public func conversation(ofInvite typed: String) -> ConversationID? { directory.invites[InviteCode.normalized(typed)] }
}

/// Snapshots of conversations, kept in the store's index so that loading one replays only what
/// came after.
extension IndexKind {
    /// Key: conversation id; value: the conversation as the engine held it (JSON, see
    /// `ConversationSnapshot`), with the log position after which its newer events are.
    public static let snapshot = "snapshot"
    /// Key: conversation id, "/", the snapshot's newest seq divided by `snapshotAtEvery`, nine
    /// digits; value: a snapshot as `snapshot` holds it, the last one taken in that stretch of
    /// seqs. The older snapshots a resume of entries long gone starts from, rather than from the
    /// conversation's creation.
    public static let snapshotAt = "snapshot-at"
    /// The length of the stretches of seqs `snapshotAt` keeps one snapshot for.
    public static let snapshotAtEvery = 200

    public static func snapshotAtKey(_ conversation: ConversationID, stretch: Int) -> String {
        let digits = String(stretch)
        return conversation.rawValue + "/" + String(repeating: "0", count: max(0, 9 - digits.count)) + digits
    }
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
        guard change.kind == IndexKind.snapshot, let value = change.value, let position = snapshotPosition(value) else { return nil }
        let key = IndexKind.snapshotAtKey(ConversationID(rawValue: change.key), stretch: position.lastSeq / IndexKind.snapshotAtEvery)
        return .set(IndexKind.snapshotAt, key, value)
    }

    /// Where the events a snapshot does not hold begin, and the seq it holds up to; `nil` for a
    /// snapshot this version cannot read.
    public static func snapshotPosition(_ snapshot: String) -> (after: Int64, lastSeq: Int)? {
        struct Head: Decodable {
            var format: Int
            var after: Int64
            var lastSeq: Int
        }
        guard let head = try? WireJSON.decode(Head.self, from: Data(snapshot.utf8)), head.format == ConversationSnapshot.currentFormat
        else { return nil }
        return (head.after, head.lastSeq)
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

