import GameCatalog
import GamePresentation
import GameRules

/// `/replay/SESSION?move=N`: a finished game again, one move per page, as someone without a
/// seat saw it (no ship that nobody hit, until the game's own moves showed them all), with its
/// players named by their seats. Each move links to its signed state URL, which anyone can check.
public enum ReplayPage {
    /// One move: its number in its session, the state's query as a non-player received it, and
    /// the message's caption.
    public struct Move: Hashable, Sendable {
        public var number: Int
        public var query: String
        public var caption: String

        public init(number: Int, query: String, caption: String) {
            self.number = number
            self.query = query
            self.caption = caption
        }
    }

    /// The 404 of a session the server does not hold finished.
    public static func missing(session: String) -> WebPage {
        WebPage(status: 404, html: HTML.document(title: "No replay", body: """
            <h1>No replay</h1>
            <p class="error" id="reason">This server holds no finished game \(HTML.escaped(session)): a game's replay opens once it is over.</p>
            """))
    }

    /// The 503 of a store that cannot be read now.
    public static let unreadable = WebPage(status: 503, html: HTML.document(title: "No replay now", body: """
        <h1>No replay now</h1>
        <p class="error" id="reason">The server cannot read its store at the moment; try again later.</p>
        """))

    /// The page of move `shown` (from 1; the last when `nil` or out of range) of `moves`.
    public static func page(
        game: String, moves: [Move], ending: String, shown: Int?, catalog: GameCatalog = .standard
    ) -> WebPage {
        guard let type = catalog.type(GameID(rawValue: game)), !moves.isEmpty else {
            return StatePage.refusal("This server cannot show a game of \(game).")
        }
        let index = shown.map { min(max($0, 1), moves.count) - 1 } ?? moves.count - 1
        let move = moves[index]
        var card: StateCard
        do throws(RuleViolation) {
            card = try type.stateCard(of: QueryString.items(in: "?" + move.query))
        } catch {
            return StatePage.refusal(error.reason)
        }
        card.caption = move.caption
        let link = { (id: String, words: String, target: Int, enabled: Bool) -> String in
            enabled ? "<a id=\"\(id)\" href=\"?move=\(target)\">\(words)</a>" : "<span id=\"\(id)\">\(words)</span>"
        }
        let first = index == 0, last = index == moves.count - 1
        let navigation = [
            link("first", "First", 1, !first), link("previous", "Previous", index, !first),
            link("next", "Next", index + 2, !last), link("last", "Last", moves.count, !last),
        ].joined(separator: " · ")
        let end = last ? "<p id=\"ending\"><strong>\(HTML.escaped(ending))</strong></p>" : ""
        return WebPage(status: 200, html: HTML.document(title: "Replay: \(card.title), move \(index + 1)", body: """
            <h1>Replay: \(HTML.escaped(card.title))</h1>
            <p id="position">Move \(index + 1) of \(moves.count)</p>
            <nav>\(navigation)</nav>
            \(StatePage.bubble(card))
            \(end)
            <p><a id="state" href="/g/\(HTML.escaped(game))?\(HTML.escaped(move.query))">This move's message, signed by the server</a></p>
            """))
    }
}
