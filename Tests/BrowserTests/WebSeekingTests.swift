import Foundation
import ServerTestSupport
import Testing

/// Strangers in the web client: two people who know nobody find a rated game with each other
/// through "Play someone", see each other's ratings and both ratings move, open the ladder and
/// the other's profile and come back; one alone takes a seek back, seeks again and falls back to
/// the house bot. Ben connects from 127.0.0.2 (through a forwarder): a rated game never pairs
/// two accounts connected from one address.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct WebSeekingTests {
    /// Fills in "Play someone" for Four in a Row, five minutes a move, rated, waiting for a
    /// person only, and sends it.
    static func seekFourInARow(_ player: WebPlayer, houseBot: String = "", rated: Bool = true) async throws {
        try await player.press("Play someone")
        try await player.choose("seek-game", "fourinarow/standard")
        try await player.choose("seek-time", "300")
        try await player.choose("seek-rated", rated ? "true" : "false")
        try await player.choose("seek-bot", houseBot)
        try await player.press("Play")
    }

    /// Waits until the line of a conversation's players holds `text`.
    static func players(_ player: WebPlayer, show text: String) async throws {
        try await player.browser.waitUntil(
            "\(player.name)'s players to show \"\(text)\"", timeout: .seconds(30),
            script: "return document.querySelector('.members')?.textContent.includes(arguments[0]) ?? false", .string(text))
    }

    @Test func twoStrangersFindARatedGameAndSeeBothRatingsMove() async throws {
        try await LiveServer.with { server in
            try await TCPForwarder.with(forwardingTo: server.port, from: "127.0.0.2") { forwarder in
                try await WebDriver.with([.phone, .phone]) { browsers in
                    let amber = try await WebPlayer.open(browsers[0], at: WebClientTests.address(server), name: "Amber")
                    let ben = try await WebPlayer.open(browsers[1], at: "https://localhost:\(forwarder.port)/", name: "Ben")
                    try await amber.press("Play someone")
                    // The form offers the server's time controls, correspondence days among them.
                    let times = try await browsers[0].execute("return [...document.querySelectorAll('#seek-time option')].map((o) => o.textContent)")
                    #expect(times.array?.compactMap(\.string) == ["1 minute a move", "5 minutes a move", "1 day a move", "3 days a move", "7 days a move"])
                    #expect(try await amber.link("#seek-ladder").hasSuffix("/leaderboard/battleship?variant=seed"))
                    try await amber.screenshot("seek-form")
                    try await Self.seekFourInARow(amber)
                    // The wait says what it waits for, and for how long.
                    try await amber.see("Seeking Four in a Row, 5 minutes a move, rated: waiting 0:0")
                    try await amber.screenshot("seeking")
                    try await Self.seekFourInARow(ben)
                    for player in [amber, ben] {
                        try await player.see("Paired for Four in a Row, 5 minutes a move, rated")
                        // The conversation opened; the wait is over.
                        try await player.browser.waitUntil(
                            "\(player.name)'s wait to end", timeout: .seconds(10), script: "return document.getElementById('seeking').hidden")
                    }
                    let amberFirst = try await browsers[0].waitUntil(
                        "who moves first", timeout: .seconds(10),
                        script: "const t = document.body.innerText; return t.includes('you move first') ? 'yes' : t.includes('Ben moves first') ? 'no' : null")
                    let (first, second) = amberFirst.string == "yes" ? (amber, ben) : (ben, amber)
                    // Each sees the other's rating beside their name, and the first mover the game's start.
                    try await Self.players(first, show: "\(second.name) 1500?")
                    try await Self.players(second, show: "\(first.name) 1500?")
                    try await first.screenshot("paired")
                    try await first.press(label: "Drop a disc in column 4")
                    for _ in 0..<3 {
                        try await second.press(label: "Drop a disc in column 1")
                        try await first.press(label: "Drop a disc in column 4")
                    }
                    try await first.see("Game over: you won")
                    try await first.see("Your rating: 1500? → 1662? (+162)")
                    try await second.see("Your rating: 1500? → 1338? (-162)")
                    try await Self.players(first, show: "\(second.name) 1338?")
                    try await Self.players(second, show: "you 1338?")
                    try await second.screenshot("rated")
                    // A finished Four in a Row makes no sticker: once the server has said so, none is offered.
                    try await first.browser.waitUntil(
                        "the sticker's answer", timeout: .seconds(10),
                        script: "return [...parleyClient.state.stickers.values()].some((v) => v === null)")
                    #expect(try await first.browser.execute(
                        "return [...document.querySelectorAll('button')].some((b) => b.textContent === 'Send as a sticker')").isTruthy == false)
                    // The viewer is "You" wherever a sentence begins in a game's words.
                    let words = try await first.browser.execute("""
                        const c = [...parleyClient.state.conversations.values()][0];
                        return c.words('Battleship. $' + c.you + ' placed a fleet; $' + c.you + ' moved.');
                        """)
                    #expect(words.string == "Battleship. You placed a fleet; you moved.")

                    // Your own ratings, on your name's menu, with the game open.
                    try await first.press("You: \(first.name)")
                    try await first.see("Four in a Row: 1662?")
                    try await first.screenshot("your-ratings")

                    // The ladder, from the game; the other's name leads to their profile, which
                    // leads back into the client.
                    let ladder = try await first.link("a.ladder")
                    #expect(ladder.contains("/leaderboard/fourinarow?variant=standard"))
                    try await first.browser.open(ladder)
                    try await first.see("Leaderboard: Four in a Row")
                    let profile = try await first.browser.waitUntil(
                        "\(second.name)'s name on the ladder", timeout: .seconds(10),
                        script: "return [...document.querySelectorAll('a[href^=\"/profile/\"]')].find((a) => a.textContent === arguments[0])?.href ?? null",
                        .string(second.name))
                    try await first.screenshot("ladder")
                    try await first.browser.open(try #require(profile.string))
                    try await first.see("1338?")
                    #expect(try await first.browser.text("h1") == second.name)
                    try await first.browser.click("#client")
                    try await first.see("Online")
                    try await first.see("You: \(first.name)")
                    // Back in the client, the conversation that was open is open again.
                    try await Self.players(first, show: "\(second.name) 1338?")
                }
            }
        }
    }

    /// Amber gives up a classic game against the house bot: its card says so, says it is nobody's
    /// turn, and draws the fleets the ending revealed (the bot's among them).
    @Test func aResignedClassicGameShowsEveryFleetAndNobodysTurn() async throws {
        try await LiveServer.with { server in
            try await WebDriver.with(.phone) { browser in
                let amber = try await WebPlayer.open(browser, at: WebClientTests.address(server), name: "Amber")
                try await amber.press("Play someone")
                try await amber.choose("seek-game", "battleship/classic")
                try await amber.choose("seek-rated", "false")
                try await amber.choose("seek-bot", "0")
                try await amber.press("Play")
                try await amber.press("Random fleet")
                try await amber.press("Place fleet")
                try await amber.see("Enemy fleet")
                try await browser.waitFor(#"button[aria-label^="Fire at"]:not([disabled])"#, timeout: .seconds(30))
                try await amber.press("Resign")
                try await amber.press("Yes, resign")
                try await amber.see("Game over: House bot won")
                let caption = try await browser.waitUntil(
                    "the card's caption", timeout: .seconds(10), script: "return document.querySelector('.message .caption')?.textContent ?? null")
                #expect(caption.string?.hasPrefix("You resigned") == true, "\(caption)")
                #expect(!(try await browser.text(".message")).contains("Your turn"))
                // The bot's 17 cells of ships, revealed (and signed) by the ending.
                let revealed = try await browser.waitUntil(
                    "the bot's fleet drawn", timeout: .seconds(10),
                    script: "const n = [...document.querySelectorAll('.message [aria-label]')].filter((e) => /^[A-J]\\d+, (?!your )\\w+, not fired at/.test(e.getAttribute('aria-label'))).length; return n === 17 ? n : null")
                #expect(revealed.number == 17)
                try await amber.screenshot("resigned-revealed")
            }
        }
    }

    /// Friends who meet by invite choose a game's time a move too: a day a move for a Four in
    /// a Row, whose own is two minutes.
    @Test func friendsChooseTheTimeAMoveOfTheirGame() async throws {
        try await LiveServer.with { server in
            try await WebDriver.with([.desktop, .phone]) { browsers in
                let (amber, ben) = try await WebPlayer.amberAndBen(browsers, at: WebClientTests.address(server))
                try await amber.press("New game")
                try await amber.press(label: "Start Four in a Row", prefix: true)
                try await amber.choose("start-time", "86400")
                try await amber.screenshot("start-timed")
                try await amber.press(label: "Drop a disc in column 4")
                for player in [amber, ben] {
                    try await player.browser.waitUntil(
                        "\(player.name)'s clock of a day", timeout: .seconds(30), script: #"return /2[34] h \d+ min left/.test(document.body.innerText)"#)
                    try await player.screenshot("timed-game")
                    try await player.see("1 day a move")
                }
                // A rematch keeps the time, whoever asks for it: Ben, who did not choose it.
                try await amber.press("Resign")
                try await amber.press("Yes, resign")
                for player in [amber, ben] { try await player.see("Game over") }
                #expect(!(try await ben.browser.pageText()).contains("1 day a move"))
                try await ben.press("Rematch")
                #expect(try await ben.browser.execute("return document.getElementById('start-time').value").string == "86400")
                try await ben.press(label: "Drop a disc in column 3")
                for player in [amber, ben] { try await player.see("1 day a move") }
            }
        }
    }

    @Test func aSeekTakenBackWaitsNoMoreAndOneAloneGetsTheHouseBot() async throws {
        try await LiveServer.with { server in
            try await WebDriver.with(.desktop) { browser in
                let amber = try await WebPlayer.open(browser, at: WebClientTests.address(server), name: "Amber")
                // A name the server refuses is said beside the name's form, and not kept.
                try await amber.press("You: Amber")
                try await browser.execute("document.getElementById('name').value = ''")
                try await browser.type("#name", "Ev\u{202E}il" + WebDriver.Key.enter)
                let refusal = try await browser.waitUntil(
                    "the name's refusal", timeout: .seconds(10), script: "return document.querySelector('#you-menu .refusal')?.textContent ?? null")
                #expect(refusal.string?.isEmpty == false)
                try await amber.screenshot("name-refused")
                #expect(try await browser.text("#you") == "You: Amber")
                try await amber.press("Close")
                try await Self.seekFourInARow(amber)
                try await amber.see("Seeking Four in a Row")
                try await amber.press("Cancel")
                try await browser.waitUntil("the wait to end", timeout: .seconds(10), script: "return document.getElementById('seeking').hidden")
                // Taken back on the server too: the same seek again is not `already-seeking`.
                try await Self.seekFourInARow(amber, houseBot: "10", rated: false)
                try await amber.see("the house bot in 0:")
                #expect(!(try await browser.pageText().contains("already")))
                try await amber.screenshot("seeking-house-bot")
                // The connection drops: the server takes the seek back with it, and the client
                // seeks again once it is back, so the house bot still comes.
                try await browser.execute("parleyClient.drop()")
                try await amber.see("Offline")
                try await amber.see("Online")
                try await amber.see("Paired for Four in a Row, 5 minutes a move, casual", timeout: .seconds(30))
                try await Self.players(amber, show: "House bot")
                try await amber.press(label: "Drop a disc in column 4")
                try await amber.see("House bot dropped in column")
                try await amber.screenshot("house-bot")
                // Shift+Tab from the chat box back to the game's buttons scrolls only the
                // conversation: the header and the list stay where they are.
                try await browser.execute("document.getElementById('chat').focus()")
                for _ in 0..<4 { try await browser.keys(WebDriver.Key.shift + WebDriver.Key.tab + WebDriver.Key.null) }
                let moved = try await browser.execute("""
                    return [document.scrollingElement.scrollTop, document.body.scrollTop, document.getElementById('main').scrollTop,
                      Math.round(document.querySelector('header').getBoundingClientRect().top)]
                    """)
                #expect(moved.array?.compactMap(\.number) == [0, 0, 0, 0], "\(moved)")
            }
        }
    }
}
