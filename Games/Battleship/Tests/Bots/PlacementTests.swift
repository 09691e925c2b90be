import Battleship
import GameRules
import Testing

@Suite struct PlacementTests {
    @Test(arguments: ["seed", "classic"])
    func placementsAreValidAndSpreadShipsDoNotTouch(variant: String) throws {
        let rules = try BattleshipGame(variant: variant).rules
        for seed in 0..<UInt64(100) {
            var random = SeededRandom(seed: seed)
            try rules.validate(RandomPlacement().fleet(for: rules, using: &random))
            let spread = SpreadPlacement().fleet(for: rules, using: &random)
            try rules.validate(spread)
            let cells = spread.ships.map { rules.board.cells(of: $0)! }
            for (i, a) in cells.enumerated() {
                for b in cells[(i + 1)...] {
                    let touching = a.contains { x in
                        b.contains { y in
                            abs(rules.board.row(of: x) - rules.board.row(of: y)) <= 1
                                && abs(rules.board.column(of: x) - rules.board.column(of: y)) <= 1
                        }
                    }
                    #expect(!touching, "ships touch in \(spread)")
                }
            }
        }
    }
}
