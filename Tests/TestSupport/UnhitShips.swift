import Foundation

/// The ships a Battleship URL shows that the shots in it have not uncovered, read with this
/// file's own reading of Games/Battleship/README.md (not the game's code), so that a test of what
/// a viewer receives does not trust the code it tests. A viewer who is not the fleet's owner
/// may see a ship once every cell of it is hit, and every ship once the game's moves end it.
public enum UnhitShips {
    static let lengths = ["carrier": 5, "battleship": 4, "cruiser": 3, "submarine": 3, "destroyer": 2]

    /// The `Ship=…` or `Ship_Location=…` items of `url` with a cell that no shot has hit.
    public static func shown(in url: String) -> [String] {
        let items = (URLComponents(string: url)?.queryItems ?? []).map { ($0.name, $0.value ?? "") }
        let shots = items.filter { $0.0 == "Shot" }.map { $0.1.split(separator: "-").map(String.init) }
        if items.contains(where: { $0 == ("Variant", "classic") }) {
            // Shots alternate, seat 0 first: the nth is at the fleet of seat 1 - n % 2.
            var hit: Set<String> = []
            for (index, shot) in shots.enumerated() where shot.count >= 2 && shot[1] != "miss" {
                hit.insert("\(1 - index % 2)/\(shot[0])")
            }
            return items.filter { $0.0 == "Ship" }.map(\.1).filter { ship in
                let parts = ship.split(separator: "-").map(String.init)
                guard parts.count == 4, let length = lengths[parts[1]] else { return true }
                return !cells(from: parts[2], length: length, across: parts[3] == "h").allSatisfy { hit.contains("\(parts[0])/\($0)") }
            }.map { "Ship=\($0)" }
        }
        let hit = Set(shots.filter { $0.count == 2 && $0[1] == "hit" }.map { $0[0] })
        return items.filter { $0.0 == "Ship_Location" && !hit.contains($0.1) }.map { "Ship_Location=\($0.1)" }
    }

    /// The cells of a classic ship: `A1` is column A of row 1; across runs to the right, down to
    /// higher rows.
    static func cells(from start: String, length: Int, across: Bool) -> [String] {
        guard let column = start.unicodeScalars.first.map({ Int($0.value) - 65 }), let row = Int(start.dropFirst()) else { return [] }
        return (0..<length).map { step in
            let (c, r) = across ? (column + step, row) : (column, row + step)
            return String(UnicodeScalar(UInt8(65 + c))) + String(r)
        }
    }
}
