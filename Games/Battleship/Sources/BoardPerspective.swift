import GameRules

/// Whose eyes a Battleship board is drawn for. It decides which fleets may show their ships
/// and what each board is called ("Your fleet", "Enemy fleet").
public enum BoardPerspective: Hashable, Sendable {
    /// A player in the game.
    case player(Seat)
    /// A member of the conversation who does not play this game (a third member of a group).
    case onlooker

    public var seat: Seat? {
        if case let .player(seat) = self { return seat }
        return nil
    }

    /// The perspective a state received over the wire was written for. The wire never says
    /// which seat a viewer holds, but the server shows each player their own fleet and hides
    /// every other, so the one fleet shown is the viewer's. In the seed a hidden fleet means
    /// the guesser: an onlooker sees the same state and is shown it the same way, which gives
    /// nothing away. Before any fleet is shown there is no telling, so it is an onlooker's.
    public static func inferred(from state: BattleshipState) -> BoardPerspective {
        if let shown = state.fleets.firstIndex(where: { $0.fleet != nil }) { return .player(Seat(shown)) }
        if state.fleets.count == 1, state.fleets[0] == .hidden { return .player(Seat(1)) }
        return .onlooker
    }
}
