import Foundation
import Storage
import Transcript
import Wire

extension IndexKind {
    /// Key: account id, "/", conversation id, "/", the request's id; value: the first message
    /// of a game that the request started (`GameStart`, JSON). A `send` that starts a game,
    /// sent again however long after, is answered with it rather than start a second game.
    public static let start = "start"

    public static func startKey(_ account: AccountID, _ conversation: ConversationID, request: String) -> String {
        "\(account.rawValue)/\(conversation)/\(request)"
    }
}

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

    /// The `invite` key of the code an invite was made as, from what a person typed.
    public static func inviteKey(_ typed: String) -> String { InviteCode.normalized(typed) }

    /// The `invite` key of the invite to watch of the conversation whose invite is `invite` (as made).
    public static func watchInviteKey(of invite: String) -> String { InviteCode.watch(of: invite) }

    /// The `downtime` entry of the server's being down from `from` to `to`.
    public static func downtimeChange(from: Date, to: Date) -> IndexChange {
        .set(downtime, downtimeKey(from), milliseconds(to))
    }

    /// Where the events a `snapshot` value does not hold begin, and the seq it holds up to; `nil` for a
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

    public static func milliseconds(_ date: Date) -> String {
        String(Int64((date.timeIntervalSince1970 * 1000).rounded()))
    }

    static func downtimeKey(_ date: Date) -> String {
        let digits = milliseconds(date)
        return String(repeating: "0", count: max(0, 15 - digits.count)) + digits
    }
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
