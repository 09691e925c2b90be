import GameRules

/// A bot at an ice cream: given the ice cream as it stands, the ice cream it proposes, which
/// is that one plus its next part. Nothing is hidden in this game, so the view is the state.
public struct IceCreamBot: Sendable {
    public let game: IceCreamGame
    public var builder: any IceCreamBuilder

    public init(game: IceCreamGame, builder: any IceCreamBuilder = RandomBuilder()) {
        self.game = game
        self.builder = builder
    }

    /// The next ice cream, or `nil` when this one is complete. Whose turn it is (in `group`,
    /// not the last builder's) is for the server to say: the URL does not record it.
    public func proposal(for view: IceCream, using generator: inout some RandomNumberGenerator) -> IceCream? {
        builder.nextMove(for: view, using: &generator)?.applied(to: view)
    }

    /// The same from and to a URL's query items, for a bot on the wire. An empty query is the
    /// ice cream before its first step (a URL with no base is no ice cream, so the codec
    /// refuses to read it).
    public func proposal(
        for items: [QueryItem], using generator: inout some RandomNumberGenerator
    ) throws(RuleViolation) -> [QueryItem]? {
        let view = items.isEmpty ? game.initialState : try game.decode(items)
        return proposal(for: view, using: &generator).map(game.encode)
    }
}
