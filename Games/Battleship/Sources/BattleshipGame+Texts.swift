import GameRules

/// The captions of the original app, and what the steps it never sent (single shots, and
/// everything of classic) need.
extension BattleshipGame {
    public func texts(
        for move: BattleshipMove, by seat: Seat, mover: String, from before: BattleshipState, to after: BattleshipState
    ) -> StepTexts {
        switch move {
        case .place:
            return placementTexts(by: seat, mover: mover)
        case let .fire(cell):
            return shotTexts(at: cell, by: seat, mover: mover, after: after)
        }
    }

    private func placementTexts(by seat: Seat, mover: String) -> StepTexts {
        let size = "\(rules.board.size) by \(rules.board.size)"
        if rules.sides == .hiderAndGuesser {
            return StepTexts(
                caption: "\(mover) placed their ships! Can you find them?",
                subcaption: "\(rules.fleet.count) ships, \(rules.missesAllowed ?? 0) misses allowed",
                summary: "\(mover) placed their ships",
                accessibilityLabel: "Battleship. \(mover) hid \(rules.fleet.count) ships on the \(size) board. "
                    + "\(rules.fleet.count) hits win; \(rules.missesAllowed ?? 0) misses lose.")
        }
        let caption = seat == Seat(0)
            ? "\(mover) placed their ships! Place yours, then find theirs."
            : "\(mover) placed their ships too. Fire away!"
        return StepTexts(
            caption: caption,
            subcaption: "\(rules.fleet.count) ships on a \(size) board",
            summary: "\(mover) placed their ships",
            accessibilityLabel: "Battleship. \(mover) placed a fleet of \(rules.fleet.count) ships on the \(size) board.")
    }

    private func shotTexts(at cell: Cell, by seat: Seat, mover: String, after: BattleshipState) -> StepTexts {
        let name = rules.board.name(of: cell)
        let result = after.shots.last?.result ?? .miss
        let (trailing, trailingSub) = tally(for: seat, in: after)
        let caption: String
        let spoken: String
        switch (outcome(of: after), result) {
        case let (.finished(winners, _), _) where winners.contains(seat):
            caption = "\(mover) destroyed all the ships!"
            spoken = "fired at \(name) and destroyed the last ship"
        case (.finished, _):
            caption = "\(mover) lost!"
            spoken = "fired at \(name), missed, and lost"
        case (_, .miss):
            caption = "\(mover) fired at \(name): a miss."
            spoken = "fired at \(name) and missed"
        case (_, .hit):
            caption = "\(mover) fired at \(name): a hit!"
            spoken = "fired at \(name) and hit a ship"
        case let (_, .sunk(kind)):
            caption = "\(mover) sank the \(kind.name)!"
            spoken = "fired at \(name) and sank the \(kind.name)"
        }
        return StepTexts(
            caption: caption, subcaption: "Fired at \(name)",
            trailingCaption: trailing, trailingSubcaption: trailingSub,
            summary: "\(mover) fired at \(name): \(result)",
            accessibilityLabel: "Battleship. \(mover) \(spoken). \(trailing), \(trailingSub.lowercased()).")
    }

    /// The shooter's score so far: hits and misses against the limits in the seed, ships sunk
    /// and shots fired in classic.
    private func tally(for seat: Seat, in state: BattleshipState) -> (String, String) {
        let results = rules.shots(by: seat, in: state).compactMap(\.result)
        let hits = results.filter(\.isHit).count
        if rules.sides == .hiderAndGuesser {
            let misses = results.count - hits
            return ("Hits \(hits) of \(rules.fleet.count)", "Misses \(misses) of \(rules.missesAllowed ?? 0)")
        }
        return ("Sunk \(rules.sunkCount(by: seat, in: state)) of \(rules.fleet.count)", "Shots \(results.count)")
    }
}
