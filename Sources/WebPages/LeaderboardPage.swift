import GamePresentation
import GameRules
import Wire

/// `/leaderboard/GAME?variant=V`: a game and variant's ladder, established ratings first and
/// provisional ones apart, with the place of the player the address names (`you=ACCOUNT`).
/// The same as JSON at `/leaderboard/GAME.json`.
public enum LeaderboardPage {
    /// The page of `ladder`, a ladder of the game called `title`, whose variants are `variants`.
    public static func page(_ ladder: Ladder, title: String, variants: [Variant], youAccount: String? = nil) -> WebPage {
        // A ladder against the house bot is its variant's, apart.
        let againstBot = ladder.variant.hasSuffix(houseSuffix)
        let variantID = againstBot ? String(ladder.variant.dropLast(houseSuffix.count)) : ladder.variant
        let variantName = (variants.first { $0.id == variantID }?.name ?? variantID) + (againstBot ? ", against the house bot" : "")
        let links = variants.flatMap { variant in
            [(variant.name, "?variant=\(variant.id)", variant.id == variantID && !againstBot),
             ("\(variant.name) against the house bot", "?variant=\(variant.id)&amp;against=house", variant.id == variantID && againstBot)]
        }.map { name, query, shown in
            shown ? "<strong>\(HTML.escaped(name))</strong>" : "<a href=\"\(query)\">\(HTML.escaped(name))</a>"
        }.joined(separator: " · ")
        let you = ladder.you.map { place in
            let list = place.provisional ? "of the provisional ratings" : "of \(ladder.playerCount)"
            return "<p id=\"you\">Your place: <strong>\(place.place)</strong> \(list), rated \(shown(place))</p>"
        } ?? ""
        let profile = you.isEmpty ? "" : "<p><a id=\"profile\" href=\"/profile/\(HTML.escaped(youAccount ?? ""))\">Your ratings and games</a></p>"
        let established = ladder.players.isEmpty
            ? "<p id=\"players-empty\">Nobody has an established rating yet: a rating is provisional (shown 1500?) until its player has played enough rated games.</p>"
            : table(id: "players", ladder.players)
        let provisional = ladder.provisional.isEmpty ? "" : """
            <h2>Provisional ratings</h2>
            <p>Ratings still uncertain (a deviation above 110), apart from the ladder until their players have played more.</p>
            \(table(id: "provisional", ladder.provisional))
            """
        let none = ladder.players.isEmpty && ladder.provisional.isEmpty
            ? "<p id=\"empty\">No rated game of this variant has ended yet. Seek one: \"Play someone\" in <a href=\"/\">the web client</a>, or <code>seek \(HTML.escaped(ladder.game)) \(HTML.escaped(variantID)) rated\(againstBot ? " bot" : "")</code> in <code>parley play --lines</code>.</p>"
            : ""
        return WebPage(status: 200, html: HTML.document(title: "Leaderboard: \(title) (\(variantName))", body: """
            <p class="back"><a id="client" href="/">‹ Play on this server</a></p>
            <h1>Leaderboard: \(HTML.escaped(title))</h1>
            <nav id="variants">\(links)</nav>
            \(you)\(profile)
            \(none.isEmpty ? established + provisional : none)
            <p><a href="?variant=\(HTML.escaped(variantID))\(againstBot ? "&amp;against=house" : "")&amp;format=json">As JSON</a> · Glicko-2 ratings, changed by every rated game that ends by its moves, a resignation or a timeout.</p>
            """))
    }

    /// What a variant's name ends with on the ladder of ratings earned against the house bot.
    public static let houseSuffix = "@house"

    /// The 404 of a game the server does not host, or a variant it does not have.
    public static func unknown(_ reason: String) -> WebPage {
        WebPage(status: 404, html: HTML.document(title: "No such leaderboard", body: """
            <h1>No such leaderboard</h1>
            <p class="error" id="reason">\(HTML.escaped(reason))</p>
            """))
    }

    /// The 503 of a store that cannot be read now.
    public static let unreadable = WebPage(status: 503, html: HTML.document(title: "No leaderboard now", body: """
        <h1>No leaderboard now</h1>
        <p class="error" id="reason">The server cannot read its store at the moment; try again later.</p>
        """))

    private static func shown(_ place: Ladder.Place) -> String {
        "\(place.rating)\(place.provisional ? "?" : "")"
    }

    /// A player's name, linked to their profile.
    private static func player(_ place: Ladder.Place) -> String {
        let name = HTML.escaped(place.name ?? "(no name)")
        guard let profile = place.profile else { return name }
        return "<a href=\"\(HTML.escaped(profile))\">\(name)</a>"
    }

    private static func table(id: String, _ places: [Ladder.Place]) -> String {
        let rows = places.map { place in
            "<tr><td>\(place.place)</td><td>\(player(place))</td><td>\(shown(place))</td>"
                + "<td>±\(place.deviation)</td><td>\(place.games)</td><td>\(place.wins)</td><td>\(place.losses)</td><td>\(place.draws)</td></tr>"
        }.joined(separator: "\n")
        return """
            <div class="wide"><table id="\(id)">
            <tr><th>Place</th><th>Player</th><th>Rating</th><th>Deviation</th><th>Games</th><th>Won</th><th>Lost</th><th>Drawn</th></tr>
            \(rows)
            </table></div>
            """
    }
}
