import Battleship
import GameRules
import GamePresentation
import Testing

@Suite("Battleship boards")
struct BoardRendererTests {
    let seed = BoardRenderer(game: Fixtures.seed, mode: .plain)
    let classic = BoardRenderer(game: Fixtures.classic, mode: .plain)

    @Test func seedFromTheGuessersViewWithACursor() throws {
        let view = try Fixtures.seed.decode(url: "?Hidden=0&Shot=4-hit&Shot=7-miss&Is_Complete=0")
        #expect(BoardPerspective.inferred(from: view) == .player(Seat(1)))
        let lines = seed.lines(for: view, as: .inferred(from: view), cursor: BoardCursor(Cell(2)), width: 80)
        #expect(lines.plain == [
            "Find the ships",
            " .  . [.]   0 1 2",
            " .  X  .    3 4 5",
            " . (o) .    6 7 8",
        ])
    }

    @Test func seedFromTheHidersView() throws {
        let view = try Fixtures.seed.decode(url: "?Ship_Location=0&Ship_Location=4&Shot=4-hit&Shot=7-miss&Is_Complete=0")
        #expect(BoardPerspective.inferred(from: view) == .player(Seat(0)))
        #expect(seed.lines(for: view, as: .inferred(from: view), width: 80).plain == [
            "Your ships",
            " #  .  .    0 1 2",
            " .  X  .    3 4 5",
            " . (o) .    6 7 8",
        ])
    }

    /// Amber's view: her fleet with Ben's shots on the left, Ben's waters with her shots on
    /// the right, where the sunk destroyer is worked out from her two hits.
    @Test func classicPairSideBySide() throws {
        let view = Fixtures.classic.view(of: try Self.classicMatch().state, for: Seat(0))
        let lines = classic.lines(for: view, as: .inferred(from: view), cursor: BoardCursor(Fixtures.cell("C3")), width: 80)
        #expect(lines.plain == [
            "Your fleet                           Enemy fleet",
            "    A  B  C  D  E  F  G  H  I  J         A  B  C  D  E  F  G  H  I  J",
            " 1  X (X) #  #  #  .  .  .  .  .      1  .  .  .  .  .  .  .  .  .  .",
            " 2  #  #  #  #  .  .  .  .  .  .      2  .  .  .  .  .  .  .  .  .  .",
            " 3  #  #  #  .  .  .  .  .  .  .      3  .  . [.] .  .  .  .  .  .  .",
            " 4  #  #  #  .  .  .  .  .  .  .      4  .  .  .  .  .  .  .  .  .  .",
            " 5  #  #  .  .  o  .  .  .  .  .      5  .  .  .  .  .  .  .  .  .  .",
            " 6  .  .  .  .  .  .  .  .  .  .      6  X  .  .  .  .  .  .  .  .  .",
            " 7  .  .  .  .  .  .  .  .  .  .      7  .  .  .  .  .  .  .  .  .  .",
            " 8  .  .  .  .  .  .  .  .  .  .      8  .  .  .  .  .  .  .  .  .  .",
            " 9  .  .  .  .  .  .  .  .  .  .      9  .  .  .  .  .  .  .  .  .  .",
            "10  .  .  .  .  .  .  .  .  .  .     10  * (*) .  .  .  .  .  .  .  o",
        ])
    }

    @Test func classicStacksWhenTheBoardsDoNotFitSideBySide() throws {
        let view = Fixtures.classic.view(of: try Self.classicMatch().state, for: Seat(1))
        let lines = classic.lines(for: view, as: .player(Seat(1)), width: 60).plain
        #expect(lines.count == 25)
        #expect(lines[0] == "Your fleet")
        #expect(lines[12] == "")
        #expect(lines[13] == "Enemy fleet")
        #expect(lines[14] == "    A  B  C  D  E  F  G  H  I  J")
        #expect(lines.allSatisfy { $0.count <= 33 })
    }

    /// Below 80x24 a screen still shows the board a player acts on: narrow cells side by side,
    /// then the cursor's board alone with its title beside the letters, then a word on the
    /// size needed; never a board cut off without a word.
    @Test func boardsAreLaidOutForTheScreensSize() throws {
        let view = Fixtures.classic.view(of: try Self.classicMatch().state, for: Seat(0))
        let cursor = BoardCursor(Fixtures.cell("C3"))
        let narrow = classic.lines(for: view, as: .player(Seat(0)), cursor: cursor, width: 56, height: 12).plain
        #expect(narrow.count == 12)
        #expect(narrow[0] == "Your fleet                 Enemy fleet")
        #expect(narrow[1] == "    A B C D E F G H I J        A B C D E F G H I J")
        #expect(narrow[4] == " 3  # # # . . . . . . .     3  . .[.]. . . . . . .")
        #expect(narrow.allSatisfy { $0.count <= 56 })

        let alone = classic.lines(for: view, as: .player(Seat(0)), cursor: cursor, width: 60, height: 11).plain
        #expect(alone.count == 11)
        #expect(alone[0] == "    A  B  C  D  E  F  G  H  I  J    Enemy fleet", "the cursor's board, titled beside")
        #expect(alone[3] == " 3  .  . [.] .  .  .  .  .  .  .")
        #expect(!alone.joined().contains("#"), "not the player's own fleet")

        let roomy = classic.lines(for: view, as: .player(Seat(0)), cursor: cursor, width: 40, height: 14).plain
        #expect(roomy.first == "Enemy fleet")
        #expect(roomy.last == "(Your fleet: in a larger window)")

        let small = classic.lines(for: view, as: .player(Seat(0)), cursor: cursor, width: 26, height: 11).plain
        #expect(small[0] == "    A B C D E F G H I J")
        #expect(small.allSatisfy { $0.count <= 26 })

        let tiny = classic.screen(for: view, as: .player(Seat(0)), cursor: cursor, width: 40, height: 9).plain
        #expect(tiny == ["Too small a window for the board:", "make it 2 lines taller."])
        let thin = classic.screen(for: view, as: .player(Seat(0)), cursor: cursor, width: 20, height: 9).plain
        #expect(thin == ["Too small a window for the board:", "make it 3 columns wider and 2 lines taller."])
    }

    /// The newest answered shot at a board is between parentheses, so that a glance finds it;
    /// in narrow cells too, giving way to the cursor's brackets where they meet. The score
    /// line says where the game stands.
    @Test func theNewestShotIsMarkedAndTheScoreSaid() throws {
        let view = Fixtures.classic.view(of: try Self.classicMatch().state, for: Seat(0))
        let enemy = classic.board(1, in: view, cells: .narrow).plain
        #expect(enemy[10] == "10  *(*). . . . . . . o", "\(enemy)")
        let nearCursor = classic.board(1, in: view, cursor: Fixtures.cell("C10"), cells: .narrow).plain
        #expect(nearCursor[10] == "10  * *[.]. . . . . . o", "the cursor's brackets win: \(nearCursor)")
        #expect(classic.score(for: .player(Seat(0)), in: view)?.plainText == "Afloat: your ships 5 of 5, theirs 4 of 5")
        let seedView = try Fixtures.seed.decode(url: "?Hidden=0&Shot=4-hit&Shot=7-miss&Is_Complete=0")
        #expect(seed.score(for: .player(Seat(1)), in: seedView)?.plainText == "Found 1 of 2, misses 1 of 3")
        #expect(classic.score(for: .player(Seat(0)), in: Fixtures.classic.initialState) == nil, "no shot, no score")
    }

    /// In plain text the narrow cursor's closing bracket takes the next cell's space, and at
    /// the row's end a column of its own.
    @Test func theNarrowCursorAtTheRowsEnd() throws {
        let view = Fixtures.classic.view(of: try Self.classicMatch().state, for: Seat(0))
        let board = classic.board(1, in: view, cursor: Fixtures.cell("J2"), cells: .narrow).plain
        #expect(board[2] == " 2  . . . . . . . . .[.]")
        #expect(board[3] == " 3  . . . . . . . . . .")
    }

    /// Rendered from the true state, which knows every ship: the renderer narrows it to the
    /// viewer's view first, so only the cells the guesser hit show anything of the ships.
    @Test func theGuesserNeverSeesAShipItHasNotHit() throws {
        var match = Match(game: Fixtures.seed)
        try match.play(.place(Fleet([ShipPlacement(.boat, at: Cell(0)), ShipPlacement(.boat, at: Cell(8))])), by: Seat(0), mover: "h")
        try match.play(.fire(Cell(8)), by: Seat(1), mover: "g")
        let lines = seed.lines(for: match.state, as: .player(Seat(1)), width: 80).plain
        #expect(lines.joined().contains("X"))
        #expect(!lines.joined().contains("#"))
        #expect(lines[1] == " .  .  .    0 1 2")

        let duel = try Self.classicMatch().state
        let amber = classic.lines(for: duel, as: .player(Seat(0)), width: 80).plain
        #expect(amber.dropFirst(2).allSatisfy { !$0.dropFirst(37).contains("#") })
        let onlooker = classic.lines(for: duel, as: .onlooker, width: 80).plain
        #expect(onlooker[0] == "First player's fleet                 Second player's fleet")
        #expect(!onlooker.joined().contains("#"))
    }

    @Test func colourUsesEscapesAndPlainTextNone() throws {
        let view = try Fixtures.seed.decode(url: "?Hidden=0&Shot=4-hit&Shot=7-miss&Is_Complete=0")
        let coloured = BoardRenderer(game: Fixtures.seed, mode: .colour)
            .lines(for: view, as: .player(Seat(1)), cursor: BoardCursor(Cell(2)), width: 80)
        #expect(coloured.rendered(.colour).joined().contains("\u{1B}[1;7m . \u{1B}[0m"))  // the cursor
        #expect(!coloured.rendered(.plain).joined().contains("\u{1B}"))
        #expect(coloured.map(\.width) == [14, 17, 17, 17])
    }

    /// Only a sinking shot says a ship sank; which hits were that ship shows only when one
    /// line of hits fits. A staged shot, not answered yet, shows as `?`.
    @Test func sunkShipsAreMarkedOnlyWhereTheHitsTellWhichCells() {
        func state(_ shots: [(String, ShotResult?)]) -> BattleshipState {
            // Amber fires the even shots at Ben's fleet; Ben misses in the corner between.
            let all = shots.enumerated().flatMap { index, shot in
                [Shot(Fixtures.cell(shot.0), shot.1)] + (index < shots.count - 1 ? [Shot(Cell(99 - index), .miss)] : [])
            }
            return BattleshipState(fleets: [.hidden, .hidden], shots: all)
        }
        let clear = state([("B1", .hit), ("C1", .hit), ("D1", .sunk(.destroyer)), ("F1", nil)])
        #expect(classic.board(1, in: clear)[1].render(.plain) == " 1  .  X  * (*) .  ?  .  .  .  .")
        let unclear = state([("C1", .hit), ("D2", .hit), ("D1", .sunk(.destroyer))])
        #expect(classic.board(1, in: unclear)[1].render(.plain) == " 1  .  .  X (*) .  .  .  .  .  .")
        #expect(classic.board(1, in: unclear)[2].render(.plain) == " 2  .  .  .  X  .  .  .  .  .  .")
    }

    @Test func theLegendNamesEveryMarkInOneLine() {
        #expect(classic.legend().plainText == "# ship  X hit  * sunk  o miss  . unknown")
    }

    /// A classic game after both fleets are placed (seat 0's from row 1, seat 1's from row 6)
    /// and some shots: seat 0 misses J10, hits A6, sinks the destroyer at A10-B10; seat 1 hits
    /// A1, misses E5, hits B1.
    static func classicMatch() throws -> Match<BattleshipGame> {
        var match = Match(game: Fixtures.classic)
        try match.play(.place(Fixtures.classicFleet(firstRow: 0)), by: Seat(0), mover: "$A")
        try match.play(.place(Fixtures.classicFleet(firstRow: 5)), by: Seat(1), mover: "$B")
        let shots: [(Int, String)] = [(0, "J10"), (1, "A1"), (0, "A6"), (1, "E5"), (0, "A10"), (1, "B1"), (0, "B10")]
        for (seat, name) in shots { try match.play(.fire(Fixtures.cell(name)), by: Seat(seat), mover: "$\(seat)") }
        return match
    }
}
