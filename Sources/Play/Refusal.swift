import Transcript
import Wire

/// A refusal in the words a player reads. Most reasons are already written for people; a
/// lost race (`stale`) is said as who moved first, since the protocol's event numbers mean
/// nothing to a player.
enum Refusal {
    /// What to say about `rejected`; `seq` adds the number of the message the game now shows
    /// (line mode names messages by it).
    static func words(for rejected: ServerFrame.Rejected, in book: PlayerBook, withSeq: Bool = false) -> String {
        guard rejected.error.code == "stale", let current = rejected.current else { return rejected.error.reason }
        let number = withSeq ? " (#\(current.seq))" : ""
        switch current.kind {
        case .message:
            guard let sender = current.message?.sender else { break }
            if sender == book.you(in: current.conversation) {
                return "You moved first from another window: the game now shows that move\(number)."
            }
            let name = book.nameBook(for: current.conversation).name(of: sender)
            return "\(name.prefix(1).uppercased() + name.dropFirst()) moved first: the game now shows their move\(number)."
        case .timeout:
            return "The turn ran out first: the game now shows where it stands\(number)."
        case .ended:
            return "The game was ended first: it is over\(number)."
        default:
            break
        }
        return "Someone moved first: the game now shows where it stands\(number)."
    }
}
