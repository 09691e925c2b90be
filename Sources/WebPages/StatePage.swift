import Battleship
import GameRules
import IceCream

/// The page behind every state URL, as a Mac showed a message it had no extension for: the
/// state drawn as its recipient may see it, with its caption. It reads nothing but the URL,
/// so it can show no more than the URL holds, and the server hands each participant a URL
/// with only what they may see (a guesser's has `Hidden=0`, never a ship).
///
/// Paths: `/g/GAME?…` (Parley's URLs), `/battleship?…` (the original Battleship's) and
/// `/?Base=…` (the original Ice Cream's, which is only a query). A URL that does not decode
/// gets a 400 page saying why.
public enum StatePage {
    public static func page(path: String, query: String) -> WebPage {
        let game: String
        switch path {
        case _ where path.hasPrefix("/g/"): game = String(path.dropFirst(3))
        case "/battleship": game = BattleshipGame.id.rawValue
        case "/", "":
            guard !query.isEmpty else { return home }
            game = IceCreamGame.id.rawValue
        default: return refusal("There is no page at \(path).")
        }
        do throws(RuleViolation) {
            let items = try QueryString.items(in: "?" + query)
            switch game {
            case BattleshipGame.id.rawValue: return try battleship(items)
            case IceCreamGame.id.rawValue: return try iceCream(items)
            default: return refusal("This server hosts no game called \(game).")
            }
        } catch {
            return refusal(error.reason)
        }
    }

    /// The 400 page: what was wrong, in words, and nothing of the request echoed unescaped.
    static func refusal(_ reason: String) -> WebPage {
        WebPage(status: 400, html: HTML.document(title: "Not a game state", body: """
            <h1>This link holds no game</h1>
            <p class="error" id="reason">\(HTML.escaped(reason))</p>
            """))
    }

    static var home: WebPage {
        WebPage(status: 200, html: HTML.document(title: "Parley", body: """
            <h1>Parley</h1>
            <p>A server for turn-based games played in conversations. Every move is a message whose
            URL holds the game's state; such a URL opens here as a picture of that state.</p>
            """))
    }

    private static func battleship(_ items: [QueryItem]) throws(RuleViolation) -> WebPage {
        let game = try BattleshipGame(variant: BattleshipGame.variant(of: items) ?? BattleshipGame.defaultVariant.id)
        let state = try game.decode(items)
        let perspective = BoardPerspective.inferred(from: state)
        let view = game.view(of: state, for: perspective.seat)
        let board = BoardSVG(rules: game.rules)
        let boards = fleets(game.rules, perspective, view).map { fleet, title in
            "<figure><figcaption>\(HTML.escaped(title))</figcaption>\(board.svg(fleet: fleet, in: view, title: title))</figure>"
        }
        let texts = lastStepTexts(game, view)
        let outcome = game.outcome(of: view)
        let status = outcome.isFinished ? "Game over" : (game.prompt(in: view) ?? "")
        return statePage(
            title: "Battleship (\(game.variant.id))", caption: texts?.caption ?? "A new game of Battleship",
            subcaption: [texts?.subcaption, texts?.trailingCaption, texts?.trailingSubcaption].compactMap { $0 }.joined(separator: " · "),
            picture: "<div style=\"display:flex;gap:1.5rem;justify-content:center;flex-wrap:wrap\">\(boards.joined())</div>"
                + BoardSVG.legend,
            status: status, label: texts?.accessibilityLabel)
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
        guard let own = perspective.seat?.index else { return [(0, "First player's fleet"), (1, "Second player's fleet")] }
        return [(own, "Your fleet"), (rules.target(of: Seat(own)), "Enemy fleet")]
    }

    /// The texts of the step that made this state, as its message carried them; the URL does
    /// not say who moved, so players are named by their part.
    private static func lastStepTexts(_ game: BattleshipGame, _ state: BattleshipState) -> StepTexts? {
        let rules = game.rules
        let mover = { (seat: Seat) in
            rules.sides == .hiderAndGuesser ? (seat.index == 0 ? "The hider" : "The guesser") : "Player \(seat.index + 1)"
        }
        if let last = state.shots.last, last.result != nil {
            var before = state
            before.shots.removeLast()
            let seat = rules.shooter(ofShot: state.shots.count - 1)
            return game.texts(for: .fire(last.cell), by: seat, mover: mover(seat), from: before, to: state)
        }
        guard let placed = state.fleets.lastIndex(where: \.isPlaced) else { return nil }
        return game.texts(for: .place(Fleet([])), by: Seat(placed), mover: mover(Seat(placed)), from: state, to: state)
    }

    private static func iceCream(_ items: [QueryItem]) throws(RuleViolation) -> WebPage {
        let game = IceCreamGame()
        let iceCream = try game.decode(items)
        let lastPart = IceCream.Part.allCases.last { iceCream.has($0) }
        var before = iceCream
        if let lastPart { before = Self.removing(lastPart, from: iceCream) }
        let texts = lastPart.flatMap { IceCreamMove(choosing: $0, from: iceCream) }
            .map { game.texts(for: $0, by: Seat(0), mover: "Someone", from: before, to: iceCream) }
        let status = iceCream.isComplete ? "Finished" : (game.prompt(in: iceCream) ?? "")
        return statePage(
            title: "Ice Cream", caption: texts?.caption ?? "An ice cream", subcaption: iceCream.spokenDescription,
            picture: IceCreamSVG(iceCream: iceCream).svg, status: status, label: texts?.accessibilityLabel)
    }

    private static func removing(_ part: IceCream.Part, from iceCream: IceCream) -> IceCream {
        var result = iceCream
        switch part {
        case .base: result.base = nil
        case .scoops: result.scoops = nil
        case .topping: result.topping = nil
        }
        return result
    }

    /// A message bubble: the picture over the captions, as Messages draws one.
    private static func statePage(
        title: String, caption: String, subcaption: String, picture: String, status: String, label: String?
    ) -> WebPage {
        let sub = subcaption.isEmpty ? "" : "<p class=\"subcaption\" id=\"subcaption\">\(HTML.escaped(subcaption))</p>"
        let state = status.isEmpty ? "" : "<p id=\"status\">\(HTML.escaped(status))</p>"
        let spoken = label.map { "<p class=\"subcaption\" id=\"label\">\(HTML.escaped($0))</p>" } ?? ""
        return WebPage(status: 200, html: HTML.document(title: "\(title): \(caption)", body: """
            <h1>\(HTML.escaped(title))</h1>
            <div class="bubble">
            <div class="picture">\(picture)</div>
            <div class="texts">
            <p class="caption" id="caption">\(HTML.escaped(caption))</p>
            \(sub)
            </div>
            </div>
            \(state)
            \(spoken)
            """))
    }
}
