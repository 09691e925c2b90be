import GameRules

/// Battleship's bots: `hunter` fires around its hits until a ship sinks (`HunterShooter`),
/// `random` at any cell not fired at yet; both place their fleets at random.
extension BattleshipGame {
    public static var strategies: [String] { ["hunter", "random"] }

    public func strategy(named name: String) -> (any GameStrategy)? {
        switch name {
        case "hunter": BattleshipStrategy(game: self, shooter: HunterShooter())
        case "random": BattleshipStrategy(game: self, shooter: RandomShooter())
        default: nil
        }
    }

    /// Which seat a view is seen from: the fleet shown is the viewer's own; a viewer whose
    /// fleet is not placed yet holds the first unplaced seat after the hidden ones.
    public static func seat(seeing view: BattleshipState) -> Seat? {
        if let own = view.fleets.firstIndex(where: { $0.fleet != nil }) { return Seat(own) }
        if view.fleets.allSatisfy({ $0 == .unplaced }) { return Seat(0) }
        if let unplaced = view.fleets.firstIndex(of: .unplaced) { return Seat(unplaced) }
        // The seed's one fleet is hidden from its guesser, seat 1.
        return view.fleets.count == 1 ? Seat(1) : nil
    }
}

/// A bot on the wire: it works out its seat from what it is shown, then plays it.
struct BattleshipStrategy: GameStrategy {
    let game: BattleshipGame
    let shooter: any BattleshipShooter

    func proposal<R: RandomNumberGenerator>(after state: [QueryItem]?, using generator: inout R) throws(RuleViolation)
        -> [QueryItem]?
    {
        let view = try state.map { items throws(RuleViolation) in try game.decode(items) } ?? game.initialState
        guard let seat = BattleshipGame.seat(seeing: view) else { return nil }
        let bot = BattleshipBot(game: game, seat: seat, shooter: shooter)
        return bot.proposal(for: view, using: &generator).map(game.encode)
    }
}
