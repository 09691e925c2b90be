@testable import Battleship

import GameRules
import Testing

@Suite struct TargetKnowledgeTests {
    /// A sinking is placed on the first line of hits through its cell: the lines through a cell
    /// are found without listing every placement on the board, and come in the same order.
    @Test(arguments: ["seed", "classic"])
    func theLinesThroughACellAreThoseOfAllPlacementsThatCoverIt(variant: String) throws {
        let rules = try BattleshipGame(variant: variant).rules
        var kinds = rules.fleet
        kinds.append(ShipKind.carrier)
        for kind in kinds {
            let all = TargetKnowledge.placements(of: kind, on: rules.board)
            for cell in rules.board.cells {
                #expect(TargetKnowledge.placements(of: kind, through: cell, on: rules.board) == all.filter { $0.contains(cell) },
                        "\(kind) through \(cell.index)")
            }
        }
    }
}
