import Transcript

/// The newest messages one account had accepted in one conversation, by the client's request
/// id, so that a message sent again after a dropped connection gets its first answer instead
/// of being applied twice. Bounded: a client resends only what was in flight when its
/// connection dropped, and an older id is decided afresh (a continuation answering an old
/// state is then refused as stale, never applied twice).
struct RecentSends: Sendable {
    /// How many ids are kept per account and conversation; docs/PROTOCOL.md names it.
    static let capacity = 32

    struct Accepted: Sendable {
        let request: String
        let seq: Int
        let session: Session
    }

    /// Oldest first; at most `capacity`.
    private var accepted: [Accepted] = []

    /// Oldest first.
    var all: [Accepted] { accepted }

    func find(_ request: String) -> Accepted? {
        accepted.last { $0.request == request }
    }

    mutating func record(_ request: String, seq: Int, session: Session) {
        if accepted.count == Self.capacity { accepted.removeFirst() }
        accepted.append(Accepted(request: request, seq: seq, session: session))
    }
}
