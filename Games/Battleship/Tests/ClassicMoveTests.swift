import Battleship
import GameRules
import Testing

/// The classic variant's moves, each with what must come of it.
@Suite struct ClassicMoveTests {
    static let bothPlaced: [(Int, BattleshipMove)] = [
        (0, .place(Fixtures.classicFleet(firstRow: 0))), (1, .place(Fixtures.classicFleet(firstRow: 5))),
    ]
    static func carrier(_ row: Int, _ column: Int, _ orientation: Orientation) -> ShipPlacement {
        ShipPlacement(.carrier, at: Cell(row * 10 + column), orientation)
    }

    static func replacing(_ ship: ShipPlacement, in fleet: Fleet) -> Fleet {
        Fleet(fleet.ships.map { $0.kind == ship.kind ? ship : $0 })
    }

    static let cases: [MoveCase] = [
        MoveCase(name: "first player places", before: [], seat: 0, move: .place(Fixtures.classicFleet()), refusal: nil),
        MoveCase(name: "second player waits for the first", before: [], seat: 1, move: .place(Fixtures.classicFleet()),
             refusal: .notYourTurn),
        MoveCase(name: "second player places", before: Array(bothPlaced.prefix(1)), seat: 1,
             move: .place(Fixtures.classicFleet(firstRow: 3)), refusal: nil),
        MoveCase(name: "a ship off the board", before: [], seat: 0,
             move: .place(replacing(carrier(0, 7, .across), in: Fixtures.classicFleet())),
             refusal: RuleViolation(.offBoard, "The carrier does not fit on the 10x10 board there.")),
        MoveCase(name: "a ship off the bottom", before: [], seat: 0,
             move: .place(replacing(carrier(6, 9, .down), in: Fixtures.classicFleet())),
             refusal: RuleViolation(.offBoard, "The carrier does not fit on the 10x10 board there.")),
        MoveCase(name: "overlapping ships", before: [], seat: 0,
             move: .place(replacing(carrier(0, 1, .down), in: Fixtures.classicFleet())),
             refusal: RuleViolation(.overlap, "The carrier and the battleship overlap at B2.")),
        MoveCase(name: "a missing ship", before: [], seat: 0,
             move: .place(Fleet(Array(Fixtures.classicFleet().ships.dropLast()))),
             refusal: RuleViolation(.wrongFleet,
                 "A fleet is exactly these ships: carrier (5), battleship (4), cruiser (3), submarine (3), destroyer (2).")),
        MoveCase(name: "two carriers", before: [], seat: 0,
             move: .place(Fleet(Fixtures.classicFleet().ships.dropLast() + [carrier(8, 0, .across)])),
             refusal: RuleViolation(.wrongFleet,
                 "A fleet is exactly these ships: carrier (5), battleship (4), cruiser (3), submarine (3), destroyer (2).")),
        MoveCase(name: "firing before both fleets are placed", before: Array(bothPlaced.prefix(1)), seat: 1,
             move: .fire(Cell(0)), refusal: .illegal("The ships are not all placed yet; place before firing.")),
        MoveCase(name: "first player fires first", before: bothPlaced, seat: 0, move: .fire(Fixtures.cell("A6")), refusal: nil),
        MoveCase(name: "second player may not fire first", before: bothPlaced, seat: 1, move: .fire(Fixtures.cell("A1")),
             refusal: .notYourTurn),
        MoveCase(name: "shots alternate", before: bothPlaced + [(0, .fire(Fixtures.cell("J10")))], seat: 0,
             move: .fire(Fixtures.cell("J9")), refusal: .notYourTurn),
        MoveCase(name: "a cell fired at twice", before: bothPlaced + [(0, .fire(Fixtures.cell("J10"))), (1, .fire(Cell(0)))],
             seat: 0, move: .fire(Fixtures.cell("J10")),
             refusal: RuleViolation(.alreadyFired, "You already fired at J10; a cell counts once.")),
        MoveCase(name: "the other player may fire at the same cell", before: bothPlaced + [(0, .fire(Fixtures.cell("J10")))],
             seat: 1, move: .fire(Fixtures.cell("J10")), refusal: nil),
        MoveCase(name: "a cell off the board", before: bothPlaced, seat: 0, move: .fire(Cell(100)),
             refusal: RuleViolation(.offBoard, "Cell 100 is not a cell of the 10x10 board.")),
    ]

    @Test(arguments: cases)
    func move(_ test: MoveCase) throws {
        try test.check(in: Fixtures.classic)
    }

    @Test func hitsSinkAndWin() throws {
        var match = Match(game: Fixtures.classic)
        try match.playAll(Self.bothPlaced)
        // Seat 0 sinks seat 1's fleet (rows 6 to 10) while seat 1 misses in rows 6 to 10.
        let targets = Fixtures.classicFleet(firstRow: 5).ships.flatMap { Fixtures.classic.rules.board.cells(of: $0)! }
        var results: [ShotResult] = []
        var misses = Fixtures.classic.rules.board.cells.filter { $0.index >= 50 }.makeIterator()
        for (index, cell) in targets.enumerated() {
            let step = try match.play(.fire(cell), by: Seat(0), mover: "$A")
            results.append(step.after.shots.last!.result!)
            if index < targets.count - 1 { try match.play(.fire(misses.next()!), by: Seat(1), mover: "$B") }
        }
        #expect(results.filter { $0 == .hit }.count == 12)
        let sunk = results.compactMap { result -> ShipKind? in
            if case let .sunk(kind) = result { return kind }
            return nil
        }
        #expect(sunk == [.carrier, .battleship, .cruiser, .submarine, .destroyer])
        #expect(match.outcome == .finished(winners: [Seat(0)], losers: [Seat(1)]))
        #expect(match.turn == .nobody)
    }

    @Test func captionsNameSunkShipsAndTheWinner() throws {
        var match = Match(game: Fixtures.classic)
        let first = try match.play(.place(Fixtures.classicFleet()), by: Seat(0), mover: "$A")
        #expect(first.texts.caption == "$A placed their ships! Place yours, then find theirs.")
        let second = try match.play(.place(Fixtures.classicFleet(firstRow: 5)), by: Seat(1), mover: "$B")
        #expect(second.texts.caption == "$B placed their ships too. Fire away!")
        let hit = try match.play(.fire(Fixtures.cell("A10")), by: Seat(0), mover: "$A")
        #expect(hit.texts.caption == "$A fired at A10: a hit!")
        #expect(hit.texts.trailingCaption == "Sunk 0 of 5")
        let miss = try match.play(.fire(Fixtures.cell("J10")), by: Seat(1), mover: "$B")
        #expect(miss.texts.caption == "$B fired at J10: a miss.")
        let sunk = try match.play(.fire(Fixtures.cell("B10")), by: Seat(0), mover: "$A")
        #expect(sunk.after.shots.last?.result == .sunk(.destroyer))
        #expect(sunk.texts.caption == "$A sank the destroyer!")
        #expect(sunk.texts.trailingCaption == "Sunk 1 of 5")
    }
}
