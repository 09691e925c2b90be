import Battleship
import GameRules
import Testing

@Suite struct HunterShooterTests {
    @Test(arguments: 0..<UInt64(20))
    func hunterFiresOnlyAtNewCellsOnTheBoard(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        let fleet = Fixtures.classic.rules.randomFleet(using: &random)
        var seen = Set<Cell>()
        _ = try shotsToSink(fleet, with: HunterShooter(), random: &random) { cell, knowledge in
            #expect(Fixtures.classic.rules.board.contains(cell))
            #expect(!knowledge.fired[cell.index])
            #expect(seen.insert(cell).inserted, "fired twice at \(cell.index)")
        }
    }

    @Test func afterAHitTheHunterFiresNextToIt() {
        let rules = Fixtures.classic.rules
        let board = rules.board
        let hit = board.cell(named: "E5")!
        // Seat 0 hit E5; seat 1 missed somewhere.
        let view = BattleshipState(fleets: [.hidden, .hidden], shots: [Shot(hit, .hit), Shot(Cell(0), .miss)])
        let neighbours: Set<Cell> = ["E4", "E6", "D5", "F5"].compactMap { board.cell(named: $0) }.reduce(into: []) { $0.insert($1) }
        for seed in 0..<UInt64(20) {
            var random = SeededRandom(seed: seed)
            let cell = HunterShooter().chooseCell(rules: rules, view: view, shooter: Seat(0), using: &random)
            #expect(cell.map(neighbours.contains) == true)
        }
    }

    @Test func twoHitsInARowSetTheDirection() {
        let rules = Fixtures.classic.rules
        let board = rules.board
        let shots = ["E5", "A1", "F5", "A2"].map { board.cell(named: $0)! }
        let results: [ShotResult] = [.hit, .miss, .hit, .miss]
        let view = BattleshipState(fleets: [.hidden, .hidden], shots: zip(shots, results).map { Shot($0, $1) })
        var random = SeededRandom(seed: 1)
        let cell = HunterShooter().chooseCell(rules: rules, view: view, shooter: Seat(0), using: &random)
        #expect(cell == board.cell(named: "D5") || cell == board.cell(named: "G5"))
    }

    @Test func aSunkShipIsNoLongerHunted() {
        let rules = Fixtures.classic.rules
        let board = rules.board
        // Seat 0 sank the destroyer at A1-B1; seat 1's shots miss.
        let view = BattleshipState(fleets: [.hidden, .hidden], shots: [
            Shot(board.cell(named: "A1")!, .hit), Shot(Cell(99), .miss),
            Shot(board.cell(named: "B1")!, .sunk(.destroyer)),
        ])
        let knowledge = TargetKnowledge(rules: rules, view: view, shooter: Seat(0))
        #expect(!knowledge.openHits.contains(true))
        #expect(knowledge.afloat == [.carrier, .battleship, .cruiser, .submarine])
        #expect(HunterShooter().density(knowledge, targeting: true).allSatisfy { $0 == 0 })
    }

    @Test func everyShooterRunsOutOfCellsGracefully() {
        let rules = BattleshipRules.seed
        let shots = rules.board.cells.map { Shot($0, .miss) }
        let view = BattleshipState(fleets: [.hidden], shots: shots)
        var random = SeededRandom(seed: 3)
        #expect(HunterShooter().chooseCell(rules: rules, view: view, shooter: Seat(1), using: &random) == nil)
        #expect(RandomShooter().chooseCell(rules: rules, view: view, shooter: Seat(1), using: &random) == nil)
    }
}
