import GameRules

/// A bot's seat at a Battleship game: given the state as the bot sees it, the state it
/// proposes next, built the way a person's client builds one (the view plus one move), so a
/// networked bot sends `game.encode(proposal)` like any player.
public struct BattleshipBot: Sendable {
    public let game: BattleshipGame
    public let seat: Seat
    public var shooter: any BattleshipShooter
    public var placement: any FleetPlacement

    public init(
        game: BattleshipGame, seat: Seat,
        shooter: any BattleshipShooter = HunterShooter(), placement: any FleetPlacement = RandomPlacement()
    ) {
        self.game = game
        self.seat = seat
        self.shooter = shooter
        self.placement = placement
    }

    /// The view with the bot's move added: its fleet placed, or one more shot with no result.
    /// `nil` when the bot has nothing to do (another seat's turn, or the game is over).
    public func proposal(for view: BattleshipState, using generator: inout some RandomNumberGenerator) -> BattleshipState? {
        let rules = game.rules
        var next = view
        switch rules.phase(of: view) {
        case let .placing(placer) where placer == seat:
            next.fleets[seat.index] = .placed(placement.fleet(for: rules, using: &generator))
        case let .firing(shooterSeat) where shooterSeat == seat:
            guard let cell = shooter.chooseCell(rules: rules, view: view, shooter: seat, using: &generator) else {
                return nil
            }
            next.shots.append(Shot(cell))
        default:
            return nil
        }
        return next
    }

    /// The same from and to a URL's query items, for a bot on the wire. Throws when the items
    /// are not a Battleship state.
    public func proposal(
        for items: [QueryItem], using generator: inout some RandomNumberGenerator
    ) throws(RuleViolation) -> [QueryItem]? {
        try proposal(for: game.decode(items), using: &generator).map(game.encode)
    }
}
