import Foundation
import GamePresentation
import Wire

/// `/profile/ACCOUNT`: a player's ratings in each game and variant, their games won, lost and
/// drawn, and their rating over time, drawn as a line. The same as JSON at
/// `/profile/ACCOUNT.json`.
public enum ProfilePage {
    /// A variant as a person reads it: `classic`, or `classic, against the house bot`.
    static func variantWords(_ variant: String) -> String {
        variant.hasSuffix(LeaderboardPage.houseSuffix)
            ? String(variant.dropLast(LeaderboardPage.houseSuffix.count)) + ", against the house bot" : variant
    }

    /// Its ladder's query: `variant=classic`, and `against=house` for ratings against the bot.
    static func ladderQuery(_ variant: String) -> String {
        variant.hasSuffix(LeaderboardPage.houseSuffix)
            ? "variant=\(HTML.escaped(String(variant.dropLast(LeaderboardPage.houseSuffix.count))))&amp;against=house"
            : "variant=\(HTML.escaped(variant))"
    }

    /// The page of `profile`; `title` names a game by its id.
    public static func page(_ profile: Profile, title: (String) -> String) -> WebPage {
        let name = profile.name ?? "A player without a name"
        let standings = profile.standings.isEmpty
            ? "<p id=\"unrated\">No rated game yet: seek one with \"Play someone\" in <a href=\"/\">the web client</a>, or <code>seek GAME VARIANT rated</code> in <code>parley play --lines</code>.</p>"
            : """
            <div class="wide"><table id="standings">
            <tr><th>Game</th><th>Rating</th><th>Deviation</th><th>Games</th><th>Won</th><th>Lost</th><th>Drawn</th><th></th></tr>
            \(profile.standings.map { standing in
                "<tr><td>\(HTML.escaped(title(standing.game))) (\(HTML.escaped(variantWords(standing.variant))))</td>"
                    + "<td>\(standing.rating)\(standing.provisional ? "?" : "")</td><td>±\(standing.deviation)</td>"
                    + "<td>\(standing.games)</td><td>\(standing.wins)</td><td>\(standing.losses)</td><td>\(standing.draws)</td>"
                    + "<td><a href=\"/leaderboard/\(HTML.escaped(standing.game))?\(ladderQuery(standing.variant))\">ladder</a></td></tr>"
            }.joined(separator: "\n"))
            </table></div>
            """
        var charts: [String] = []
        for standing in profile.standings {
            let points = profile.history.filter { $0.game == standing.game && $0.variant == standing.variant }
            guard let first = points.first else { continue }
            let ratings = [first.before.rating] + points.map(\.after.rating)
            charts.append("""
                <figure class="chart"><figcaption>\(HTML.escaped(title(standing.game))) (\(HTML.escaped(variantWords(standing.variant)))): \
                \(ratings.first!) to \(ratings.last!) over \(points.count) rated game\(points.count == 1 ? "" : "s")</figcaption>
                \(line(ratings))</figure>
                """)
        }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        let games = profile.history.isEmpty ? "" : """
            <h2>Rated games</h2>
            <div class="wide"><table id="history">
            <tr><th>Day</th><th>Game</th><th>Against</th><th>Result</th><th>Rating</th></tr>
            \(profile.history.reversed().prefix(50).map { point in
                let change = point.after.rating - point.before.rating
                return "<tr><td>\(formatter.string(from: Date(timeIntervalSince1970: Double(point.at) / 1000)))</td>"
                    + "<td>\(HTML.escaped(title(point.game))) (\(HTML.escaped(variantWords(point.variant))))</td>"
                    + "<td>\(HTML.escaped(point.opponent ?? "(no name)"))</td><td>\(point.result.rawValue)</td>"
                    + "<td>\(point.after.shown) (\(change >= 0 ? "+" : "")\(change))</td></tr>"
            }.joined(separator: "\n"))
            </table></div>
            """
        return WebPage(status: 200, html: HTML.document(title: "\(name): ratings", body: """
            <p class="back"><a id="client" href="/">‹ Play on this server</a></p>
            <h1>\(HTML.escaped(name))</h1>
            \(standings)
            \(charts.joined(separator: "\n"))
            \(games)
            """))
    }

    /// `/profile` without an account: where a player finds their own profile, and the ladders
    /// (`id` and `name` of each game) whose names lead to everyone else's.
    public static func finding(ladders: [(id: String, name: String)]) -> WebPage {
        let links = ladders.map { "<li><a href=\"/leaderboard/\(HTML.escaped($0.id))\">\(HTML.escaped($0.name))</a></li>" }.joined()
        return WebPage(status: 200, html: HTML.document(title: "Profiles", body: """
            <p class="back"><a id="client" href="/">‹ Play on this server</a></p>
            <h1>Profiles</h1>
            <p id="yours">Your own profile is one click away in <a href="/">the web client</a>: press your name at the top, \
            then "Your ratings and games". In <code>parley play --lines</code>, <code>ladder GAME</code> prints the address of your place on a ladder, whose page links your profile.</p>
            <p>Everyone else's is linked from their name on a game's ladder:</p>
            <ul id="ladders">\(links)</ul>
            """))
    }

    /// The 404 of an account the server knows nothing of.
    public static let missing = WebPage(status: 404, html: HTML.document(title: "No such player", body: """
        <h1>No such player</h1>
        <p class="error" id="reason">This server knows no player by that account.</p>
        """))

    /// The 503 of a store that cannot be read now.
    public static let unreadable = WebPage(status: 503, html: HTML.document(title: "No profile now", body: """
        <h1>No profile now</h1>
        <p class="error" id="reason">The server cannot read its store at the moment; try again later.</p>
        """))

    /// A rating's course as an SVG line, 300 by 100, scaled to its own range.
    static func line(_ ratings: [Int]) -> String {
        let low = Double(ratings.min()! - 20), high = Double(ratings.max()! + 20)
        let step = ratings.count > 1 ? 300 / Double(ratings.count - 1) : 0
        let points = ratings.enumerated().map { index, rating in
            let x = Double(index) * step, y = 100 - (Double(rating) - low) / (high - low) * 100
            return String(format: "%.1f,%.1f", x, y)
        }.joined(separator: " ")
        return """
            <svg viewBox="-4 -4 308 108" width="308" height="108" role="img" aria-label="Rating over time">\
            <polyline fill="none" stroke="#0071e3" stroke-width="2" points="\(points)"/></svg>
            """
    }
}
