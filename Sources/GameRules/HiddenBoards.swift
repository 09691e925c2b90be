/// The boards of cells a game's state hides from some players, as the server commits to them
/// (docs/FAIRNESS.md): which cells something covers on each board, and every answer given
/// about a cell. The server reads it from the true state; a client from the state it was
/// shown, where a board hidden from it is placed but not shown.
public struct HiddenBoards: Sendable, Hashable {
    /// The cells of each board, numbered from 0 (a 10x10 board: 0 to 99, row by row).
    public let cellCount: Int
    /// The boards placed, by the seat that hid them.
    public var placed: Set<Int>
    /// The boards this state shows: for each cell, whether something covers it.
    public var shown: [Int: [Bool]]
    /// Every cell answered, in the order answered.
    public var shots: [BoardShot]
    /// Whether the game's own moves have ended it: every board is shown to everyone.
    public var isOver: Bool
    /// Each cell's name for people (`B7`), by number; the number itself where the game gives none.
    public var cellNames: [String]

    public init(
        cellCount: Int, placed: Set<Int>, shown: [Int: [Bool]], shots: [BoardShot], isOver: Bool, cellNames: [String] = []
    ) {
        self.cellCount = cellCount
        self.placed = placed
        self.shown = shown
        self.shots = shots
        self.isOver = isOver
        self.cellNames = cellNames
    }

    /// The name of cell `index` for people.
    public func name(of index: Int) -> String {
        cellNames.indices.contains(index) ? cellNames[index] : String(index)
    }
}

/// A cell of a board fired at, and whether the answer was that something covers it.
public struct BoardShot: Sendable, Hashable {
    public let board: Int
    public let cell: Int
    public let hit: Bool

    public init(board: Int, cell: Int, hit: Bool) {
        self.board = board
        self.cell = cell
        self.hit = hit
    }
}
