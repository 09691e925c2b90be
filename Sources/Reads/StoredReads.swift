import Engine
import Fairness
import Storage
import Transcript
import Wire

/// What the public pages read of the games a store holds, straight from the store on the
/// caller's task: an index entry or two and the few records they point to. Never on a
/// conversation's pipeline and never replaying a conversation's history, so a page costs the
/// same in a conversation of ten messages as in one of twenty thousand, and no move waits for
/// it. What the store holds is what every server sharing it holds: a page answers alike on
/// each node.
public struct StoredReads: Sendable {
    let log: any EventLog
    let context: EngineContext

    /// `context` signs a spectator's copy that was not signed when it was sent.
    public init(log: any EventLog, context: EngineContext) {
        self.log = log
        self.context = context
    }

    /// The digests of message `number` of `session` as each of its viewers received it; empty
    /// when the store holds no such message.
    public func chainDigests(ofMessage number: Int, inSession session: String) async throws -> Set<ChainDigest> {
        guard let id = SessionID(uuidString: session), let move = try await message(number, of: id) else { return [] }
        return try context.chainDigests(of: move)
    }

    /// Whether a session is over; `nil` for one the store does not hold.
    public func isFinished(session: String) async throws -> Bool? {
        guard let id = SessionID(uuidString: session) else { return nil }
        if try await log.indexValue(IndexKind.finished, key: id.uuidString) != nil { return true }
        return try await log.indexValue(IndexKind.session, key: id.uuidString) == nil ? nil : false
    }

    /// A finished session's replay; `nil` for one unknown or still played. Reads the records of
    /// its conversation from its first message to the record that finished it.
    public func replay(ofSession session: String) async throws -> Replay? {
        guard let id = SessionID(uuidString: session),
            try await log.indexValue(IndexKind.finished, key: id.uuidString) != nil,
            let stream = try await log.indexValue(IndexKind.session, key: id.uuidString),
            let first = try await place(IndexKind.message, IndexKind.messageKey(id, 1))
        else { return nil }
        var builder = Replay.Builder(session: id, context: context)
        var position = first.after
        while !builder.isFinished {
            let page = try await log.records(in: stream, after: position, limit: Self.page)
            guard let last = page.last else { break }
            for stored in page {
                let record = try Record(stored: stored.payload)
                guard StoredSession.id(of: record) == id else { continue }
                try builder.add(record)
                if builder.isFinished { break }
            }
            position = last.position
        }
        return builder.replay
    }

    /// How many records a range read asks for at once.
    static let page = 256

    /// The record of message `number` of `session`: read on, in its conversation's stream, from
    /// the nearest indexed message at or before it (`IndexKind.indexedMessage(atOrBefore:)`),
    /// each record looked at for its type, session and number before the one is decoded whole.
    func message(_ number: Int, of session: SessionID) async throws -> AcceptedMove? {
        let indexed = IndexKind.indexedMessage(atOrBefore: number)
        guard number >= 1, let place = try await place(IndexKind.message, IndexKind.messageKey(session, indexed)),
            let stream = try await log.indexValue(IndexKind.session, key: session.uuidString)
        else { return nil }
        let wanted = session.uuidString
        var position = place.after
        // The records of the messages between, and whatever the conversation stored beside them:
        // at first as many as there are messages to pass when nothing else lies between.
        var limit = place.skipping + number - indexed + 1
        while true {
            let page = try await log.records(in: stream, after: position, limit: limit)
            limit = Self.probedPage
            guard let last = page.last else { return nil }
            for stored in page {
                let probe = try? WireJSON.decode(RecordProbe.self, from: stored.payload)
                // A record of the first stored format has no type: it is decoded whole.
                guard probe?.type == nil || (probe?.type == "accepted" && probe?.session == wanted && probe?.moveCount == number)
                else { continue }
                if case let .accepted(move) = try Record(stored: stored.payload), move.session == session,
                    move.moveCount == number
                {
                    return move
                }
            }
            position = last.position
        }
    }

    /// How many records a read on from an indexed message asks for at once.
    static let probedPage = 2 * IndexKind.messageInterval

    private func place(_ kind: String, _ key: String) async throws -> (after: Int64, skipping: Int)? {
        try await log.indexValue(kind, key: key).flatMap(IndexKind.recordPlace)
    }
}

/// The few fields of a stored record (format 2) that say whether it is the message looked for,
/// read without decoding the rest.
private struct RecordProbe: Decodable {
    var type: String?
    var session: String?
    var moveCount: Int?
}
