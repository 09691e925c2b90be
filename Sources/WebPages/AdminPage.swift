import Foundation
import GameCatalog
import GamePresentation
import GameRules
import Wire

/// The operator's pages under `/admin`: the store's games a page at a time, refreshed every few
/// seconds, and one game with its true state (hidden ships included: the operator is trusted)
/// and its log.
public enum AdminPage {
    /// Which games a list shows, as its links name them: `state` (`running`, `finished`) and
    /// `game` (a game's id) narrow it, `before` pages it.
    public struct ListFilter: Hashable, Sendable {
        public var state: String?
        public var game: String?

        public init(state: String? = nil, game: String? = nil) {
            (self.state, self.game) = (state, game)
        }

        /// The list's path with these filters, and `before` when given.
        public func path(before: String? = nil) -> String {
            let items = [("state", state), ("game", game), ("before", before)].compactMap { name, value in
                value.map { "\(name)=\(AdminPage.percentEncoded($0))" }
            }
            return "/admin" + (items.isEmpty ? "" : "?" + items.joined(separator: "&"))
        }
    }

    /// A page of the store's games, the most recently begun first; `next` is where the following
    /// page begins (`nil` on the last).
    public static func list(
        games: [SessionSummary], stats: AdminStats, filter: ListFilter = ListFilter(), next: String? = nil,
        catalog: GameCatalog = .standard
    ) -> WebPage {
        let rows = games.map { game in
            let link = "/admin/games/\(percentEncoded(game.session))"
            return """
                <tr class="game" data-session="\(HTML.escaped(game.session))">
                <td><a href="\(HTML.escaped(link))">\(HTML.escaped(title(of: game, catalog: catalog)))</a></td>
                <td>\(HTML.escaped(participants(of: game)))</td>
                <td class="turn">\(HTML.escaped(game.turn))</td>
                <td class="moves">\(game.moves)</td>
                <td>\(HTML.escaped(time(game.started)))</td>
                <td>\(HTML.escaped(time(game.lastMove)))</td>
                </tr>
                """
        }
        let table = games.isEmpty
            ? "<p id=\"empty\">No games yet.</p>"
            : """
                <div class="wide"><table id="games">
                <tr><th>Game</th><th>Participants</th><th>Turn</th><th>Moves</th><th>Started</th><th>Last move</th></tr>
                \(rows.joined(separator: "\n"))
                </table></div>
                """
        let states = [("All", nil), ("Being played", "running"), ("Over", "finished")].map { words, state in
            link(words, to: ListFilter(state: state, game: filter.game), current: state == filter.state)
        }
        let kinds = [link("every game", to: ListFilter(state: filter.state), current: filter.game == nil)]
            + catalog.games.map { type in
                link(type.name, to: ListFilter(state: filter.state, game: type.id.rawValue), current: filter.game == type.id.rawValue)
            }
        let older = next.map { "<p><a id=\"older\" href=\"\(HTML.escaped(filter.path(before: $0)))\">Older games</a></p>" } ?? ""
        return WebPage(status: 200, html: HTML.document(title: "Parley admin", body: """
            <h1>Games</h1>
            <p id="filters">\(states.joined(separator: " · ")) — \(kinds.joined(separator: " · "))</p>
            <p id="stats">\(stats.connections) connections · \(stats.conversations) conversations · \
            \(stats.gamesInProgress) games in progress, \(stats.gamesFinished) finished · \
            \(String(format: "%.1f", stats.movesPerSecond)) moves/s · store \(HTML.escaped(stats.storeSummary))</p>
            \(table)
            \(older)
            <p class="subcaption">Every game of the store, the most recently begun first. This page refreshes every 5 seconds.</p>
            """, refreshSeconds: 5))
    }

    private static func link(_ words: String, to filter: ListFilter, current: Bool) -> String {
        current ? "<strong>\(HTML.escaped(words))</strong>" : "<a href=\"\(HTML.escaped(filter.path()))\">\(HTML.escaped(words))</a>"
    }

    public static func game(_ detail: AdminGameDetail, catalog: GameCatalog = .standard) -> WebPage {
        let game = detail.game
        let log = detail.log.map { move in
            """
            <tr class="move"><td>\(move.seq)</td><td>\(HTML.escaped(move.name ?? move.account.map { String($0.prefix(12)) } ?? "—"))</td>\
            <td>\(HTML.escaped(move.caption))</td><td>\(HTML.escaped(time(move.at)))</td>\
            <td><code>\(HTML.escaped(move.state))</code></td></tr>
            """
        }
        let back = "/admin"
        return WebPage(status: 200, html: HTML.document(title: "Parley admin: \(title(of: game, catalog: catalog))", body: """
            <p><a href="\(HTML.escaped(back))">All games</a></p>
            <h1>\(HTML.escaped(title(of: game, catalog: catalog)))</h1>
            <p>Participants: \(HTML.escaped(participants(of: game)))</p>
            <p id="turn">Turn: \(HTML.escaped(game.turn)) · \(counted(game.moves, "move"))</p>
            <div class="picture" id="true-state">\(picture(game: game.game, state: detail.state, catalog: catalog))</div>
            <p>True state: <code id="state">\(HTML.escaped(detail.state))</code></p>
            <div class="wide"><table id="log"><tr><th>#</th><th>Who</th><th>What</th><th>When</th><th>State after</th></tr>
            \(log.joined(separator: "\n"))
            </table></div>
            """, refreshSeconds: 5))
    }

    /// The true state drawn by its game: every fleet with its ships, or the ice cream.
    static func picture(game: String, state: String, catalog: GameCatalog = .standard) -> String {
        do throws(RuleViolation) {
            let items = try QueryString.items(in: state)
            guard let type = catalog.type(GameID(rawValue: game)) else {
                return "<p>(no picture for \(HTML.escaped(game)))</p>"
            }
            return try type.truePicture(of: items)
        } catch {
            return "<p class=\"error\">\(HTML.escaped(error.reason))</p>"
        }
    }

    private static func title(of game: SessionSummary, catalog: GameCatalog = .standard) -> String {
        let name = catalog.type(GameID(rawValue: game.game))?.name ?? game.game
        return "\(name) (\(game.variant)) \(game.session.prefix(8))"
    }

    private static func participants(of game: SessionSummary) -> String {
        game.participants.map(\.words).joined(separator: ", ")
    }

    private static func time(_ date: Date?) -> String {
        guard let date else { return "—" }
        return date.formatted(.iso8601)
    }

    /// `text` as one segment of a path: RFC 3986's unreserved characters as they are (a
    /// session's hyphens included), every other byte percent-encoded.
    static func percentEncoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }

    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
