import GameRules

/// A fixed-depth negamax search with alpha-beta pruning. Leaves are scored by the lines of four
/// still open to each player (three of one's own with the fourth cell free is worth much more
/// than two) and by discs in the middle column; a win is worth more than any score, the sooner
/// the more. Columns are tried from the middle out, which prunes most.
public struct AlphaBetaSearch: Sendable {
    public let depth: Int

    public init(depth: Int) {
        self.depth = depth
    }

    static let win = 1_000_000
    static let order = [3, 2, 4, 1, 5, 0, 6]

    /// The column the player to move should drop into; among equally good ones, one at random.
    /// `nil` when the board is full or the game over.
    public func bestColumn<R: RandomNumberGenerator>(in state: FourInARowState, using generator: inout R) -> Int? {
        guard !state.outcome.isFinished else { return nil }
        var position = Position(state)
        var best: [Int] = []
        var bestScore = Int.min
        for column in Self.order where position.hasRoom(column) {
            position.play(column)
            let score = position.isWin(lastColumn: column) ? Self.win + depth : -negamax(&position, depth - 1, -Int.max, Int.max)
            position.undo(column)
            if score > bestScore {
                bestScore = score
                best = [column]
            } else if score == bestScore {
                best.append(column)
            }
        }
        return best.randomElement(using: &generator)
    }

    /// The score of `position` for the player to move, searched `depth` discs deep.
    private func negamax(_ position: inout Position, _ depth: Int, _ alpha: Int, _ beta: Int) -> Int {
        if position.isFull { return 0 }
        if depth == 0 { return position.evaluation }
        var alpha = alpha
        var best = -Int.max
        for column in Self.order where position.hasRoom(column) {
            position.play(column)
            let score = position.isWin(lastColumn: column) ? Self.win + depth : -negamax(&position, depth - 1, -beta, -alpha)
            position.undo(column)
            if score > best { best = score }
            if best > alpha { alpha = best }
            if alpha >= beta { break }
        }
        return best
    }
}

/// The board as the search plays on it: a cell per column and row (0 empty, 1 the first
/// player's, 2 the second's), each column's height, and whose turn it is.
struct Position {
    static let columns = FourInARowState.columns
    static let rows = FourInARowState.rows

    private var cells: [Int8]
    private var heights: [Int]
    private var count: Int

    init(_ state: FourInARowState) {
        cells = Array(repeating: 0, count: Self.columns * Self.rows)
        heights = Array(repeating: 0, count: Self.columns)
        count = 0
        for column in state.drops { play(column) }
    }

    /// The player to move: 1 or 2.
    var mover: Int8 { count % 2 == 0 ? 1 : 2 }
    var isFull: Bool { count == Self.columns * Self.rows }

    func hasRoom(_ column: Int) -> Bool { heights[column] < Self.rows }

    mutating func play(_ column: Int) {
        cells[column * Self.rows + heights[column]] = mover
        heights[column] += 1
        count += 1
    }

    mutating func undo(_ column: Int) {
        heights[column] -= 1
        cells[column * Self.rows + heights[column]] = 0
        count -= 1
    }

    private func at(_ column: Int, _ row: Int) -> Int8 {
        guard column >= 0, column < Self.columns, row >= 0, row < Self.rows else { return -1 }
        return cells[column * Self.rows + row]
    }

    /// Whether the disc just dropped into `column` completed a line of four.
    func isWin(lastColumn column: Int) -> Bool {
        let row = heights[column] - 1
        let owner = at(column, row)
        for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
            var run = 1
            var step = 1
            while at(column + dc * step, row + dr * step) == owner { run += 1; step += 1 }
            step = 1
            while at(column - dc * step, row - dr * step) == owner { run += 1; step += 1 }
            if run >= 4 { return true }
        }
        return false
    }

    /// How good the board is for the player to move.
    var evaluation: Int {
        let me = mover
        var score = 0
        for row in 0..<Self.rows {
            let middle = at(Self.columns / 2, row)
            if middle == me { score += 3 } else if middle != 0 { score -= 3 }
        }
        for column in 0..<Self.columns {
            for row in 0..<Self.rows {
                for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
                    let endColumn = column + dc * 3, endRow = row + dr * 3
                    guard endColumn < Self.columns, endRow >= 0, endRow < Self.rows else { continue }
                    var mine = 0, theirs = 0
                    for step in 0..<4 {
                        let cell = at(column + dc * step, row + dr * step)
                        if cell == me { mine += 1 } else if cell != 0 { theirs += 1 }
                    }
                    if theirs == 0 { score += Self.weight[mine] } else if mine == 0 { score -= Self.weight[theirs] }
                }
            }
        }
        return score
    }

    /// A line of four with this many of one player's discs and none of the other's.
    private static let weight = [0, 1, 8, 60, 0]
}
