import Testing
import WebPages

/// The page behind a state URL: what it draws, what it never draws, and its refusals.
@Suite struct StatePageTests {
    private func shipCells(_ html: String) -> [String] {
        html.matches(of: /class="cell ship" data-cell="([^"]+)"/).map { String($0.1) }
    }

    @Test func aFinishedIceCreamsPageLinksToItsSticker() {
        let finished = StatePage.page(path: "/g/icecream", query: "Base=base01&Scoops=scoops02&Topping=topping01&Chain_Message=3")
        #expect(finished.html.contains(
            #"<a id="sticker" href="/g/icecream/sticker.png?Base=base01&amp;Scoops=scoops02&amp;Topping=topping01&amp;Chain_Message=3">This ice cream as a sticker (PNG)</a>"#),
            "\(finished.html)")
        #expect(finished.html.contains(
            #"<img id="sticker-image" src="/g/icecream/sticker.png?Base=base01&amp;Scoops=scoops02&amp;Topping=topping01&amp;Chain_Message=3" width="200" height="260""#))
        #expect(!StatePage.page(path: "/g/icecream", query: "Base=base01&Scoops=scoops02").html.contains(#"id="sticker""#))
        #expect(!StatePage.page(path: "/g/battleship", query: "Ship_Location=0&Ship_Location=4&Is_Complete=1").html.contains(#"id="sticker""#))
    }

    @Test func hidersPageShowsTheirShips() {
        let page = StatePage.page(path: "/g/battleship", query: "Ship_Location=0&Ship_Location=4&Is_Complete=0")
        #expect(page.status == 200)
        #expect(shipCells(page.html) == ["0", "4"])
        #expect(page.html.contains("Your ships"))
        #expect(page.html.contains("The hider placed their ships! Can you find them?"))
    }

    @Test func guessersPageHoldsNoShipPosition() {
        let page = StatePage.page(path: "/g/battleship", query: "Hidden=0&Shot=4-hit&Shot=7-miss&Is_Complete=0")
        #expect(page.status == 200)
        #expect(shipCells(page.html).isEmpty)
        #expect(!page.html.contains("Ship_Location"))
        #expect(page.html.contains("Find the ships"))
        #expect(page.html.contains(#"class="cell hit" data-cell="4""#))
        #expect(page.html.contains(#"class="cell miss" data-cell="7""#))
        #expect(page.html.contains("The guesser fired at 7: a miss."))
    }

    @Test func classicPageShowsOnlyTheViewersFleet() {
        let query = "Variant=classic&Ship=0-carrier-A1-h&Ship=0-battleship-A2-h&Ship=0-cruiser-A3-h"
            + "&Ship=0-submarine-A4-h&Ship=0-destroyer-A5-h&Hidden=1&Shot=J10-miss"
        let page = StatePage.page(path: "/g/battleship", query: query)
        #expect(page.status == 200)
        #expect(shipCells(page.html).count == 17, "the viewer's own 17 ship cells, none of the enemy's")
        #expect(page.html.contains("Enemy fleet"))
        #expect(page.html.contains(#"class="cell miss" data-cell="J10""#))
    }

    /// A page names fleets as its captions name players: by number, for a copy of no player's
    /// and for a finished game (which shows every fleet), "your" only on a player's own copy.
    @Test func fleetsAreNamedAsTheCaptionsNamePlayers() {
        let onlooker = StatePage.page(path: "/g/battleship", query: "Variant=classic&Hidden=0&Hidden=1&Shot=J10-miss")
        #expect(onlooker.html.contains("Player 1&#39;s fleet") || onlooker.html.contains("Player 1's fleet"), "\(onlooker.html)")
        #expect(onlooker.html.contains("Player 1 fired at J10"))
        #expect(!onlooker.html.contains("Your fleet") && !onlooker.html.contains("First player"))
        let over = StatePage.page(path: "/g/battleship", query: "Ship_Location=0&Ship_Location=4&Shot=0-hit&Shot=4-hit&Is_Complete=1")
        #expect(over.html.contains("The hidden ships") && !over.html.contains("Your ships"), "\(over.html)")
    }

    @Test func originalFormatsRender() {
        let battleship = StatePage.page(path: "/battleship", query: "Ship_Location=0&Ship_Location=1&Is_Complete=0")
        #expect(battleship.status == 200)
        #expect(shipCells(battleship.html) == ["0", "1"])
        let iceCream = StatePage.page(path: "/", query: "Base=base01&Scoops=scoops03")
        #expect(iceCream.status == 200)
        #expect(iceCream.html.contains("I added some scoops"))
        #expect(iceCream.html.contains(#"data-value="scoops03""#))
        #expect(!iceCream.html.contains("class=\"part topping\""))
    }

    @Test func finishedIceCreamHasItsCaption() {
        let page = StatePage.page(path: "/g/icecream", query: "Base=base02&Scoops=scoops03&Topping=topping01")
        #expect(page.html.contains("Our finished ice cream"))
        #expect(page.html.contains("sugar cone with strawberry scoops and rainbow sprinkles on top"))
    }

    @Test func undecodableURLsGetA400PageThatSaysWhy() {
        let cases: [(String, String)] = [
            ("/g/icecream", "Scoops=scoops03"),
            ("/g/battleship", "Ship_Location=0&Ship_Location=0"),
            ("/g/battleship", "Variant=galactic"),
            ("/g/chess", "Move=e4"),
            ("/nowhere", ""),
            ("/g/icecream", "Base=%3Cscript%3Ealert(1)%3C%2Fscript%3E"),
        ]
        for (path, query) in cases {
            let page = StatePage.page(path: path, query: query)
            #expect(page.status == 400, "\(path)?\(query)")
            #expect(page.html.contains(#"id="reason""#))
            #expect(!page.html.contains("<script>"), "nothing from the URL is echoed unescaped")
        }
    }
}

/// The legend shows every mark as the board draws it, and a classic game's two boards fit side
/// by side on a page of 1,100 pixels.
@Suite struct StatePageLayoutTests {
    let classic = StatePage.page(
        path: "/g/battleship",
        query: "Variant=classic&Ship=0-carrier-A1-h&Ship=0-battleship-A2-h&Ship=0-cruiser-A3-h&Ship=0-submarine-A4-h"
            + "&Ship=0-destroyer-A5-h&Hidden=1&Shot=B6-miss")

    @Test func theLegendsMissIsVisible() throws {
        let legend = try #require(classic.html.firstMatch(of: /<p class="legend">.*<\/p>/)).output
        let miss = try #require(legend.firstMatch(of: /<span>(?:(?!<\/span>).)*miss<\/span>/)).output
        #expect(miss.contains("<circle"), "a miss is a blue dot, as on the board: \(miss)")
        #expect(legend.contains("stroke="), "each swatch is outlined, so a pale one shows on white")
    }

    @Test func twoClassicBoardsFitSideBySide() throws {
        let width = try #require(classic.html.firstMatch(of: /max-width: ([0-9]+)rem/)).output.1
        let boards = try #require(classic.html.firstMatch(of: /<svg [^>]*width="([0-9]+)"[^>]*class="board"/)).output.1
        // Two boards, the gap between them (1.5rem) and the bubble's padding (2rem), in a page
        // of 16-pixel rems; a figure's own margins (40 pixels a side by default) are none.
        #expect(classic.html.contains("figure { margin: 0.5rem 0; }"))
        let needed = 2 * (Int(boards) ?? 0) + 24 + 32
        #expect((Int(width) ?? 0) * 16 >= needed, "\(width)rem for \(needed) px")
        #expect((Int(width) ?? 0) * 16 <= 1_100)
    }
}
