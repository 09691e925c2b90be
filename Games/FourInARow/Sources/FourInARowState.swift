import GameRules

/// A game of Four in a Row: the columns its discs were dropped into, in order. The first, third,
/// fifth… disc is the first player's (seat 0), the others the second's; the board and the
/// outcome follow from the order alone.
public struct FourInARowState: Hashable, Sendable {
    public static let columns = 7
    public static let rows = 6
    static let columnRange = 0..<columns
    static let dropItem = "Drop"

    /// Column indices 0 to 6, oldest first.
    public var drops: [Int]

    public init(drops: [Int] = []) {
        self.drops = drops
    }

    /// The seat whose disc comes next.
    public var nextSeat: Seat { Seat(drops.count % 2) }

    /// The board: `board[column][row]` is the seat whose disc is there, row 0 at the bottom.
    public var board: [[Seat]] {
        var board = Array(repeating: [Seat](), count: Self.columns)
        for (index, column) in drops.enumerated() where Self.columnRange.contains(column) {
            board[column].append(Seat(index % 2))
        }
        return board
    }

    public func isFull(column: Int) -> Bool {
        drops.lazy.filter { $0 == column }.count >= Self.rows
    }

    /// The seat of the disc at `column`, `row` (0 at the bottom), if there is one.
    public func disc(column: Int, row: Int) -> Seat? {
        let stack = board[column]
        return row < stack.count ? stack[row] : nil
    }

    /// Where the disc of drop `index` landed: its column and row.
    public func cell(ofDrop index: Int) -> (column: Int, row: Int) {
        let column = drops[index]
        return (column, drops.prefix(index).filter { $0 == column }.count)
    }

    /// The four cells of the first line a player completed, if one did: looked for from each
    /// disc, columns left to right and each from the bottom, along the row, up the column and
    /// both diagonals. On a flat grid of seats: every move's outcome is worked out from it.
    public var winningLine: [(column: Int, row: Int)]? {
        // 0 for an empty cell, else the seat's index + 1; cell (column, row) at column * rows + row.
        var cells = [UInt8](repeating: 0, count: Self.columns * Self.rows)
        var heights = [Int](repeating: 0, count: Self.columns)
        for (index, column) in drops.enumerated() where Self.columnRange.contains(column) && heights[column] < Self.rows {
            cells[column * Self.rows + heights[column]] = UInt8(index % 2 + 1)
            heights[column] += 1
        }
        func owner(_ column: Int, _ row: Int) -> UInt8 {
            guard Self.columnRange.contains(column), row >= 0, row < heights[column] else { return 0 }
            return cells[column * Self.rows + row]
        }
        for column in 0..<Self.columns {
            for row in 0..<heights[column] {
                let seat = cells[column * Self.rows + row]
                for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)]
                where (1..<4).allSatisfy({ owner(column + dc * $0, row + dr * $0) == seat }) {
                    return (0..<4).map { (column: column + dc * $0, row: row + dr * $0) }
                }
            }
        }
        return nil
    }

    /// Four in a line wins for their owner; a full board without one is a draw.
    public var outcome: Outcome {
        if let first = winningLine?.first, let winner = disc(column: first.column, row: first.row) {
            return .finished(winners: [winner], losers: [Seat(1 - winner.index)])
        }
        if drops.count >= Self.columns * Self.rows { return .finished(winners: [], losers: []) }
        return .inProgress
    }

    /// A column's name in URLs and on screen, 1 to 7, read back.
    static func column(named name: String) -> Int? {
        guard let number = Int(name), (1...columns).contains(number) else { return nil }
        return number - 1
    }
}
