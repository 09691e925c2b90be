import GameRules

/// A way of choosing where to fire. Strategies are pure: what they know comes in as a
/// `TargetKnowledge`, chance comes in as a generator, so a seeded game replays exactly.
public protocol BattleshipShooter: Sendable {
    /// A cell not fired at before, or `nil` when every cell has been.
    func chooseCell(given knowledge: TargetKnowledge, using generator: inout some RandomNumberGenerator) -> Cell?
}

extension BattleshipShooter {
    /// The cell to fire at next, from the state as `shooter` sees it (the target fleet hidden).
    public func chooseCell(
        rules: BattleshipRules, view: BattleshipState, shooter: Seat,
        using generator: inout some RandomNumberGenerator
    ) -> Cell? {
        chooseCell(given: TargetKnowledge(rules: rules, view: view, shooter: shooter), using: &generator)
    }
}

/// Fires uniformly at random among the cells not fired at: the baseline a smarter shooter
/// has to beat.
public struct RandomShooter: BattleshipShooter {
    public init() {}

    public func chooseCell(given knowledge: TargetKnowledge, using generator: inout some RandomNumberGenerator) -> Cell? {
        knowledge.unfired.randomElement(using: &generator)
    }
}
