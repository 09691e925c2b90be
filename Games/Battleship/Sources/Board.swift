import GameRules

/// A square of the board, numbered row by row from 0 (the original's `Ship_Location` values).
public struct Cell: Hashable, Comparable, Sendable {
    public let index: Int

    public init(_ index: Int) { self.index = index }

    public static func < (lhs: Cell, rhs: Cell) -> Bool { lhs.index < rhs.index }
}

/// The geometry of a square board and how its cells are named: the seed's 3x3 board by the
/// original's numbers 0-8, larger boards by column letter and row number, `A1` to `J10`.
public struct Board: Hashable, Sendable {
    public let size: Int

    public init(size: Int) {
        precondition((1...26).contains(size), "a board has 1 to 26 columns")
        self.size = size
    }

    public var cellCount: Int { size * size }
    public var cells: [Cell] { (0..<cellCount).map(Cell.init) }
    public var namesCellsByNumber: Bool { size <= 3 }

    public func contains(_ cell: Cell) -> Bool { (0..<cellCount).contains(cell.index) }
    public func row(of cell: Cell) -> Int { cell.index / size }
    public func column(of cell: Cell) -> Int { cell.index % size }

    public func cell(row: Int, column: Int) -> Cell? {
        guard (0..<size).contains(row), (0..<size).contains(column) else { return nil }
        return Cell(row * size + column)
    }

    public func name(of cell: Cell) -> String {
        if namesCellsByNumber { return String(cell.index) }
        // Spelled from bytes: every state a server writes names each of its shots.
        let row = self.row(of: cell) + 1
        let letter = UInt8(ascii: "A") + UInt8(column(of: cell))
        let digit = { (value: Int) in UInt8(ascii: "0") + UInt8(value) }
        let spelled = row < 10 ? (letter, digit(row), UInt8(0)) : (letter, digit(row / 10), digit(row % 10))
        return withUnsafeBytes(of: spelled) { String(decoding: $0.prefix(row < 10 ? 2 : 3), as: UTF8.self) }
    }

    /// The cell a name stands for: `4` on the seed board, `B7` (or `b7`) on larger ones.
    public func cell(named name: Substring) -> Cell? {
        let bytes = name.utf8
        if namesCellsByNumber {
            guard let index = Self.number(bytes[...]), contains(Cell(index)) else { return nil }
            return Cell(index)
        }
        guard let letter = bytes.first, let row = Self.number(bytes.dropFirst()) else { return nil }
        let column = Int(letter | 0x20) - Int(UInt8(ascii: "a"))  // either case
        guard letter.isASCIILetter else { return nil }
        return cell(row: row - 1, column: column)
    }

    public func cell(named name: String) -> Cell? { cell(named: name[...]) }

    /// A decimal number without sign or leading zeros, read without allocating: names are
    /// parsed on every move the server receives.
    private static func number(_ digits: Substring.UTF8View.SubSequence) -> Int? {
        guard let first = digits.first, digits.count <= 4, first != UInt8(ascii: "0") || digits.count == 1 else {
            return nil
        }
        var value = 0
        for digit in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) else { return nil }
            value = value * 10 + Int(digit - UInt8(ascii: "0"))
        }
        return value
    }

    /// Whether `ship`, which lies on the board, covers `cell`.
    func covers(_ ship: ShipPlacement, _ cell: Cell) -> Bool {
        let (row, column) = (row(of: ship.origin), column(of: ship.origin))
        let (cellRow, cellColumn) = (self.row(of: cell), self.column(of: cell))
        return ship.orientation == .across
            ? cellRow == row && (column..<column + ship.kind.length).contains(cellColumn)
            : cellColumn == column && (row..<row + ship.kind.length).contains(cellRow)
    }

    /// The `step`th cell of `ship`, which lies on the board, from its origin.
    func cell(_ step: Int, of ship: ShipPlacement) -> Cell {
        Cell(ship.origin.index + step * (ship.orientation == .across ? 1 : size))
    }

    /// The cells a ship covers, or `nil` when it would leave the board.
    /// The cells of `ship` that are on the board, where it would leave it: what the player
    /// sees of a ship about to be placed from the cursor.
    public func cellsOnBoard(of ship: ShipPlacement) -> [Cell] {
        let (row, column) = (row(of: ship.origin), column(of: ship.origin))
        return (0..<ship.kind.length).compactMap { step in
            ship.orientation == .across ? cell(row: row, column: column + step) : cell(row: row + step, column: column)
        }
    }

    public func cells(of ship: ShipPlacement) -> [Cell]? {
        let (row, column) = (row(of: ship.origin), column(of: ship.origin))
        guard contains(ship.origin) else { return nil }
        var covered: [Cell] = []
        for step in 0..<ship.kind.length {
            let next = ship.orientation == .across
                ? cell(row: row, column: column + step)
                : cell(row: row + step, column: column)
            guard let next else { return nil }
            covered.append(next)
        }
        return covered
    }
}

extension UInt8 {
    fileprivate var isASCIILetter: Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self | 0x20)
    }
}
