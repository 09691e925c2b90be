import GameRules

/// Four in a Row's bots: `alphabeta` searches the next moves (`AlphaBetaSearch`, 5 discs deep)
/// and plays the best; `random` drops into any column with room. Either plays the seat whose
/// turn it is: the board does not say whose disc the bot is, and a bot is asked only on its turn.
extension FourInARowGame {
    public static var strategies: [String] { ["alphabeta", "random"] }

    public func strategy(named name: String) -> (any GameStrategy)? {
        switch name {
        case "alphabeta": FourInARowStrategy(game: self, search: AlphaBetaSearch(depth: 5))
        case "random": FourInARowStrategy(game: self, search: nil)
        default: nil
        }
    }
}

struct FourInARowStrategy: GameStrategy {
    let game: FourInARowGame
    /// `nil`: a random column.
    let search: AlphaBetaSearch?

    func proposal<R: RandomNumberGenerator>(after state: [QueryItem]?, using generator: inout R) throws(RuleViolation)
        -> [QueryItem]?
    {
        var current = try state.map { items throws(RuleViolation) in try game.decode(items) } ?? game.initialState
        guard !current.outcome.isFinished else { return nil }
        let column: Int?
        if let search {
            column = search.bestColumn(in: current, using: &generator)
        } else {
            column = FourInARowState.columnRange.filter { !current.isFull(column: $0) }.randomElement(using: &generator)
        }
        guard let column else { return nil }
        current.drops.append(column)
        return game.encode(current)
    }
}
