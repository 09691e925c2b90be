import Foundation
import Server
import ServerTestSupport
import TestSupport
import Testing
import Transport

/// The web client in real browsers (headless Chromium, driven over WebDriver) against a real
/// server: people who play from a page, with a terminal player among them, a spectator, a
/// server killed under them and a message tampered on its way. Each test leaves screenshots in
/// `WebPlayer.screenshots`, at a phone's size and a desktop's.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct WebClientTests {
    static func address(_ server: RunningServer) -> String { "https://localhost:\(server.port)/" }

    /// Amber (desktop) and Ben (phone) meet by invite and play a whole Four in a Row, Ben by
    /// keyboard alone; then a classic Battleship to its last shot, with Chris watching from a
    /// third browser, who never sees a ship that was not hit. Every message is checked and
    /// signed in every browser, the last one's revealed fleets too.
    @Test func twoBrowsersPlayFourInARowAndClassicBattleshipWatchedByAThird() async throws {
        try await LiveServer.with { server in
            try await WebDriver.with([.desktop, .phone, .phone]) { browsers in
                let amber = try await WebPlayer.open(browsers[0], at: Self.address(server), name: "Amber")
                let ben = try await WebPlayer.open(browsers[1], at: Self.address(server), name: "Ben")
                try await amber.screenshot("list-empty")
                try await amber.press("New conversation")
                let invite = try await amber.invite()
                // Copy puts the invite on the clipboard, and says so.
                try await browsers[0].allowClipboard(for: String(Self.address(server).dropLast()))
                try await amber.press(label: "Copy the invite to play")
                try await amber.see("Copied")
                let copied = try await browsers[0].executeAsync(
                    "const done = arguments[arguments.length - 1]; navigator.clipboard.readText().then(done, (e) => done('refused: ' + e.message))")
                #expect(copied.string == invite)
                try await ben.join(invite)
                try await amber.see("Ben joined")
                try await ben.screenshot("conversation")

                // Four in a Row: Amber stacks column 4 by mouse, Ben answers in column 1 by keys.
                try await amber.press("New game")
                try await amber.press(label: "Start Four in a Row", prefix: true)
                try await amber.press(label: "Drop a disc in column 4")
                for move in 0..<3 {
                    try await browsers[1].waitFor(#"button[aria-label="Drop a disc in column 1"]:not([disabled])"#, timeout: .seconds(30))
                    try await browsers[1].execute("document.querySelector('button[aria-label^=\"Drop a disc in column\"]:not([tabindex=\"-1\"])').focus()")
                    try await browsers[1].keys(WebDriver.Key.home + WebDriver.Key.enter)
                    if move == 1 { try await ben.screenshot("fourinarow") }
                    try await amber.press(label: "Drop a disc in column 4")
                }
                try await amber.see("Game over: you won")
                try await ben.see("Game over: Amber won")
                // The winner's own winning move is worded for her: "…: you win.", not "you wins."
                #expect(try await browsers[0].execute(
                    "return [...document.querySelectorAll('[aria-label]')].some((e) => e.getAttribute('aria-label').endsWith('made four in a row: you win.'))").bool == true)
                // A message's words name the viewer "You" where a sentence begins.
                try await ben.see("You dropped in column 1")
                // A screen reader hears each new message by its accessibility label.
                let heard = try await browsers[1].waitUntil(
                    "Ben's screen reader to hear the last move", timeout: .seconds(10),
                    script: "const t = document.getElementById('announcer').textContent; return t.startsWith('Amber: ') && t.length > 8 ? t : null")
                #expect(heard.string?.isEmpty == false)
                try await amber.screenshot("fourinarow-won")
                for player in [amber, ben] {
                    #expect(try await player.waitUntilChecked() == 7)
                    #expect(try await player.checks() == Array(repeating: "signed", count: 7))
                }

                // Chris watches with the invite to watch.
                let chris = try await WebPlayer.open(browsers[2], at: Self.address(server), name: "Chris")
                try await chris.join(try await amber.invite(toWatch: true))
                try await chris.see("Watching: you")
                try await amber.see("Watching: Chris")

                // Classic Battleship: each places a random fleet, then Amber fires at Ben's ships
                // (she is told where by the test, which reads Ben's page) and Ben at open water.
                try await amber.press("New game")
                try await amber.press(label: "Start Battleship (Classic)", prefix: true)
                try await amber.press("Random fleet")
                try await amber.screenshot("battleship-placing")
                try await amber.press("Place fleet")
                try await ben.press("Random fleet")
                try await ben.press("Place fleet")
                try await ben.see("Enemy fleet")
                // Each reads their own placement in their own words, not "You placed their ships".
                try await amber.see("You placed your ships")
                try await ben.see("You placed your ships too. Fire away!")
                #expect(try await amber.browser.execute("return document.body.innerText.includes('You placed their')").bool == false)
                // Amber's turn runs on a clock (the tests' server gives Battleship five
                // minutes) that all three see.
                for browser in browsers {
                    try await browser.waitUntil(
                        "the turn's clock", timeout: .seconds(30), script: #"return /[45]:\d\d left/.test(document.body.innerText)"#)
                }
                let bensShips = try await ben.labels(matching: "^[A-J]\\d+, your ").map { String($0.prefix { $0 != "," }) }
                let ambersShips = Set(try await amber.labels(matching: "^[A-J]\\d+, your ").map { String($0.prefix { $0 != "," }) })
                #expect(bensShips.count == 17 && ambersShips.count == 17)
                let water = (0..<100).map { "\(["A", "B", "C", "D", "E", "F", "G", "H", "I", "J"][$0 % 10])\($0 / 10 + 1)" }
                    .filter { !ambersShips.contains($0) }
                for (index, cell) in bensShips.enumerated() {
                    try await amber.press(label: "Fire at \(cell)")
                    if index == bensShips.count - 1 { break }
                    // On Ben's phone, the board he fires at is in view without scrolling.
                    if index == 0 || index == 8 {
                        try await browsers[1].waitFor(#"button[aria-label="Fire at \#(water[index])"]:not([disabled])"#, timeout: .seconds(30))
                        try await ben.controlsInView()
                        if index == 8 { try await ben.screenshot("battleship-turn") }
                    }
                    try await ben.press(label: "Fire at \(water[index])")
                    if index == 8 {
                        // Midway, the spectator's boards show hits and misses, and no ship that
                        // was not hit.
                        try await chris.see("Ben fired at \(water[index])")
                        #expect(try await chris.labels(matching: "(ship|carrier|battleship|cruiser|submarine|destroyer), not fired at").isEmpty)
                        // The boards are drawn a moment after the message that moved them shows.
                        // A cell hit is labelled "hit", or "sunk" once its whole ship is: with a
                        // random fleet, every hit so far may be in a sunk ship.
                        #expect(try await chris.browser.waitUntil(
                            "a hit on the spectator's boards", timeout: .seconds(20),
                            script: "return [...document.querySelectorAll('[aria-label]')].some((e) => /, (hit|sunk)/.test(e.getAttribute('aria-label')))"
                        ).isTruthy)
                        try await chris.screenshot("battleship-watching")
                        try await amber.screenshot("battleship")
                    }
                }
                try await amber.see("Game over: you won")
                try await ben.see("Game over: Amber won")
                try await chris.see("Game over: Amber won")
                // The conversation follows its newest event: the end of the game is in view.
                #expect(try await browsers[0].execute(
                    "const v = document.querySelector('.view'); return v.scrollHeight - v.scrollTop - v.clientHeight").number ?? 999 < 80)
                try await amber.screenshot("battleship-won")
                // The page follows the system's dark scheme.
                try await browsers[0].prefersColourScheme(dark: true)
                #expect(try await browsers[0].execute("return getComputedStyle(document.body).backgroundColor").string == "rgb(22, 22, 24)")
                try await amber.screenshot("battleship-won-dark")
                try await ben.screenshot("battleship-lost")
                for player in [amber, ben, chris] {
                    // Seven discs, two fleets, Amber's 17 shots and Ben's 16.
                    #expect(try await player.waitUntilChecked() == 42, "\(player.name)")
                    #expect(try await player.checks().allSatisfy { $0 == "signed" }, "\(player.name)")
                    #expect(try await player.failures().isEmpty, "\(player.name)")
                }
                // The list says where each stands.
                try await ben.press("‹ Conversations")
                try await ben.see("Game over: Amber won")
                // Each conversation is told apart by its newest game.
                try await ben.browser.waitUntil(
                    "the list to name the newest game", timeout: .seconds(10),
                    script: "return document.querySelector('.list .entry .game-name')?.textContent === 'Battleship (Classic)'")
                try await ben.screenshot("list")
            }
        }
    }

    /// A fleet half placed outlives a reload, Amber's before the game starts and Ben's in answer
    /// to hers, until it is sent.
    @Test func aHalfPlacedFleetOutlivesAReload() async throws {
        try await LiveServer.with { server in
            try await WebDriver.with([.desktop, .phone]) { browsers in
                let (amber, ben) = try await WebPlayer.amberAndBen(browsers, at: Self.address(server))
                try await amber.see("Ben joined")
                try await amber.press("New game")
                try await amber.press(label: "Start Battleship (Classic)", prefix: true)
                try await amber.press(label: "A1, empty")
                try await amber.press(label: "A3, empty")
                try await amber.browser.open(Self.address(server))
                try await amber.see("Ben joined")
                try await amber.press("New game")
                try await amber.press(label: "Start Battleship (Classic)", prefix: true)
                for kept in ["Carrier, 5 cells, at A1 across", "Battleship, 4 cells, at A3 across", "Cruiser, 3 cells, not placed"] {
                    #expect(try await amber.labels(matching: "^\(kept)$").count == 1, "\(kept)")
                }
                try await amber.press("Random fleet")
                #expect(try await amber.labels(matching: "^Carrier, 5 cells, at A1 across$").count == 1)
                try await amber.press("Place fleet")

                try await ben.press(label: "A10, empty")
                try await ben.browser.open(Self.address(server))
                try await ben.see("Random fleet")
                #expect(try await ben.labels(matching: "^Carrier, 5 cells, at A10 across$").count == 1)
                try await ben.screenshot("placing-kept")
                try await ben.press("Random fleet")
                try await ben.press("Place fleet")
                try await ben.see("Enemy fleet")
                // Sent, the placement is forgotten.
                let drafts = try await ben.browser.execute("return Object.keys(localStorage).filter((k) => k.startsWith('parley.draft/')).length")
                #expect(drafts.number == 0)
            }
        }
    }

    /// Three build an ice cream: Amber and Ben in browsers, Chris in `parley play --lines` in a
    /// real terminal. The finished ice cream is sent as a sticker from the page, seen by all;
    /// its replay steps through it, and its export checks with `parley verify`.
    @Test func threeBuildAnIceCreamOneOfThemInATerminal() async throws {
        try await Tmux.require()
        let parley = try Programs.parley()
        let homes = LiveServer.temporaryDirectory()
        try await LiveServer.with { server in
            let tmux = Tmux()
            defer { tmux.stopNow() }
            try await WebDriver.with([.desktop, .phone]) { browsers in
                let amber = try await WebPlayer.open(browsers[0], at: Self.address(server), name: "Amber")
                let ben = try await WebPlayer.open(browsers[1], at: Self.address(server), name: "Ben")
                try await amber.press("New conversation")
                let invite = try await amber.invite()
                try await ben.join(invite)
                try await tmux.start("Chris", width: 80, height: 24, command: """
                    env NO_COLOR=1 \(parley) play --lines --server wss://127.0.0.1:\(server.port) \
                    --fingerprint \(server.fingerprint) --home \(homes)/Chris --name Chris; echo "parley exited with $?"; sleep 60
                    """)
                try await tmux.type("Chris", "join \(invite)")
                try await tmux.press("Chris", "Enter")
                try await amber.see("Chris joined")

                try await amber.press("New game")
                try await amber.press(label: "Start Ice Cream (Group)", prefix: true)
                try await amber.press(label: "Base:", prefix: true)
                try await ben.press(label: "Scoops:", prefix: true)
                try await tmux.wait("Chris", for: "#5 icecream")
                try await ben.screenshot("icecream")
                try await tmux.type("Chris", "add 1 5 topping03")
                try await tmux.press("Chris", "Enter")
                for player in [amber, ben] { try await player.see("Game over") }
                try await amber.screenshot("icecream-finished")
                // The client draws what the state page (and the sticker) draws: the same elements.
                let drawings = try await browsers[0].executeAsync("""
                    const done = arguments[arguments.length - 1];
                    const shapes = (root) => [...root.querySelectorAll('g.part')].map((g) => g.getAttribute('data-value') + ': '
                      + [...g.children].filter((e) => e.tagName !== 'title')
                        .map((e) => e.tagName + [...e.attributes].map((a) => ` ${a.name}=${a.value}`).sort().join('')).join('; '));
                    const picture = [...document.querySelectorAll('svg.icecream-picture')].find((p) => p.querySelectorAll('g.part').length === 3);
                    if (!picture) return done('no finished ice cream');
                    const query = [...picture.querySelectorAll('g.part')]
                      .map((g) => `${g.classList[1][0].toUpperCase()}${g.classList[1].slice(1)}=${g.getAttribute('data-value')}`).join('&');
                    fetch('/g/icecream?' + query).then((r) => r.text()).then((text) => {
                      const page = new DOMParser().parseFromString(text, 'text/html').querySelector('svg.icecream');
                      done(shapes(picture).join(' | ') + ' == ' + (page ? shapes(page).join(' | ') : 'no picture'));
                    }, (e) => done('refused: ' + e.message));
                    """)
                let drawn = try #require(drawings.string).components(separatedBy: " == ")
                #expect(drawn.count == 2 && drawn[0] == drawn[1] && drawn[0].contains("topping03: ellipse"), "\(drawn)")

                // The finished ice cream, drawn by the server, goes as a sticker to everyone.
                try await ben.press("Send as a sticker")
                // It is named by what it shows, not only by its game.
                try await amber.see("Ben sent a sticker: Ice Cream: ")
                try await amber.see("and whipped cream on top")
                try await ben.see("You sent a sticker: Ice Cream: ")
                try await tmux.wait("Chris", for: "sticker")
                #expect(try await browsers[0].waitUntil(
                    "the sticker's image", timeout: .seconds(20),
                    script: "const i = document.querySelector('.sticker img'); return i && i.complete && i.naturalWidth === 400").isTruthy)

                // Its replay steps through the three messages.
                try await amber.press("Replay")
                try await amber.see("Move 1 of 3")
                try await amber.press(label: "Next move")
                try await amber.see("Move 2 of 3")

                // Its export is the file `parley verify` checks.
                let exported = try await browsers[0].execute("""
                    const c = [...parleyClient.state.conversations.values()][0];
                    return c.exportLines([...c.sessions.values()][0]);
                    """)
                let folder = LiveServer.temporaryDirectory()
                let file = folder + "/icecream.jsonl"
                try #require(exported.string).write(toFile: file, atomically: true, encoding: .utf8)
                let key = folder + "/parley-key.json"
                try await HTTPS.request("\(server.url)/.well-known/parley-key").body.write(toFile: key, atomically: true, encoding: .utf8)
                let verified = try await Spawn.run(parley, ["verify", "--key", key, file], withErrors: true)
                #expect(verified.status == 0 && verified.output.contains("3 messages of 1 session checked"), "\(verified.output)")
            }
        }
    }

    /// The server is SIGKILLed under a game: the page says it is offline, keeps the move made
    /// meanwhile, and once the server is back sends it; it arrives once, and nothing is shown
    /// twice.
    @Test func aMoveMadeWhileTheServerIsDownArrivesOnce() async throws {
        let parley = try Programs.parley()
        let folder = LiveServer.temporaryDirectory()
        let port = try Programs.freePort()
        let arguments = ["serve", "--host", "127.0.0.1", "--port", "\(port)", "--data", folder]
        let log = folder + "-serve.log"
        var pid = try Spawn.start(parley, arguments, log: log)
        _ = try await Programs.listening(log: log)
        let address = "https://localhost:\(port)/"
        do {
            try await WebDriver.with([.desktop, .phone]) { browsers in
                let (amber, ben) = try await WebPlayer.amberAndBen(browsers, at: address)
                try await amber.press("New game")
                try await amber.press(label: "Start Four in a Row", prefix: true)
                try await amber.press(label: "Drop a disc in column 4")
                try await ben.press(label: "Drop a disc in column 1")
                try await browsers[0].waitFor(#"button[aria-label="Drop a disc in column 5"]:not([disabled])"#, timeout: .seconds(30))

                await Spawn.kill(pid)
                try await amber.see("Offline")
                try await amber.press(label: "Drop a disc in column 5")
                try await amber.see("Waiting to send (offline)")
                try await amber.screenshot("offline")

                pid = try Spawn.start(parley, arguments, log: log)
                _ = try await Programs.listening(log: log)
                try await ben.see("Amber dropped in column 5", timeout: .seconds(60))
                try await amber.see("Online")
                // Once, in order, and sent no more.
                let seqs = try await ben.seqs()
                #expect(seqs == Array(1...seqs.count) && seqs.count == 5, "\(seqs)")
                #expect(try await browsers[1].execute("return document.body.innerText.split('dropped in column 5').length - 1").number == 1)
                #expect(try await browsers[0].execute("return parleyClient.state.pending.size").number == 0)
            }
        } catch {
            await Spawn.kill(pid)
            throw error
        }
        await Spawn.kill(pid)
    }

    /// A server that signs a lie (a hit told as a miss, in a seed Battleship) is caught by the
    /// browser's own check of its commitment to the fleet, at the shot it lied about.
    @Test func aLyingServerIsCaughtAtTheShotItLiedAbout() async throws {
        let lie = ServerConfiguration.Lie { view, _, message in
            message == 3 ? view.replacingOccurrences(of: "Shot=4-hit", with: "Shot=4-miss") : view
        }
        try await LiveServer.with(configure: { $0.lie = lie }) { server in
            try await WebDriver.with([.desktop, .phone]) { browsers in
                let (amber, ben) = try await WebPlayer.amberAndBen(browsers, at: Self.address(server))
                try await amber.press("New game")
                try await amber.press(label: "Start Battleship (Seed)", prefix: true)
                try await amber.press(label: "Cell 0, empty")
                try await amber.press(label: "Cell 4, empty")
                try await amber.press("Hide boats")
                try await ben.press(label: "Fire at cell 1")
                try await ben.press(label: "Fire at cell 4")
                let warning = "FAILED the check: The server answered miss at cell 4 of seat 0's fleet, but the cell it committed to says a ship covers it."
                try await ben.see(warning)
                // Amber sees her boats, so to her the lie is a state no game can be in.
                try await amber.see("FAILED the check: The server signed a state its game cannot read: Shot=4 says miss, but the ships there say hit.")
                #expect(try await ben.checks().filter { $0 == "failed" }.count == 1)
                try await ben.screenshot("lie")
            }
        }
    }

    /// A message changed on its way to Ben (a test seam of the page, as the terminal client's):
    /// his page says loudly which message failed and why.
    @Test func aTamperedMessageRaisesTheAlarm() async throws {
        try await LiveServer.with { server in
            try await WebDriver.with([.desktop, .phone]) { browsers in
                let (amber, ben) = try await WebPlayer.amberAndBen(browsers, at: Self.address(server))
                try await browsers[1].execute("""
                    globalThis.parleyTestSeams = { inbound: (frame) => {
                      if (frame.type === 'event' && frame.kind === 'message' && frame.seq === 4) frame.message.url = frame.message.url.replace('Drop=1', 'Drop=2');
                      return frame;
                    } };
                    """)
                try await amber.press("New game")
                try await amber.press(label: "Start Four in a Row", prefix: true)
                try await amber.press(label: "Drop a disc in column 4")
                try await ben.press(label: "Drop a disc in column 1")
                try await ben.see("!!! The server's message #4 FAILED the check: Its signature is not the server's key's. !!!")
                try await ben.see("FAILED CHECK")
                #expect(try await amber.failures().isEmpty)
                try await ben.screenshot("warning")
                try await browsers[0].setWindowSize(.phone)
                try await browsers[1].setWindowSize(.desktop)
                try await ben.screenshot("warning")
            }
        }
    }
}

/// A game with no web presentation of its own (Nim, from another package as far as the
/// client knows) is played through the plain form of its query items; a move the rules refuse
/// is shown with the server's reason. Then a resignation, a picture sent as a sticker, and a
/// player leaving.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct WebClientPlainFormTests {
    @Test func aGameWithoutAPresentationIsPlayedByItsItems() async throws {
        try await LiveServer.with(configure: { $0.catalog = NimGame.catalog }) { server in
            try await WebDriver.with([.desktop, .phone]) { browsers in
                let (amber, ben) = try await WebPlayer.amberAndBen(browsers, at: WebClientTests.address(server))
                try await amber.press("New game")
                try await amber.press(label: "Start Nim", prefix: true)
                try await browsers[0].type(#"input[aria-label="Items your move adds"]"#, "Take=3" + WebDriver.Key.enter)
                try await ben.see("Take")
                try await browsers[1].waitFor(#"input[aria-label="Items your move adds"]"#, timeout: .seconds(30))
                try await browsers[1].type(#"input[aria-label="Items your move adds"]"#, "Take=9" + WebDriver.Key.enter)
                try await ben.see("Take=9 takes no 1 to 3 stones.")
                try await browsers[1].type(#"input[aria-label="Items your move adds"]"#, "Take=3" + WebDriver.Key.enter)
                try await browsers[0].waitFor(#"input[aria-label="Items your move adds"]"#, timeout: .seconds(30))
                try await browsers[0].type(#"input[aria-label="Items your move adds"]"#, "Take=1" + WebDriver.Key.enter)
                try await amber.see("Game over")
                try await ben.see("Game over")
                try await ben.screenshot("plain-form")
                #expect(try await ben.waitUntilChecked() == 3)
                #expect(try await ben.checks() == ["signed", "signed", "signed"])

                // A rematch, which Ben gives up.
                try await ben.press("Rematch")
                try await browsers[1].type(#"input[aria-label="Items your move adds"]"#, "Take=2" + WebDriver.Key.enter)
                try await ben.see("Waiting for Amber")
                try await ben.press("Resign")
                try await ben.press("Yes, resign")
                try await amber.see("Ben resigned")
                try await ben.see("You resigned")

                // A picture of Ben's own, sent from the page as a sticker.
                let picture = LiveServer.temporaryDirectory() + "/waffle.png"
                try Data(TestImages.png(width: 320, height: 320)).write(to: URL(fileURLWithPath: picture))
                try await browsers[1].type("#sticker-file", picture)
                try await amber.see("Ben sent a sticker: waffle")

                // Words are shown as written, never read as markup.
                try await browsers[1].type("#chat", "<b>bold</b> & <img src=x>" + WebDriver.Key.enter)
                try await amber.see("<b>bold</b> & <img src=x>")
                #expect(try await browsers[0].execute("return document.querySelectorAll('.transcript b, .transcript img:not(.sticker img)').length").int == 0)

                // Ben leaves; Amber is told, and Ben's list no longer has the conversation.
                try await ben.press("Leave conversation")
                try await amber.see("Ben left")
                try await ben.see("No conversations yet")
            }
        }
    }
}
