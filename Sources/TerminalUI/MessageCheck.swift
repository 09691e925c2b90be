/// What the client's own check said of a game message (docs/FAIRNESS.md): signed by the
/// server's key and chained to the one before it, not signed at all, or failed, and why.
public enum MessageCheck: Hashable, Sendable {
    case verified
    /// A server that signs nothing, or a message stored before it signed.
    case unsigned
    case failed(String)

    /// The loud line a failed check puts over the conversation and its game.
    public static func warning(_ reason: String, message: Int) -> String {
        "!!! The server's message #\(message) FAILED the check: \(reason) !!!"
    }
}
