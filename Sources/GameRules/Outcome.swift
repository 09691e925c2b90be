/// Where a game stands: still going, or over with its winners and losers. A finished game
/// with no winners and no losers is one that all its players finished together (an ice cream)
/// or whose result its URL did not record (the original Battleship's `Is_Complete=1`).
public enum Outcome: Hashable, Sendable {
    case inProgress
    case finished(winners: Set<Seat>, losers: Set<Seat>)

    public var isFinished: Bool {
        if case .finished = self { return true }
        return false
    }
}
