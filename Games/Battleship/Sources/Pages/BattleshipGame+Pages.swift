import GamePresentation
import GameRules

/// Battleship's pages: the boards a URL's recipient may see, with the step that made the state
/// in words; for the operator, every fleet with its ships.
extension BattleshipGame: GamePresentation {
    /// The original app's URLs: `www.shinobicontrols.com/battleship?Ship_Location=…`.
    public static var originalPagePath: String? { "/battleship" }

    public func stateCard(for state: BattleshipState) -> StateCard {
        // A page has no viewer: a finished game shows every fleet to everyone, and names each
        // by its player, as its captions do ("Player 1 destroyed all the ships!").
        let over = if case .over = rules.phase(of: state) { true } else { false }
        let perspective = over ? .onlooker : BoardPerspective.inferred(from: state)
        let view = view(of: state, for: perspective.seat)
        let board = BoardSVG(rules: rules)
        let boards = Self.fleets(rules, perspective, view).map { fleet, title in
            "<figure><figcaption>\(HTML.escaped(title))</figcaption>\(board.svg(fleet: fleet, in: view, title: title))</figure>"
        }
        let texts = lastStepTexts(view)
        return StateCard(
            title: title, caption: texts?.caption ?? "A new game of Battleship",
            subcaption: [texts?.subcaption, texts?.trailingCaption, texts?.trailingSubcaption].compactMap { $0 }.joined(separator: " · "),
            picture: "<div style=\"display:flex;gap:1.5rem;justify-content:center;flex-wrap:wrap\">\(boards.joined())</div>"
                + BoardSVG.legend,
            status: statusLine(of: view), label: texts?.accessibilityLabel)
    }

    /// Every fleet with its ships, and every shot.
    public func truePicture(of state: BattleshipState) -> String {
        let board = BoardSVG(rules: rules)
        return state.fleets.indices.map { fleet in
            let title = "Fleet of seat \(fleet)"
            return "<figure><figcaption>\(title)</figcaption>\(board.svg(fleet: fleet, in: state, title: title))</figure>"
        }.joined() + BoardSVG.legend
    }

    /// The boards a perspective sees, its own first, with their titles.
    private static func fleets(
        _ rules: BattleshipRules, _ perspective: BoardPerspective, _ view: BattleshipState
    ) -> [(Int, String)] {
        if rules.sides == .hiderAndGuesser {
            switch perspective.seat?.index {
            case 0?: return [(0, "Your ships")]
            case _?: return [(0, "Find the ships")]
            case nil: return [(0, "The hidden ships")]
            }
        }
        guard let own = perspective.seat?.index else { return [(0, "Player 1's fleet"), (1, "Player 2's fleet")] }
        return [(own, "Your fleet"), (rules.target(of: Seat(own)), "Enemy fleet")]
    }

    /// The texts of the step that made this state, as its message carried them; the URL does
    /// not say who moved, so players are named by their part.
    private func lastStepTexts(_ state: BattleshipState) -> StepTexts? {
        let rules = rules
        let mover = { (seat: Seat) in
            rules.sides == .hiderAndGuesser ? (seat.index == 0 ? "The hider" : "The guesser") : "Player \(seat.index + 1)"
        }
        if let last = state.shots.last, last.result != nil {
            var before = state
            before.shots.removeLast()
            let seat = rules.shooter(ofShot: state.shots.count - 1)
            return self.texts(for: .fire(last.cell), by: seat, mover: mover(seat), from: before, to: state)
        }
        guard let placed = state.fleets.lastIndex(where: \.isPlaced) else { return nil }
        return self.texts(for: .place(Fleet([])), by: Seat(placed), mover: mover(Seat(placed)), from: state, to: state)
    }
}
