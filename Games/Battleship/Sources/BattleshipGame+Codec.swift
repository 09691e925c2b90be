import GameRules

/// Parley's URL format, a superset of the original's.
///
/// seed:    `?Ship_Location=0&Ship_Location=4&Shot=4-hit&Shot=7-miss&Is_Complete=0`
///          (the original URL `?Ship_Location=0&Ship_Location=1&Is_Complete=0` is a seed state)
/// classic: `?Variant=classic&Ship=0-carrier-A1-h&…&Hidden=1&Shot=B7-miss&Shot=C3-sunk-destroyer`
///
/// `Hidden=N` says seat N's fleet is placed but not shown. A shot without a result (`Shot=B7`)
/// is a proposal's new shot. Unknown items are ignored, as the original apps did.
extension BattleshipGame {
    public static func variant(of items: [QueryItem]) -> String? {
        items.lastValue(named: "Variant")
    }

    public func encode(_ state: BattleshipState) -> [QueryItem] {
        var items: [QueryItem] = []
        if rules.sides == .duel { items.append(QueryItem("Variant", variant.id)) }
        for (seat, knowledge) in state.fleets.enumerated() {
            switch knowledge {
            case .unplaced: break
            case .hidden: items.append(QueryItem("Hidden", String(seat)))
            case let .placed(fleet): items += fleet.ships.map { shipItem($0, seat: seat) }
            }
        }
        let spelled = Self.shotSpellings[rules.board.size]
        items.reserveCapacity(items.count + state.shots.count + 1)
        for shot in state.shots { items.append(QueryItem("Shot", shotValue(shot, spelled: spelled))) }
        if rules.sides == .hiderAndGuesser {
            items.append(QueryItem("Is_Complete", outcome(of: state).isFinished ? "1" : "0"))
        }
        return items
    }

    /// Refuses a URL that no game could reach. A fleet that breaks the placement rules is
    /// refused with that rule's code (`battleship.overlap`, …), as the move would be.
    public func decode(_ items: [QueryItem]) throws(RuleViolation) -> BattleshipState {
        let named = Self.variant(of: items) ?? Self.defaultVariant.id
        guard named == variant.id else {
            throw .undecodable("This URL is a \(named) Battleship game, not \(variant.id).")
        }
        var state = initialState
        for (seat, fleet) in try decodeFleets(items) {
            try rules.validate(fleet)
            state.fleets[seat] = .placed(rules.canonical(fleet))
        }
        for value in items.values(named: "Hidden") {
            guard let seat = Int(value), state.fleets.indices.contains(seat) else {
                throw .undecodable("Hidden=\(value) names no fleet of this game.")
            }
            guard state.fleets[seat].fleet == nil else {
                throw .undecodable("Seat \(seat)'s fleet cannot be both shown and hidden.")
            }
            state.fleets[seat] = .hidden
        }
        let shots = try items.values(named: "Shot").map(decodeShot)
        try replay(shots, into: &state)
        if rules.sides == .hiderAndGuesser, let complete = items.lastValue(named: "Is_Complete") {
            try settle(isComplete: complete, of: &state)
        }
        return state
    }

    private func decodeFleets(_ items: [QueryItem]) throws(RuleViolation) -> [(Int, Fleet)] {
        if rules.sides == .hiderAndGuesser {
            var ships: [ShipPlacement] = []
            for value in items.values(named: "Ship_Location") {
                guard let cell = rules.board.cell(named: value) else {
                    throw .undecodable("Ship_Location=\(value) is not a cell from 0 to \(rules.board.cellCount - 1).")
                }
                ships.append(ShipPlacement(.boat, at: cell))
            }
            return ships.isEmpty ? [] : [(0, Fleet(ships))]
        }
        var bySeat: [Int: [ShipPlacement]] = [:]
        for value in items.values(named: "Ship") {
            let parts = value.split(separator: "-")
            guard parts.count == 4, let seat = Int(parts[0]), (0..<rules.fleetCount).contains(seat),
                let kind = rules.kind(named: parts[1]), let origin = rules.board.cell(named: parts[2]),
                let orientation = Orientation(rawValue: String(parts[3]))
            else {
                throw .undecodable("Ship=\(value) is not SEAT-KIND-CELL-h|v, such as 0-carrier-A1-h.")
            }
            bySeat[seat, default: []].append(ShipPlacement(kind, at: origin, orientation))
        }
        return bySeat.keys.sorted().map { ($0, Fleet(bySeat[$0]!)) }
    }

    private func decodeShot(_ value: String) throws(RuleViolation) -> Shot {
        let dash = value.utf8.firstIndex(of: UInt8(ascii: "-")) ?? value.endIndex
        guard let cell = rules.board.cell(named: value[..<dash]) else {
            throw .undecodable("Shot=\(value) does not name a cell of the board.")
        }
        guard dash < value.endIndex else { return Shot(cell) }
        switch value[value.utf8.index(after: dash)...] {
        case "miss": return Shot(cell, .miss)
        case "hit": return Shot(cell, .hit)
        case let result where rules.sides == .duel && result.hasPrefix("sunk-"):
            if let kind = rules.kind(named: result.dropFirst(5)) { return Shot(cell, .sunk(kind)) }
        default: break
        }
        throw .undecodable("Shot=\(value) has no valid result; write CELL, CELL-miss, CELL-hit or CELL-sunk-KIND.")
    }

    private func shipItem(_ ship: ShipPlacement, seat: Int) -> QueryItem {
        guard rules.sides == .duel else { return QueryItem("Ship_Location", rules.board.name(of: ship.origin)) }
        let value = "\(seat)-\(ship.kind.name)-\(rules.board.name(of: ship.origin))-\(ship.orientation.rawValue)"
        return QueryItem("Ship", value)
    }

    /// For the boards of the variants, each cell's shot values without a result, a miss and a
    /// hit (`B7`, `B7-miss`, `B7-hit`), spelled once: every state written names all its shots.
    private static let shotSpellings: [Int: [(String, String, String)]] = Dictionary(
        uniqueKeysWithValues: [BattleshipRules.seed, .classic].map { rules in
            (rules.board.size, rules.board.cells.map { cell in
                let name = rules.board.name(of: cell)
                return (name, name + "-miss", name + "-hit")
            })
        })

    private func shotValue(_ shot: Shot, spelled: [(String, String, String)]?) -> String {
        if let spelled, spelled.indices.contains(shot.cell.index) {
            switch shot.result {
            case nil: return spelled[shot.cell.index].0
            case .miss?: return spelled[shot.cell.index].1
            case .hit?: return spelled[shot.cell.index].2
            case .sunk?: break
            }
        }
        let cell = rules.board.name(of: shot.cell)
        switch shot.result {
        case nil: return cell
        case .miss?: return cell + "-miss"
        case .hit?: return cell + "-hit"
        case let .sunk(kind)?: return cell + "-sunk-" + kind.name
        }
    }
}
