import Battleship
import Testing

@Suite struct BoardTests {
    @Test func seedCellsAreNamedByNumber() {
        let board = Board(size: 3)
        #expect(board.name(of: Cell(4)) == "4")
        #expect(board.cell(named: "8") == Cell(8))
        #expect(board.cell(named: "9") == nil)
        #expect(board.cell(named: "-1") == nil)
        #expect(board.cell(named: "B2") == nil)
    }

    @Test(arguments: [("A1", 0), ("B7", 61), ("J10", 99), ("j10", 99), ("C3", 22)])
    func classicCellsAreNamedByLetterAndRow(name: String, index: Int) {
        let board = Board(size: 10)
        #expect(board.cell(named: name) == Cell(index))
        #expect(board.name(of: Cell(index)) == name.uppercased())
    }

    /// Every cell of every lettered board is named by its column letter and row number, and
    /// the name reads back as the cell.
    @Test func everyCellOfEveryBoardSizeIsNamedAndReadBack() {
        for size in 4...26 {
            let board = Board(size: size)
            for cell in board.cells {
                let letter = Character(Unicode.Scalar(UInt8(ascii: "A") + UInt8(board.column(of: cell))))
                #expect(board.name(of: cell) == "\(letter)\(board.row(of: cell) + 1)")
                #expect(board.cell(named: Substring(board.name(of: cell))) == cell)
            }
        }
    }

    @Test(arguments: ["K1", "A0", "A11", "A", "1A", "A01", "", "A+1"])
    func classicRejectsCellsOffTheBoard(name: String) {
        #expect(Board(size: 10).cell(named: name) == nil)
    }

    @Test func shipsCoverCellsAcrossAndDown() {
        let board = Board(size: 10)
        #expect(board.cells(of: ShipPlacement(.destroyer, at: Cell(8), .across)) == [Cell(8), Cell(9)])
        #expect(board.cells(of: ShipPlacement(.destroyer, at: Cell(9), .across)) == nil)
        #expect(board.cells(of: ShipPlacement(.cruiser, at: Cell(71), .down)) == [Cell(71), Cell(81), Cell(91)])
        #expect(board.cells(of: ShipPlacement(.cruiser, at: Cell(81), .down)) == nil)
    }
}
