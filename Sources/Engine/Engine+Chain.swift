import Fairness
import GameRules
import Transcript

extension Engine {
    /// The digests of message `number` of `session` as each of its viewers received it, from
    /// its conversation's stored events: what a state page checks a lone URL's
    /// `Chain_Previous` against. Empty for a session or a message this engine does not hold.
    public func chainDigests(ofMessage number: Int, inSession session: String, replaying stored: [Record]) throws(EngineError)
        -> Set<ChainDigest>
    {
        guard let id = SessionID(uuidString: session), let conversation = residentConversation(of: id) else { return [] }
        var digests: Set<ChainDigest> = []
        try loadScratch(stored, of: conversation) { scratch, seq throws(EngineError) in
            guard case let .message(message)? = scratch.entry(seq)?.kind, message.move.session == id,
                message.move.moveCount == number
            else { return }
            for seat in [nil] + message.seats.indices.map(Optional.some) {
                if let statement = try context.statement(of: message, for: seat) { digests.insert(statement.digest) }
            }
        }
        return digests
    }
}
