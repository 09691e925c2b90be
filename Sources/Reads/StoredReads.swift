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
            let first = try await position(IndexKind.message, IndexKind.messageKey(id, 1))
        else { return nil }
        var builder = Replay.Builder(session: id, context: context)
        var position = first
        while !builder.isFinished {
            let page = try await log.records(in: stream, after: position, limit: Self.page)
            guard let last = page.last else { break }
            for stored in page {
                let record = try WireJSON.decode(Record.self, from: stored.payload)
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

    /// The record of message `number` of `session`, by the `message` index entry that points
    /// just before it.
    func message(_ number: Int, of session: SessionID) async throws -> AcceptedMove? {
        guard number >= 1, let after = try await position(IndexKind.message, IndexKind.messageKey(session, number)),
            let stream = try await log.indexValue(IndexKind.session, key: session.uuidString)
        else { return nil }
        var position = after
        // The message is among the first records of its batch: a few at a time.
        while true {
            let page = try await log.records(in: stream, after: position, limit: 8)
            guard let last = page.last else { return nil }
            for stored in page {
                if case let .accepted(move) = try WireJSON.decode(Record.self, from: stored.payload), move.session == session,
                    move.moveCount == number
                {
                    return move
                }
            }
            position = last.position
        }
    }

    private func position(_ kind: String, _ key: String) async throws -> Int64? {
        try await log.indexValue(kind, key: key).flatMap { Int64($0) }
    }
}
