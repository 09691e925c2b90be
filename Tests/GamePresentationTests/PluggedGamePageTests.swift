import GameCatalog
import Testing
@testable import WebPages

/// A game the pages know nothing of, from its catalog alone: its state page and the operator's
/// picture are the plain ones, its items in a table, escaped; its name titles them.
@Suite struct PluggedGamePageTests {
    let catalog = GameCatalog([CountingGame.self])

    @Test func aGameWithoutDrawingsHasAStatePage() {
        let page = StatePage.page(path: "/g/counting", query: "Count=2&Note=%3Cb%3E", catalog: catalog)
        #expect(page.status == 200)
        #expect(page.html.contains("<h1>Counting</h1>"))
        #expect(page.html.contains("A game of Counting"))
        #expect(page.html.contains("<td><code>Count</code></td><td><code>2</code></td>"))
        #expect(page.html.contains("<p id=\"status\">Count 3.</p>"))
        #expect(!page.html.contains("<b>"), "nothing of the URL unescaped")
        #expect(StatePage.page(path: "/g/counting", query: "Count=3", catalog: catalog).html.contains("Game over"))
        #expect(StatePage.page(path: "/g/counting", query: "Count=9", catalog: catalog).status == 400)
        // Neither the original apps' paths nor the games of another catalog.
        #expect(StatePage.page(path: "/battleship", query: "Ship_Location=0", catalog: catalog).status == 400)
        #expect(StatePage.page(path: "/g/battleship", query: "Ship_Location=0", catalog: catalog).status == 400)
        #expect(StatePage.page(path: "/", query: "Base=base01", catalog: catalog).status == 400)
    }

    @Test func theOperatorSeesItsTrueStateAsItems() {
        #expect(AdminPage.picture(game: "counting", state: "?Count=1", catalog: catalog)
            == "<table class=\"state\"><tr><td><code>Count</code></td><td><code>1</code></td></tr></table>")
        #expect(AdminPage.picture(game: "counting", state: "?Count=x", catalog: catalog).contains("class=\"error\""))
        #expect(AdminPage.picture(game: "battleship", state: "?Ship_Location=0", catalog: catalog).contains("no picture"))
    }
}
