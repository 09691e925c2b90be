import Client
import Foundation
import ServerTestSupport
import Testing
import Transport

/// The browser the web client's tests drive (`WebDriver`), against a real server: a state page
/// read, photographed and scripted at a phone's size and a laptop's, keys pressed where the
/// focus is, a wait that fails saying what the page showed, three browsers at once.
@Suite(.serialized) struct WebDriverTests {
    @Test(.timeLimit(.minutes(1)))
    func aStatePageIsReadScriptedAndPhotographedAtAPhonesSize() async throws {
        try await LiveServer.with { server in
            try await WebDriver.with(.phone) { browser in
                try await browser.open("\(server.url)/g/fourinarow?Drop=4&Drop=3")
                #expect(try await browser.text("h1") == "Four in a Row")
                #expect(try await browser.text("#caption") == "Yellow dropped in column 3.")
                #expect(try await browser.attribute("html", "lang") == "en")
                #expect(try await browser.attribute("html", "data-nothing") == nil)
                #expect(try await browser.execute("return document.title") == "Four in a Row: Yellow dropped in column 3.")
                #expect(try await browser.execute("return [innerWidth, innerHeight]") == [390, 844])
                #expect(try await browser.execute("return arguments[0] * arguments[1]", 6, 7) == 42)

                let folder = LiveServer.temporaryDirectory()
                defer { try? FileManager.default.removeItem(atPath: folder) }
                try await browser.screenshot(to: folder + "/page.png")
                let png = try #require(FileManager.default.contents(atPath: folder + "/page.png"))
                #expect(try Self.size(ofPNG: png) == (390, 844))
            }
        }
    }

    /// The operator's list at a phone's size: the page itself never scrolls sideways (its table
    /// does, within its box), and its links narrow the list to the games being played.
    @Test(.timeLimit(.minutes(1)))
    func theAdminListFitsAPhoneAndNarrowsToTheGamesBeingPlayed() async throws {
        try await LiveServer.with(configure: { $0.adminToken = LiveServer.adminToken }) { server in
            // A Battleship being played, and an ice cream over.
            let (amber, ben, conversation, _, _) = try await Games.seedGame(on: server)
            _ = try await amber.request(.send(.init(
                id: UUID().uuidString, conversation: conversation, game: "icecream", variant: "solo", url: "?Base=base01")))
            for part in ["Scoops=scoops01", "Topping=topping01"] {
                let reply = try await Games.send(amber, replyingTo: try await ben.nextMessage(), adding: part)
                guard case .accepted = reply else { throw ConnectionError.unexpected("\(reply)") }
            }
            try await WebDriver.with(.phone) { browser in
                try await browser.open("\(server.url)/admin?token=\(LiveServer.adminToken)")
                _ = try await browser.waitFor("#games")
                #expect(try await browser.execute("return document.documentElement.scrollWidth <= innerWidth") == true,
                        "the page scrolls sideways at a phone's width")
                #expect(try await browser.execute("return document.querySelectorAll('tr.game').length") == 2)
                try await browser.click("#filters a[href*='state=running']")
                _ = try await browser.waitFor("#filters strong")
                #expect(try await browser.url().hasSuffix("/admin?state=running"))
                #expect(try await browser.text("#filters strong") == "Being played")
                let turns = try await browser.execute("return [...document.querySelectorAll('tr.game .turn')].map(e => e.textContent)")
                #expect(turns == ["anyone without a seat"], "only the Battleship is being played: \(turns)")
            }
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func aWaitForAMissingElementFailsInTimeSayingWhatThePageShows() async throws {
        try await LiveServer.with { server in
            try await WebDriver.with { browser in
                try await browser.open("\(server.url)/g/fourinarow?Drop=4&Drop=3")
                try await browser.execute("console.error('no board for ' + arguments[0])", "#board")
                let started = ContinuousClock.now
                let failure = try await #require(throws: WebDriver.Failure.self) {
                    try await browser.waitFor("#board", timeout: .seconds(1))
                }
                let waited = ContinuousClock.now - started
                #expect(waited >= .seconds(1) && waited < .seconds(5), "\(waited)")
                let message = failure.description
                #expect(failure.code == "timeout")
                #expect(message.contains("an element matching #board"), "\(message)")
                #expect(message.contains("Yellow dropped in column 3."), "\(message)")
                #expect(message.contains(#"no board for #board"#), "\(message)")

                // A selector that is no CSS could never match: the wait ends at once.
                let early = ContinuousClock.now
                let invalid = try await #require(throws: WebDriver.Failure.self) { try await browser.waitFor("p[", timeout: .seconds(10)) }
                #expect(invalid.code == "invalid selector")
                #expect(ContinuousClock.now - early < .seconds(5))

                let refused = try await #require(throws: WebDriver.Failure.self) { try await browser.click("#board") }
                #expect(refused.code == "no such element")
                #expect(refused.description.contains("Yellow dropped in column 3."), "\(refused)")
            }
        }
    }

    /// Keys arrive as a keyboard's events, in an element or wherever the focus is (Shift held
    /// until `Key.null`), and a wait on a script or on Swift's side ends once its condition holds.
    @Test(.timeLimit(.minutes(1)))
    func keysReachTheFocusedElementAndClicksTheirTarget() async throws {
        try await WebDriver.with { browser in
            typealias Key = WebDriver.Key
            try await browser.open("about:blank")
            try await browser.execute("""
                document.body.innerHTML = '<input id="name"><button id="go">Go</button><p id="said"></p>';
                window.pressed = [];
                document.addEventListener('keydown', event => window.pressed.push(event.key));
                document.getElementById('go').addEventListener('click', () => {
                    document.getElementById('said').textContent = 'Hello, ' + document.getElementById('name').value;
                });
                """)
            try await browser.type("#name", "Amber")
            #expect(try await browser.property("#name", "value") == "Amber")
            try await browser.keys(Key.tab)
            #expect(try await browser.execute("return document.activeElement.id") == "go")
            try await browser.keys(Key.shift + Key.tab + Key.null + Key.end + Key.arrowLeft + "x")
            #expect(try await browser.property("#name", "value") == "Ambexr")
            let pressed = try await browser.execute("return window.pressed").array?.compactMap(\.string) ?? []
            #expect(pressed.suffix(5) == ["Shift", "Tab", "End", "ArrowLeft", "x"], "\(pressed)")

            try await browser.click("#go")
            #expect(try await browser.text("#said") == "Hello, Ambexr")
            try await browser.execute("setTimeout(() => document.getElementById('said').textContent = 'later', 300)")
            let later = try await browser.waitUntil(
                "the later text", script: "return document.getElementById('said').textContent == arguments[0]", "later")
            #expect(later == true, "\(later)")
            try await browser.waitUntil("the later text, read as a person reads it") { try await $0.text("#said") == "later" }
            let doubled = try await browser.executeAsync(
                "const done = arguments[arguments.length - 1]; setTimeout(() => done(arguments[0] * 2), 50)", 21)
            #expect(doubled == 42)
        }
    }

    /// Three players, each in a browser of their own, at two sizes: none sees another's page.
    @Test(.timeLimit(.minutes(1)))
    func threeBrowsersRunAtOnce() async throws {
        try await LiveServer.with { server in
            try await WebDriver.with([.phone, .desktop, .desktop]) { browsers in
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for (index, browser) in browsers.enumerated() {
                        group.addTask { try await browser.open("\(server.url)/g/fourinarow?Drop=\(index + 1)") }
                    }
                    try await group.waitForAll()
                }
                for (index, browser) in browsers.enumerated() {
                    #expect(try await browser.text("#caption") == "Red dropped in column \(index + 1).")
                }
                #expect(try await browsers[0].execute("return innerWidth") == 390)
                #expect(try await browsers[1].execute("return innerWidth") == 1280)
                try await browsers[2].setWindowSize(.phone)
                #expect(try await browsers[2].execute("return [innerWidth, innerHeight]") == [390, 844])
                #expect(try await browsers[1].execute("return innerWidth") == 1280)
            }
        }
    }

    /// The width and height in a PNG's header (its IHDR chunk, first after the signature).
    static func size(ofPNG png: Data) throws -> (Int, Int) {
        let bytes = [UInt8](png)
        try #require(bytes.count > 24 && bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        try #require(Array(bytes[12..<16]) == Array("IHDR".utf8))
        let number = { (at: Int) in bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (number(16), number(20))
    }
}

/// The ladder of a game, in a browser: after a rated game, its page at a phone's size and a
/// laptop's places both players, provisional, the winner first, and the reader's own place.
@Suite(.serialized) struct LeaderboardPageTests {
    @Test(.timeLimit(.minutes(1)))
    func theLadderPageShowsARatedGamesPlayersAndTheReadersPlace() async throws {
        try await LiveServer.with { server in
            try await Games.ratedGame(on: server) { amber, _, _ in
                for (size, name) in [(WebDriver.WindowSize.phone, "390x844"), (.desktop, "1280x800")] {
                    try await WebDriver.with(size) { browser in
                        try await browser.open("\(server.url)/leaderboard/battleship?variant=classic&you=\(amber.connection.account)")
                        #expect(try await browser.text("h1") == "Leaderboard: Battleship")
                        #expect(try await browser.text("#you").contains("Your place: 2"))
                        let rows = try await browser.execute(
                            "return [...document.querySelectorAll('#provisional tr')].slice(1).map(r => [...r.cells].slice(0, 3).map(c => c.textContent).join(' '))")
                        #expect(rows == ["1 Ben 1662?", "2 Amber 1338?"])
                        #expect(try await browser.execute("return document.querySelector('#players') === null") == true)
                        #expect(try await browser.execute("return document.documentElement.scrollWidth <= innerWidth") == true,
                                "the page scrolls sideways")
                        try await browser.screenshot(to: WebPlayer.screenshots + "/leaderboard-\(name).png")
                        // Her own ratings and games, one link away.
                        try await browser.click("#profile")
                        _ = try await browser.waitFor("#history")
                        #expect(try await browser.text("h1") == "Amber")
                        #expect(try await browser.execute("return document.querySelectorAll('#history tr').length") == 2)
                        #expect(try await browser.execute("return document.documentElement.scrollWidth <= innerWidth") == true)
                        try await browser.screenshot(to: WebPlayer.screenshots + "/profile-\(name).png")
                        try await browser.open("\(server.url)/leaderboard/battleship?variant=classic")
                        // The other variant's ladder is one link away, and empty.
                        try await browser.click("#variants a")
                        _ = try await browser.waitFor("#empty")
                        #expect(try await browser.text("#variants strong") != "Classic")
                    }
                }
            }
        }
    }
}
