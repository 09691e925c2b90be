import Transcript
import Wire

/// The newest messages one account had accepted in one conversation, by the client's request
/// id, so that a message sent again after a dropped connection gets its first answer instead
/// of being applied twice. Bounded: a client resends only what was in flight when its
/// connection dropped. An older id that starts a game is found in the store's index
/// (`IndexKind.start`) and recalled here before it is decided; an older continuation answers an
/// old state and is refused as stale: neither is applied twice.
struct RecentSends: Sendable {
    /// How many ids are kept per account and conversation; docs/PROTOCOL.md names it.
    static let capacity = 32

    struct Accepted: Sendable {
        let request: String
        let seq: Int
        let session: SessionID
        /// `ClientFrame.Send.proposalDigest` of the message; `nil` for one stored before it was kept.
        let proposal: String?
    }

    /// Oldest first; at most `capacity`.
    private var accepted: [Accepted] = []
    /// Older messages that started games, read back from the store's index for a send that
    /// named them again; not among `all`, so they push none of the newest out, and few.
    private var recalled: [Accepted] = []
    static let recalledCapacity = 8

    /// Oldest first.
    var all: [Accepted] { accepted }

    func find(_ request: String) -> Accepted? {
        accepted.last { $0.request == request } ?? recalled.last { $0.request == request }
    }

    /// Keeps an older accepted message read back from the store, so that the send naming it
    /// again gets its first answer.
    mutating func recall(_ earlier: Accepted) {
        guard find(earlier.request) == nil else { return }
        if recalled.count == Self.recalledCapacity { recalled.removeFirst() }
        recalled.append(earlier)
    }

    mutating func record(_ request: String, seq: Int, session: SessionID, proposal: String?) {
        if accepted.count == Self.capacity { accepted.removeFirst() }
        accepted.append(Accepted(request: request, seq: seq, session: session, proposal: proposal))
    }
}

extension ClientFrame.Send {
    /// What makes a message the same message when it is sent again: its game, variant, session,
    /// `basedOn` and URL, as an FNV-1a 64-bit hash in hex. An id sent again with another digest
    /// is an id reused for another message.
    public var proposalDigest: String {
        // FNV-1a over the fields joined by NUL, taken piece by piece rather than joined first:
        // the URL is most of it.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        let pieces = [game, variant ?? "", session ?? "", basedOn.map(String.init) ?? "", url]
        for (index, piece) in pieces.enumerated() {
            if index > 0 { hash = (hash ^ 0) &* 0x0000_0100_0000_01b3 }
            var piece = piece
            piece.withUTF8 { bytes in
                for byte in bytes {
                    hash ^= UInt64(byte)
                    hash &*= 0x0000_0100_0000_01b3
                }
            }
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
