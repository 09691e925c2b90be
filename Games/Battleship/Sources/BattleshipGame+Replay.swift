import GameRules

/// The checks that make a decoded URL a state the game could have reached: shots fired only
/// once the fleets are placed, each cell once per shooter, none after the game is decided,
/// and every result the one the fleet gives where the fleet is known.
extension BattleshipGame {
    func replay(_ shots: [Shot], into state: inout BattleshipState) throws(RuleViolation) {
        guard let first = shots.first else { return }
        guard !state.fleets.contains(.unplaced) else {
            throw .undecodable("Shot=\(rules.board.name(of: first.cell)) comes before the ships are placed.")
        }
        var score = Scoreboard(rules: rules)
        // Bits by cell, one set per shooter; and the ship at each cell of each known fleet:
        // the server replays a whole proposal that is not the usual shot, and a bot or a client
        // every state it receives.
        var fired = [CellBits(count: rules.board.cellCount), CellBits(count: rules.board.cellCount)]
        let occupancy = state.fleets.map { $0.fleet.map { ShipIndex(fleet: $0, board: rules.board) } }
        for index in shots.indices {
            let shot = shots[index]
            // Named only for a refusal: a classic game replays about 190 shots on every move.
            var name: String { rules.board.name(of: shot.cell) }
            let shooter = rules.shooter(ofShot: index)
            guard score.decided == nil else { throw .undecodable("Shot=\(name) comes after the game is over.") }
            let isNew = shot.result == nil && index == shots.count - 1
            guard fired[shooter.index].insert(shot.cell) else {
                // A proposal's new shot (the last, without a result) at a cell fired at before is
                // a move the rules refuse, not a broken URL.
                if isNew { throw .alreadyFired(at: name) }
                throw .undecodable("\(name) is fired at twice by the same player.")
            }
            guard shot.result != nil || index == shots.count - 1 else {
                // Several new shots at the end: a proposal of more than one move.
                if shots[index...].allSatisfy({ $0.result == nil }) {
                    throw .notOneMove("The proposal fires \(shots.count - index) new shots; a move is one shot.")
                }
                throw .undecodable("Only the last shot may be without a result.")
            }
            if let result = shot.result, let ships = occupancy[rules.target(of: shooter)] {
                let actual = ships.result(of: shot.cell, rules: rules, fired: fired[shooter.index])
                guard result == actual else {
                    throw .undecodable("Shot=\(name) says \(result), but the ships there say \(actual).")
                }
            }
            if case let .sunk(kind)? = shot.result, score.hasSunk(kind, by: shooter) {
                throw .undecodable("The \(kind.name) cannot be sunk twice.")
            }
            score.record(shot.result, by: shooter)
        }
        state.shots = shots
    }

    /// Reconciles the seed's `Is_Complete` with the shots. A `1` with no shots is the original
    /// app's finished game, whose guesses never left the phone.
    func settle(isComplete value: String, of state: inout BattleshipState) throws(RuleViolation) {
        guard value == "0" || value == "1" else {
            throw .undecodable("Is_Complete=\(value) must be 0 or 1.")
        }
        let finished = outcome(of: state).isFinished
        switch (value == "1", finished) {
        case (true, false) where state.shots.isEmpty && state.fleets[0].isPlaced:
            state.declaredComplete = true
        case (true, false):
            throw .undecodable("Is_Complete=1, but the shots do not end the game.")
        case (false, true):
            throw .undecodable("Is_Complete=0, but the shots end the game.")
        default:
            break
        }
    }
}

/// A set of a board's cells, as bits.
struct CellBits {
    private var words: [UInt64]

    init(count: Int) { words = Array(repeating: 0, count: (count + 63) / 64) }

    func contains(_ cell: Cell) -> Bool {
        words[cell.index >> 6] & (1 << UInt64(cell.index & 63)) != 0
    }

    /// Adds `cell`; false if it was there already.
    mutating func insert(_ cell: Cell) -> Bool {
        let bit: UInt64 = 1 << UInt64(cell.index & 63)
        defer { words[cell.index >> 6] |= bit }
        return words[cell.index >> 6] & bit == 0
    }
}

/// Which ship of a valid fleet (one that `validate` accepts: every ship on the board) covers
/// each cell.
struct ShipIndex {
    private let fleet: Fleet
    private var shipAt: [Int8]
    private let board: Board

    init(fleet: Fleet, board: Board) {
        self.fleet = fleet
        self.board = board
        shipAt = Array(repeating: -1, count: board.cellCount)
        for (index, ship) in fleet.ships.enumerated() {
            for step in 0..<ship.kind.length {
                let cell = board.cell(step, of: ship)
                if board.contains(cell), board.covers(ship, cell) { shipAt[cell.index] = Int8(index) }
            }
        }
    }

    /// The result of a shot at `cell` by a shooter that has fired at `fired` (this shot's cell
    /// among them): a miss, a hit, or in a duel the sinking of the ship when all its cells are.
    func result(of cell: Cell, rules: BattleshipRules, fired: CellBits) -> ShotResult {
        guard shipAt[cell.index] >= 0 else { return .miss }
        guard rules.sides == .duel else { return .hit }
        let ship = fleet.ships[Int(shipAt[cell.index])]
        for step in 0..<ship.kind.length where !fired.contains(board.cell(step, of: ship)) { return .hit }
        return .sunk(ship.kind)
    }
}
