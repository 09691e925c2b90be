/// One way a bot plays a game, in one variant: given the state it was shown, the state it
/// proposes next. A game names its strategies (`Game.strategies`) and makes them
/// (`Game.strategy(named:)`); `parley bot`, the bench and the tests' bots play every game
/// through this alone.
public protocol GameStrategy: Sendable {
    /// The state to propose after `state`, as the bot was shown it (`nil` for a game not begun:
    /// its opening), or `nil` when the bot has nothing to do (not its turn, or the game is over).
    func proposal<R: RandomNumberGenerator>(after state: [QueryItem]?, using generator: inout R) throws(RuleViolation)
        -> [QueryItem]?
}
