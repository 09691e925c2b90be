import GamePresentation
import Battleship
import Foundation
import GameRules
import IceCream
import TerminalUI
import Transcript
import Wire

/// Amber is the viewer; Ben plays against her; Chris is a third member of the group.
enum Cast {
    static let amber = ParticipantID(UUID(uuidString: "A0000000-0000-4000-8000-00000000000A")!)
    static let ben = ParticipantID(UUID(uuidString: "B0000000-0000-4000-8000-00000000000B")!)
    static let chris = ParticipantID(UUID(uuidString: "C0000000-0000-4000-8000-00000000000C")!)
    static let names = NameBook([amber: "Amber", ben: "Ben", chris: "Chris"])

    static let seedGame = try! BattleshipGame(variant: "seed")
    static let classicGame = try! BattleshipGame(variant: "classic")

    static let battleshipSession = SessionID(UUID(uuidString: "11111111-1111-4111-8111-111111111111")!)
    static let iceCreamSession = SessionID(UUID(uuidString: "22222222-2222-4222-8222-222222222222")!)

    static func cell(_ name: String) -> Cell { classicGame.rules.board.cell(named: name)! }

    /// A classic fleet, one ship per row from `firstRow`, all from column A.
    static func classicFleet(firstRow: Int) -> Fleet {
        let kinds: [ShipKind] = [.carrier, .battleship, .cruiser, .submarine, .destroyer]
        return Fleet(kinds.enumerated().map { row, kind in ShipPlacement(kind, at: Cell((firstRow + row) * 10), .across) })
    }

    /// A classic game after both fleets are placed (Amber's from row 1, Ben's from row 6) and
    /// some shots: Amber (seat 0) misses J10, hits A6, sinks the destroyer at A10-B10; Ben
    /// hits A1, misses E5, hits B1.
    static func classicMatch() throws -> Match<BattleshipGame> {
        var match = Match(game: classicGame)
        try match.play(.place(classicFleet(firstRow: 0)), by: Seat(0), mover: amber.token)
        try match.play(.place(classicFleet(firstRow: 5)), by: Seat(1), mover: ben.token)
        let shots: [(Int, String)] = [(0, "J10"), (1, "A1"), (0, "A6"), (1, "E5"), (0, "A10"), (1, "B1"), (0, "B10")]
        for (seat, name) in shots { try match.play(.fire(cell(name)), by: Seat(seat), mover: "$\(seat)") }
        return match
    }

    static func status(
        _ kind: TurnInfo.Kind, _ participants: [ParticipantID] = [], finished: Bool = false,
        winners: [ParticipantID] = [], losers: [ParticipantID] = [], prompt: String? = nil, game: String = "battleship"
    ) -> GameStatus {
        GameStatus(
            session: battleshipSession.uuidString, game: game, variant: "seed", moves: 3,
            turn: TurnInfo(kind: kind, participants: participants),
            outcome: OutcomeInfo(finished: finished, winners: winners, losers: losers), prompt: prompt)
    }

    static func event(_ seq: Int, _ message: Message, status: GameStatus? = nil) -> Event {
        Event(conversation: "C", seq: seq, kind: .message, message: message, status: status)
    }

    static func event(_ seq: Int, _ kind: Event.Kind, _ who: ParticipantID, status: GameStatus? = nil) -> Event {
        Event(conversation: "C", seq: seq, kind: kind, status: status, participant: ParticipantInfo(id: who, name: nil))
    }
}

extension Array where Element == Styled {
    var plain: [String] { rendered(.plain) }
}
