import GamePresentation

/// The page of a path the server has nothing at: a 404 that says so, with a way to the pages
/// there are.
public enum NotFoundPage {
    /// A state that makes no sticker: only a game's finished states may (an ice cream).
    public static let noSticker = WebPage(status: 404, html: HTML.document(title: "No sticker", body: """
        <h1>No sticker</h1>
        <p class="error" id="reason">This state makes no sticker: a finished ice cream does.</p>
        """))

    public static func page(path: String) -> WebPage {
        WebPage(status: 404, html: HTML.document(title: "Not found", body: """
            <h1>Nothing here</h1>
            <p class="error" id="reason">There is no page at \(HTML.escaped(path)).</p>
            <p>Parley's pages are its game states, at the URLs its messages carry (<code>/g/GAME?…</code>).</p>
            """))
    }
}
