import Battleship
import GameRules
import Testing

enum Fixtures {
    static let seed = try! BattleshipGame(variant: "seed")
    static let classic = try! BattleshipGame(variant: "classic")

    static func seedFleet(_ cells: Int...) -> Fleet {
        Fleet(cells.map { ShipPlacement(.boat, at: Cell($0)) })
    }

    /// A classic fleet, one ship per row from row `firstRow`, all starting in column A:
    /// carrier A1-E1, battleship A2-D2, cruiser A3-C3, submarine A4-C4, destroyer A5-B5.
    static func classicFleet(firstRow: Int = 0) -> Fleet {
        let kinds: [ShipKind] = [.carrier, .battleship, .cruiser, .submarine, .destroyer]
        return Fleet(kinds.enumerated().map { row, kind in
            ShipPlacement(kind, at: Cell((firstRow + row) * 10), .across)
        })
    }

    static func cell(_ name: String) -> Cell { classic.rules.board.cell(named: name)! }

    /// Reads a URL as a proposal, the way the server will: through the query codec.
    static func decode(_ game: BattleshipGame, _ url: String) throws(RuleViolation) -> BattleshipState {
        try game.decode(url: url)
    }
}

extension Match where G == BattleshipGame {
    /// Plays moves that the test expects to be legal.
    mutating func playAll(_ moves: [(Int, BattleshipMove)]) throws {
        for (seat, move) in moves { try play(move, by: Seat(seat), mover: "$P\(seat)") }
    }
}

/// One row of a move table: the moves before it, then a move that must be accepted
/// (`refusal == nil`) or refused with exactly `refusal`, changing nothing.
struct MoveCase: CustomTestStringConvertible, Sendable {
    let name: String
    let before: [(Int, BattleshipMove)]
    let seat: Int
    let move: BattleshipMove
    let refusal: RuleViolation?
    /// For an accepted shot: whether it must hit (`true`) or miss (`false`).
    var hits: Bool? = nil
    var testDescription: String { name }

    func check(in game: BattleshipGame) throws {
        var match = Match(game: game)
        try match.playAll(before)
        let state = match.state
        do {
            try match.play(move, by: Seat(seat), mover: "$P")
        } catch {
            #expect(error == refusal)
            #expect(match.state == state, "a refused move changed the state")
            return
        }
        #expect(refusal == nil, "accepted a move that should be refused")
        if let hits {
            let result = try #require(match.state.shots.last?.result, "the shot is not recorded")
            #expect(result == (hits ? .hit : .miss))
        }
    }
}
