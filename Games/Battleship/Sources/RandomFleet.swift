import GameRules

extension BattleshipRules {
    /// A valid fleet placed at random: each ship, largest first, at a random position that
    /// fits. Deterministic for a seeded generator.
    public func randomFleet(using generator: inout some RandomNumberGenerator) -> Fleet {
        while true {
            var taken = Set<Cell>()
            var ships: [ShipPlacement] = []
            for kind in fleet.sorted(by: { $0.length > $1.length }) {
                let fits = board.cells.flatMap { origin in
                    Orientation.allCases.compactMap { orientation -> ShipPlacement? in
                        let ship = ShipPlacement(kind, at: origin, orientation)
                        guard let cells = board.cells(of: ship), taken.isDisjoint(with: cells) else { return nil }
                        return ship
                    }
                }
                guard let ship = fits.randomElement(using: &generator) else { break }
                taken.formUnion(board.cells(of: ship) ?? [])
                ships.append(ship)
            }
            if ships.count == fleet.count { return canonical(Fleet(ships)) }
        }
    }
}
