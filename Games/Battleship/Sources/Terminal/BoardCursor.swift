import GamePresentation

/// The highlighted cell on one of the boards: where the player is about to fire (or, while
/// placing, where a ship would go).
public struct BoardCursor: Hashable, Sendable {
    public enum Side: Hashable, Sendable {
        /// The viewer's own fleet.
        case own
        /// The fleet the viewer fires at.
        case target
    }

    public var cell: Cell
    public var side: Side
    /// While placing: the cells the next ship would cover from the cursor, drawn as its ghost.
    public var ghost: Set<Cell>

    public init(_ cell: Cell, on side: Side = .target, ghost: Set<Cell> = []) {
        self.cell = cell
        self.side = side
        self.ghost = ghost
    }
}
