import Battleship
import GameRules
import Testing

/// Thousands of seeded random games per variant, played through the `Game` protocol the way
/// the server plays them: every move arrives as a URL proposal built from the mover's view.
/// Along the way, illegal proposals are tried and must be refused without changing anything.
/// One game in ten also sends those refusals and every view through the URL codec; the rest
/// check views as values, which keeps a thousand classic games within seconds.
@Suite struct PlayoutTests {
    static let chunks = 0..<8

    @Test(arguments: chunks)
    func seedGames(chunk: Int) throws {
        let outcomes = try Self.play(Fixtures.seed, games: 400, chunk: chunk)
        #expect(outcomes.count == 400)
        #expect(outcomes.contains(.finished(winners: [Seat(1)], losers: [Seat(0)])), "the guesser never won")
        #expect(outcomes.contains(.finished(winners: [Seat(0)], losers: [Seat(1)])), "the hider never won")
    }

    @Test(arguments: chunks)
    func classicGames(chunk: Int) throws {
        let outcomes = try Self.play(Fixtures.classic, games: 125, chunk: chunk)
        #expect(outcomes.count == 125)
        #expect(outcomes.contains(.finished(winners: [Seat(0)], losers: [Seat(1)])), "seat 0 never won")
        #expect(outcomes.contains(.finished(winners: [Seat(1)], losers: [Seat(0)])), "seat 1 never won")
    }

    static func play(_ game: BattleshipGame, games: Int, chunk: Int) throws -> [Outcome] {
        try (0..<games).map { index in
            var player = Playout(game: game, seed: UInt64(chunk * 100_000 + index), deep: index % 10 == 0)
            return try player.run()
        }
    }
}

/// One random game, with its own record of the true fleets as an oracle.
struct Playout {
    let game: BattleshipGame
    var random: SeededRandom
    var match: Match<BattleshipGame>
    var fleets: [Int: Fleet] = [:]
    /// Whether refusals and views go through URLs too.
    let deep: Bool

    init(game: BattleshipGame, seed: UInt64, deep: Bool) {
        self.game = game
        self.deep = deep
        random = SeededRandom(seed: seed)
        match = Match(game: game)
    }

    mutating func run() throws -> Outcome {
        while case let .seat(seat) = match.turn {
            try tryRefusals(for: seat)
            var proposal = game.view(of: match.state, for: seat)
            switch game.rules.phase(of: match.state) {
            case .placing:
                let fleet = game.rules.randomFleet(using: &random)
                proposal.fleets[seat.index] = .placed(fleet)
                fleets[seat.index] = fleet
            case .firing:
                let fired = Set(game.rules.shots(by: seat, in: match.state).map(\.cell))
                let cell = game.rules.board.cells.filter { !fired.contains($0) }.randomElement(using: &random)!
                proposal.shots.append(Shot(cell))
            case .over:
                Issue.record("a finished game offered a turn")
                return match.outcome
            }
            let url = game.query(for: proposal)
            let decoded = try game.decode(url: url)
            #expect(decoded == proposal, "the proposal \(url) did not round-trip")
            let step = try match.propose(decoded, by: seat, mover: "$P\(seat.index)")
            if case let .fire(cell) = step.move { checkResult(of: cell, by: seat, in: step) }
            try checkState()
        }
        #expect(match.turn == .nobody)
        return match.outcome
    }

    /// The oracle: a hit exactly when a ship of the target's true fleet covers the cell, and a
    /// sinking exactly when that ship's every cell has now been fired at.
    func checkResult(of cell: Cell, by seat: Seat, in step: Step<BattleshipGame>) {
        let target = game.rules.target(of: seat)
        let ship = fleets[target]!.ships.first { game.rules.board.cells(of: $0)!.contains(cell) }
        let fired = Set(game.rules.shots(by: seat, in: step.after).map(\.cell))
        let expected: ShotResult
        switch ship {
        case nil: expected = .miss
        case let ship? where game.rules.sides == .duel && game.rules.board.cells(of: ship)!.allSatisfy(fired.contains):
            expected = .sunk(ship.kind)
        default: expected = .hit
        }
        #expect(step.after.shots.last == Shot(cell, expected))
    }

    func checkState() throws {
        let state = match.state
        #expect(try game.decode(game.encode(state)) == state, "the true state did not round-trip")
        for viewer in [Seat(0), Seat(1), nil] {
            let view = game.view(of: state, for: viewer)
            if case .over = game.rules.phase(of: state) {
                #expect(view == state, "a game over hides nothing")
                continue
            }
            for index in view.fleets.indices where index != viewer?.index {
                #expect(!view.fleets[index].isPlaced || view.fleets[index] == .hidden)
            }
            guard deep else { continue }
            let items = game.encode(view)
            let shipItems = items.filter { $0.name == "Ship_Location" || $0.name == "Ship" }
            let own = viewer.map { String($0.index) }
            #expect(shipItems.allSatisfy { $0.name == "Ship" ? $0.value?.hasPrefix("\(own ?? "-")-") == true : own == "0" },
                    "a view for \(String(describing: viewer)) shows ships that are not the viewer's")
            #expect(try game.decode(items) == view, "a view did not round-trip")
        }
    }

    /// Illegal proposals for the state as it is; each must be refused and change nothing.
    mutating func tryRefusals(for seat: Seat) throws {
        let other = Seat(1 - seat.index)
        let view = game.view(of: match.state, for: seat)
        var candidates: [(Seat, BattleshipState, RuleViolation.Code)] = [
            (other, game.view(of: match.state, for: other), other == Seat(0) && game.rules.sides == .hiderAndGuesser
                && match.state.fleets[0].isPlaced ? .hiderMayNotGuess : .notYourTurn),
            (seat, view, .notOneMove),
        ]
        switch game.rules.phase(of: match.state) {
        case .placing:
            var overlapping = game.rules.randomFleet(using: &random).ships
            overlapping[1] = ShipPlacement(overlapping[1].kind, at: overlapping[0].origin, overlapping[0].orientation)
            var proposal = view
            proposal.fleets[seat.index] = .placed(Fleet(overlapping))
            candidates.append((seat, proposal, .overlap))
            proposal.fleets[seat.index] = .placed(Fleet(Array(overlapping.dropLast())))
            candidates.append((seat, proposal, .wrongFleet))
        case .firing:
            let shots = game.rules.shots(by: seat, in: match.state).map(\.cell)
            let fired = Set(shots)
            if let again = shots.randomElement(using: &random) {
                var proposal = view
                proposal.shots.append(Shot(again))
                // Through a URL or not, the same refusal.
                candidates.append((seat, proposal, .alreadyFired))
            }
            let fresh = game.rules.board.cells.filter { !fired.contains($0) }
            var claimed = view
            claimed.shots.append(Shot(fresh.randomElement(using: &random)!, .miss))
            candidates.append((seat, claimed, .resultClaimed))
        case .over:
            break
        }
        for (mover, proposal, code) in candidates {
            var copy = match
            do {
                try copy.propose(deep ? game.decode(url: game.query(for: proposal)) : proposal, by: mover, mover: "$X")
                Issue.record("accepted an illegal proposal \(game.query(for: proposal)) by \(mover)")
            } catch {
                #expect(error.code == code, "\(game.query(for: proposal)) by \(mover): \(error)")
            }
            #expect(copy.state == match.state && copy.moveCount == match.moveCount)
        }
    }
}
