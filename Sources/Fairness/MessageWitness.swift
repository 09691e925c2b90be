import GameRules

/// Everything a client checks of the signed messages it receives, in the order received
/// (docs/FAIRNESS.md): each URL signed by the server's key, each chained to the one before it
/// in its session, and the answers about hidden boards true to the server's commitments.
public struct MessageWitness: Sendable {
    public let key: ChainPublicKey
    private var history = ChainHistory()
    private var fleets = FleetWitness()

    public init(key: ChainPublicKey) {
        self.key = key
    }

    /// The newest message of `session` checked so far.
    public func newest(of session: String) -> ChainedURL? { history.newest(of: session) }

    /// Forgets what was checked of `session`: a client that left its conversation and joined
    /// again receives its history again from the start, and checks it as if new to it.
    public mutating func forget(_ session: String) {
        history.forget(session)
        fleets.forget(session)
    }

    /// Whether the server committed to a board in `session`: a game of it that ends by a
    /// timeout, a resignation or the operator must then be revealed.
    public func hasCommitments(in session: String) -> Bool { fleets.hasCommitments(in: session) }

    /// Checks the next message; `boards` reads what its state shows and hides, and throws when
    /// the state does not decode, given its game
    /// and its items (`GameCatalog.hiddenBoards(game:in:)`). A message that counts up is kept
    /// as its session's newest even when it fails, so that the next is checked against what
    /// was received.
    @discardableResult
    public mutating func check(
        _ url: String, boards: (String, [QueryItem]) throws(RuleViolation) -> HiddenBoards?
    ) throws(ChainFailure) -> ChainedURL {
        let message = try ChainedURL(url)
        let link = Result { () throws(ChainFailure) in try history.append(message) }
        try message.verify(with: key)
        try link.get()
        let shown: HiddenBoards?
        let items: [QueryItem]
        do {
            items = try QueryString.items(in: url)
            shown = try boards(message.statement.game, items)
        } catch {
            // Signed, yet no state: the server put its name to something no game can read.
            throw ChainFailure(.undecodable(error.reason))
        }
        try fleets.check(items, boards: shown, session: message.session)
        return message
    }
}
