import GameRules

/// Finding the move in a proposal. A player proposes the state they were shown plus one
/// move: their fleet placed, or one more shot with no result. Anything else is refused with
/// the reason, so a client can start again from the current state.
extension BattleshipGame {
    public func inferMove(
        from current: BattleshipState, to proposed: BattleshipState, by seat: Seat
    ) throws(RuleViolation) -> BattleshipMove {
        let visible = view(of: current, for: seat)
        guard proposed != visible else {
            throw .notOneMove("The proposal is the game as it stands; it holds no move.")
        }
        switch rules.phase(of: current) {
        case .over:
            throw .gameOver
        case let .placing(placer):
            return try inferPlacement(by: placer, visible: visible, proposed: proposed)
        case let .firing(shooter):
            return try inferShot(by: shooter, visible: visible, proposed: proposed)
        }
    }

    /// The usual proposal, the state shown with one more `Shot=CELL` after the last shot, is a
    /// shot by the seat to fire at a cell it has not fired at: the move is that shot, read
    /// without decoding and replaying the whole state. Anything else goes the long way.
    public func move(
        inserting inserted: [QueryItem], before following: [QueryItem], in current: BattleshipState, by seat: Seat
    ) -> BattleshipMove? {
        guard inserted.count == 1, inserted[0].name == "Shot", let value = inserted[0].value,
            !following.contains(where: { $0.name == "Shot" }),
            case let .firing(shooter) = rules.phase(of: current), shooter == seat,
            // A bare cell: a shot with a result claimed is refused the long way.
            let cell = rules.board.cell(named: value), !rules.hasFired(seat, at: cell, in: current)
        else { return nil }
        return .fire(cell)
    }

    private func inferPlacement(
        by placer: Seat, visible: BattleshipState, proposed: BattleshipState
    ) throws(RuleViolation) -> BattleshipMove {
        guard proposed.shots.isEmpty, !proposed.declaredComplete else {
            throw .notOneMove("Nobody can fire before the ships are placed.")
        }
        for index in visible.fleets.indices where index != placer.index {
            guard proposed.fleets[index] == visible.fleets[index] else {
                throw .notOneMove("The proposal changes another player's fleet.")
            }
        }
        guard let fleet = proposed.fleets[placer.index].fleet else {
            throw .notOneMove("The proposal places no ships.")
        }
        return .place(fleet)
    }

    private func inferShot(
        by shooter: Seat, visible: BattleshipState, proposed: BattleshipState
    ) throws(RuleViolation) -> BattleshipMove {
        guard proposed.fleets == visible.fleets else {
            let target = rules.target(of: shooter)
            if visible.fleets[target] == .hidden, proposed.fleets[target].fleet != nil {
                throw .notOneMove(
                    "A guess cannot show the ships: the guesser does not know where they are. "
                        + "Send the state you were given with one more Shot.")
            }
            throw .notOneMove("The fleets are already placed; the proposal may not change them.")
        }
        let known = visible.shots.count
        guard proposed.shots.prefix(known) == visible.shots.prefix(proposed.shots.count) else {
            throw .notOneMove("The proposal changes shots already fired.")
        }
        guard proposed.shots.count > known else {
            throw .notOneMove("The proposal fires no new shot; the game already has \(known) shot\(known == 1 ? "" : "s").")
        }
        guard proposed.shots.count == known + 1, let shot = proposed.shots.last else {
            throw .notOneMove("The proposal fires \(proposed.shots.count - known) shots; fire one at a time.")
        }
        guard shot.result == nil else { throw .resultClaimed }
        return .fire(shot.cell)
    }
}
