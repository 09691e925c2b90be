import Battleship
import GameRules
import Testing

/// Reading and writing states as URLs: the original app's, and Parley's own.
@Suite struct BattleshipURLTests {
    @Test func theOriginalURLIsASeedStateWithShipsPlaced() throws {
        let state = try Fixtures.seed.decode(
            url: "www.shinobicontrols.com/battleship?Ship_Location=0&Ship_Location=1&Is_Complete=0")
        #expect(state.fleets == [.placed(Fixtures.seedFleet(0, 1))])
        #expect(state.shots.isEmpty)
        #expect(Fixtures.seed.outcome(of: state) == .inProgress)
        #expect(Fixtures.seed.query(for: state) == "?Ship_Location=0&Ship_Location=1&Is_Complete=0")
    }

    @Test func theOriginalFinishedGameDecodesAsFinishedWithoutAResult() throws {
        let state = try Fixtures.seed.decode(
            url: "www.shinobicontrols.com/battleship?Ship_Location=7&Ship_Location=2&Is_Complete=1")
        #expect(state.declaredComplete)
        #expect(state.fleets == [.placed(Fixtures.seedFleet(2, 7))], "ships are kept in cell order")
        #expect(Fixtures.seed.outcome(of: state) == .finished(winners: [], losers: []))
        #expect(try Fixtures.seed.decode(Fixtures.seed.encode(state)) == state)
    }

    @Test func theOriginalHidersMessageIsAPlacement() throws {
        var match = Match(game: Fixtures.seed)
        let proposal = try Fixtures.seed.decode(url: "www.shinobicontrols.com/battleship?Ship_Location=3&Ship_Location=5&Is_Complete=0")
        let step = try match.propose(proposal, by: Seat(0), mover: "$H")
        #expect(step.move == .place(Fixtures.seedFleet(3, 5)))
    }

    @Test func parleysFormatsRoundTrip() throws {
        let seed = "?Ship_Location=0&Ship_Location=4&Shot=4-hit&Shot=7-miss&Is_Complete=0"
        #expect(try Fixtures.seed.query(for: Fixtures.seed.decode(url: seed)) == seed)
        let guesserView = "?Hidden=0&Shot=4-hit&Shot=7-miss&Is_Complete=0"
        #expect(try Fixtures.seed.query(for: Fixtures.seed.decode(url: guesserView)) == guesserView)
        let classic = "?Variant=classic&Ship=0-carrier-A1-h&Ship=0-battleship-A2-h&Ship=0-cruiser-A3-h"
            + "&Ship=0-submarine-A4-h&Ship=0-destroyer-A5-h&Hidden=1&Shot=B7-miss&Shot=A1-hit&Shot=A10-hit"
        #expect(try Fixtures.classic.query(for: Fixtures.classic.decode(url: classic)) == classic)
        #expect(try Fixtures.classic.decode(url: "https://parley.example/g/battleship" + classic)
            == Fixtures.classic.decode(url: classic))
    }

    static let undecodable: [(BattleshipGame, String, String)] = [
        (Fixtures.seed, "?Ship_Location=9&Ship_Location=1", "Ship_Location=9 is not a cell from 0 to 8."),
        (Fixtures.seed, "?Ship_Location=x", "Ship_Location=x is not a cell from 0 to 8."),
        (Fixtures.seed, "?Shot=4-hit", "Shot=4 comes before the ships are placed."),
        (Fixtures.seed, "?Ship_Location=0&Ship_Location=1&Shot=4-hit", "Shot=4 says hit, but the ships there say miss."),
        (Fixtures.seed, "?Hidden=0&Shot=4-hit&Shot=4-hit", "4 is fired at twice by the same player."),
        (Fixtures.seed, "?Hidden=0&Shot=4&Shot=5-hit", "Only the last shot may be without a result."),
        (Fixtures.seed, "?Hidden=0&Shot=4-hot", "Shot=4-hot has no valid result; write CELL, CELL-miss, CELL-hit or CELL-sunk-KIND."),
        (Fixtures.seed, "?Hidden=0&Shot=4-sunk-boat", "Shot=4-sunk-boat has no valid result; write CELL, CELL-miss, CELL-hit or CELL-sunk-KIND."),
        (Fixtures.seed, "?Hidden=0&Shot=0-hit&Shot=1-hit&Shot=2-miss", "Shot=2 comes after the game is over."),
        (Fixtures.seed, "?Hidden=0&Shot=0-hit&Shot=1-hit&Is_Complete=0", "Is_Complete=0, but the shots end the game."),
        (Fixtures.seed, "?Hidden=0&Shot=0-hit&Is_Complete=1", "Is_Complete=1, but the shots do not end the game."),
        (Fixtures.seed, "?Ship_Location=0&Ship_Location=1&Is_Complete=yes", "Is_Complete=yes must be 0 or 1."),
        (Fixtures.seed, "?Hidden=3", "Hidden=3 names no fleet of this game."),
        (Fixtures.seed, "?Ship_Location=0&Ship_Location=1&Hidden=0", "Seat 0's fleet cannot be both shown and hidden."),
        (Fixtures.seed, "?Variant=classic&Hidden=0", "This URL is a classic Battleship game, not seed."),
        (Fixtures.classic, "?Ship_Location=0&Ship_Location=1", "This URL is a seed Battleship game, not classic."),
        (Fixtures.classic, "?Variant=classic&Ship=0-carrier-A1", "Ship=0-carrier-A1 is not SEAT-KIND-CELL-h|v, such as 0-carrier-A1-h."),
        (Fixtures.classic, "?Variant=classic&Ship=2-carrier-A1-h", "Ship=2-carrier-A1-h is not SEAT-KIND-CELL-h|v, such as 0-carrier-A1-h."),
        (Fixtures.classic, "?Variant=classic&Ship=0-boat-A1-h", "Ship=0-boat-A1-h is not SEAT-KIND-CELL-h|v, such as 0-carrier-A1-h."),
        (Fixtures.classic, "?Variant=classic&Hidden=0&Hidden=1&Shot=A1-sunk-carrier&Shot=A1-miss&Shot=B1-sunk-carrier",
         "The carrier cannot be sunk twice."),
        (Fixtures.classic, "?Variant=classic&Hidden=0&Shot=A1-hit", "Shot=A1 comes before the ships are placed."),
        (Fixtures.classic, "?Variant=classic&Hidden=0&Hidden=1&Shot=K1-hit", "Shot=K1-hit does not name a cell of the board."),
        (Fixtures.seed, "?Ship_Location=%ZZ", "The URL has a malformed percent escape in \"%ZZ\"."),
    ]

    @Test(arguments: undecodable)
    func badURLsAreRefusedWithTheirReason(game: BattleshipGame, url: String, reason: String) {
        #expect(throws: RuleViolation(.undecodableState, reason)) { try game.decode(url: url) }
    }

    static let badFleets: [(BattleshipGame, String, RuleViolation)] = [
        (Fixtures.seed, "?Ship_Location=1", RuleViolation(.wrongFleet, "A fleet is exactly these ships: boat (1), boat (1).")),
        (Fixtures.seed, "?Ship_Location=1&Ship_Location=1", RuleViolation(.overlap, "Two ships may not share 1.")),
        (Fixtures.classic, "?Variant=classic&Ship=0-carrier-A1-h", RuleViolation(.wrongFleet,
            "A fleet is exactly these ships: carrier (5), battleship (4), cruiser (3), submarine (3), destroyer (2).")),
        (Fixtures.classic, "?Variant=classic&Ship=1-carrier-G1-h&Ship=1-battleship-A2-h&Ship=1-cruiser-A3-h"
            + "&Ship=1-submarine-A4-h&Ship=1-destroyer-A5-h",
         RuleViolation(.offBoard, "The carrier does not fit on the 10x10 board there.")),
    ]

    @Test(arguments: badFleets)
    func fleetsThatBreakTheRulesAreRefusedByTheRule(game: BattleshipGame, url: String, refusal: RuleViolation) {
        #expect(throws: refusal) { try game.decode(url: url) }
    }

    @Test func unknownItemsAreIgnored() throws {
        let state = try Fixtures.seed.decode(url: "?Ship_Location=0&Colour=red&Ship_Location=8&Is_Complete=0&x")
        #expect(state.fleets == [.placed(Fixtures.seedFleet(0, 8))])
    }
}
