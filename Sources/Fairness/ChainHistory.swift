/// The messages of each session as one viewer received them, checked link by link: each
/// message must name the digest of the one before it.
public struct ChainHistory: Sendable {
    private var newest: [String: ChainedURL] = [:]

    public init() {}

    /// The newest message of `session` so far.
    public func newest(of session: String) -> ChainedURL? { newest[session] }

    /// Adds the next message of its session, and throws unless it links to the one before it
    /// (the first of a session given may begin anywhere; `ChainedURL.previous` says whether it
    /// begins the chain). A message that counts up is kept as its session's newest even when
    /// its link fails: the next one is checked against what was received.
    public mutating func append(_ message: ChainedURL) throws(ChainFailure) {
        guard let before = newest[message.session] else {
            newest[message.session] = message
            return
        }
        // The newest message received again, the very same: nothing new to link.
        if message.message == before.message, message.digest == before.digest { return }
        guard message.message > before.message else {
            throw ChainFailure(.notAfter(message: message.message, before: before.message))
        }
        newest[message.session] = message
        let digest = before.digest
        guard message.previous == digest else {
            throw ChainFailure(.broken(message: message.message, names: message.previous, before: before.message, digest: digest))
        }
    }

    /// Forgets what was received of `session`: its history is received again from its start (a
    /// conversation left and joined again), and checked as by a client that never saw it.
    public mutating func forget(_ session: String) {
        newest[session] = nil
    }
}
