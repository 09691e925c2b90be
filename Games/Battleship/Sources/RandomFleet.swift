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

    /// `placed` and the rest of the fleet after them, in the fleet's order, each where it fits
    /// at random; the whole fleet at random if the ships placed leave no room for the rest.
    public func randomRest(of placed: [ShipPlacement], using generator: inout some RandomNumberGenerator) -> [ShipPlacement] {
        for _ in 0..<100 {
            var taken = Set(placed.flatMap { board.cells(of: $0) ?? [] })
            var ships = placed
            for kind in fleet.dropFirst(placed.count) {
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
            if ships.count == fleet.count { return ships }
        }
        let whole = randomFleet(using: &generator).ships
        // In the fleet's order, as a player places them.
        return fleet.indices.compactMap { index in
            whole.filter { $0.kind == fleet[index] }.dropFirst(fleet[..<index].filter { $0 == fleet[index] }.count).first
        }
    }
}
