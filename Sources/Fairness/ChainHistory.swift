/// The messages of each session as one viewer received them, checked link by link: each
/// message must name the digest of the one before it.
public struct ChainHistory: Sendable {
    private var newest: [String: ChainedURL] = [:]

    public init() {}

    /// The newest message of `session` so far.
    public func newest(of session: String) -> ChainedURL? { newest[session] }

    /// Adds the next message of its session, after checking that it links to the one before it
    /// (the first of a session given may begin anywhere; `ChainedURL.previous` says whether it
    /// begins the chain). Nothing changes when it throws.
    public mutating func append(_ message: ChainedURL) throws(ChainFailure) {
        if let before = newest[message.session] {
            guard message.message > before.message else {
                throw ChainFailure(.notAfter(message: message.message, before: before.message))
            }
            let digest = before.digest
            guard message.previous == digest else {
                throw ChainFailure(.broken(message: message.message, names: message.previous, before: before.message, digest: digest))
            }
        }
        newest[message.session] = message
    }
}
