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

/// The first message of a game as the store's index keeps it (`IndexKind.start`).
public struct GameStart: IndexRecord, Hashable, Sendable {
    public var seq: Int
    public var session: String
    /// `ClientFrame.Send.proposalDigest` of the message that started it.
    public var proposal: String?

    public init(seq: Int, session: String, proposal: String?) {
        self.seq = seq
        self.session = session
        self.proposal = proposal
    }
}

extension Engine {
    /// The index key to read before deciding `frame`: a `send` that starts a game, from a member
    /// of a conversation in memory, whose id is not among the sender's newest accepted there. It
    /// may have started a game long ago (`IndexKind.start`); `nil` when there is nothing to read.
    public func startToRecall(for frame: ClientFrame, by account: AccountID) -> String? {
        guard case let .send(request) = frame, request.session == nil,
            let conversation = conversations[request.conversation]
        else { return nil }
        guard conversation.members.contains(account), conversation.sent[account]?.find(request.id) == nil else { return nil }
        return IndexKind.startKey(account, request.conversation, request: request.id)
    }

    /// Keeps a game's first message read from the index under `key` (`startToRecall`), so that
    /// the send it answers gets its first `accepted` again, or `id-reused`.
    public mutating func recall(_ json: String, under key: String) {
        let parts = key.split(separator: "/", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, let start = GameStart(json: json), let session = SessionID(uuidString: start.session) else { return }
        let account = AccountID(rawValue: String(parts[0])), conversation = ConversationID(rawValue: String(parts[1]))
        guard conversations[conversation] != nil else { return }
        conversations[conversation]?.sent[account, default: RecentSends()].recall(RecentSends.Accepted(
            request: String(parts[2]), seq: start.seq, session: session, proposal: start.proposal))
    }

    /// The index entry of a stored event that started a game, for an index built from a log
    /// written before there was one; `nil` for any other event.
    public static func startChange(ofStored event: Record) -> IndexChange? {
        guard case let .accepted(move) = event, move.moveCount == 1 else { return nil }
        return startChange(of: move)
    }

    /// The index entry that records the message that started a game.
    static func startChange(of move: AcceptedMove) -> IndexChange {
        .set(IndexKind.start, IndexKind.startKey(move.sender, move.conversation, request: move.request),
             GameStart(seq: move.seq, session: move.session.uuidString, proposal: move.proposal).json)
    }
}
