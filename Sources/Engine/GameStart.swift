import Foundation
import Storage
import Transcript
import Wire

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
