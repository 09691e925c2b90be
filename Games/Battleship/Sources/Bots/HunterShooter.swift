import GameRules

/// Hunts with a probability density and finishes off what it has hit.
///
/// Every placement of a ship still afloat that avoids known water and sunk ships is one way
/// the fleet may lie; a cell covered by many of them is likely a ship's. While some hit belongs
/// to no sunk ship, only placements through such hits count (weighted by how many they cover),
/// so the hunter fires along the ship it has found instead of wandering off. The heaviest
/// unfired cell wins; ties go to the generator, so the hunter is not predictable.
public struct HunterShooter: BattleshipShooter {
    public init() {}

    public func chooseCell(given knowledge: TargetKnowledge, using generator: inout some RandomNumberGenerator) -> Cell? {
        let unfired = knowledge.unfired
        guard !unfired.isEmpty else { return nil }
        // Targeting can find nothing to add (in the seed a boat is one cell, so the cells
        // around a hit tell nothing); then hunt, and if even that is blank, fire anywhere.
        for targeting in [true, false] {
            let weights = density(knowledge, targeting: targeting)
            if let cell = heaviest(unfired, weights, using: &generator) { return cell }
        }
        return unfired.randomElement(using: &generator)
    }

    /// By cell index: the weight of placements over each cell. Exposed for tests and for a
    /// client that wants to show where the bot thinks the ships are.
    public func density(_ knowledge: TargetKnowledge, targeting: Bool) -> [Int] {
        let size = knowledge.board.size
        var weights = Array(repeating: 0, count: knowledge.board.cellCount)
        // Ships of one length fit alike (the cruiser and the submarine), so each length is
        // walked once and counted as often as it is afloat. The walk is index arithmetic over
        // the board's row-by-row numbering rather than `Board.cells(of:)`: a classic game asks
        // for about a thousand placements per shot, and the comparison test plays 1,000 games.
        let lengths = Dictionary(knowledge.afloat.map { ($0.length, 1) }, uniquingKeysWith: +)
        for (length, ships) in lengths {
            // A one-cell ship is the same placement either way; count it once.
            let steps = length == 1 ? [1] : [1, size]
            for step in steps {
                let (rows, columns) = step == 1 ? (size, size - length + 1) : (size - length + 1, size)
                guard rows > 0, columns > 0 else { continue }
                for row in 0..<rows {
                    for column in 0..<columns {
                        let start = row * size + column
                        guard let covered = openHits(from: start, step: step, length: length, in: knowledge) else {
                            continue
                        }
                        // Squared, so a line through two hits outweighs two lines through
                        // one: that is the ship's direction.
                        let weight = targeting ? covered * covered * ships : ships
                        guard weight > 0 else { continue }
                        for offset in 0..<length { weights[start + offset * step] += weight }
                    }
                }
            }
        }
        return weights
    }

    /// How many open hits the line of `length` cells from `start` covers, or `nil` when a
    /// ship cannot lie there (it crosses a miss or a sunk ship).
    private func openHits(from start: Int, step: Int, length: Int, in knowledge: TargetKnowledge) -> Int? {
        var covered = 0
        for offset in 0..<length {
            let index = start + offset * step
            if knowledge.misses[index] || knowledge.sunkCells[index] { return nil }
            if knowledge.openHits[index] { covered += 1 }
        }
        return covered
    }

    /// The unfired cell of greatest positive weight, ties broken at random; `nil` when none
    /// weighs anything.
    private func heaviest(_ cells: [Cell], _ weights: [Int], using generator: inout some RandomNumberGenerator) -> Cell? {
        let top = cells.map { weights[$0.index] }.max() ?? 0
        guard top > 0 else { return nil }
        return cells.filter { weights[$0.index] == top }.randomElement(using: &generator)
    }
}
