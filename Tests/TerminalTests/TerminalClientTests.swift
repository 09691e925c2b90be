import Foundation
import Server
import ServerTestSupport
import TestSupport
import Testing
import Transport

/// Two full-screen `parley play` clients in real terminals (tmux), against a real server:
/// the keys a person presses go in, the screens they read come out.
@Suite struct TerminalClientTests {

    /// `parley play` for each of `names` in a tmux window of `width` by `height`, each with a
    /// client folder of its own under `homes`, waited for until online; `environment` goes
    /// before the command (`NO_COLOR=1`: the plain screen marks the cursor with brackets,
    /// which capture-pane keeps). When the client exits, the window says so and stays open.
    static func startPlayers(
        _ names: [String], in tmux: Tmux, server: RunningServer, homes: String, width: Int = 80, height: Int = 24,
        environment: String = "NO_COLOR=1"
    ) async throws {
        let parley = try Programs.parley()
        for name in names {
            try await tmux.start(name, width: width, height: height, command: """
                env \(environment) \(parley) play --server wss://127.0.0.1:\(server.port) \
                --fingerprint \(server.fingerprint) --home \(homes)/\(name) --name \(name); \
                echo "parley exited with $?"; sleep 60
                """)
            try await tmux.wait(name, for: "[online]")
        }
    }

    /// The first of `names` opens a conversation (`n`) and the others join it with its code.
    static func gather(_ names: [String], in tmux: Tmux) async throws {
        let host = try #require(names.first, "a conversation needs someone to open it")
        try await tmux.press(host, "n")
        let opened = try await tmux.wait(host, for: "#1 invite ")
        let code = try #require(opened.firstMatch(of: /invite ([0-9A-Z-]+)/)?.1)
        for guest in names.dropFirst() {
            try await tmux.press(guest, "j")
            try await tmux.type(guest, String(code))
            try await tmux.press(guest, "Enter")
            try await tmux.wait(host, for: "\(guest) joined")
        }
    }

    @Test(.timeLimit(.minutes(3)))
    func twoPeoplePlayBattleshipAndIceCreamInTheirTerminals() async throws {
        try await Tmux.require()
        let parley = try Programs.parley()
        let homes = LiveServer.temporaryDirectory()
        try await LiveServer.with { server in
            let tmux = Tmux()
            defer { tmux.stopNow() }
            for name in ["Amber", "Ben"] {
                // NO_COLOR: the plain screen marks the cursor with brackets, which capture-pane keeps.
                try await tmux.start(name, command: """
                    env NO_COLOR=1 \(parley) play --server wss://127.0.0.1:\(server.port) \
                    --fingerprint \(server.fingerprint) --home \(homes)/\(name) --name \(name); \
                    echo "parley exited with $?"; sleep 60
                    """)
                try await tmux.wait(name, for: "[online]")
            }

            // A resize redraws the screen for the new size, down to 80x24.
            try await tmux.run(["resize-window", "-t", "Amber", "-x", "80", "-y", "24"], reading: false)
            let resized = try await tmux.waitUntil("Amber") { screen in
                screen.split(separator: "\n", omittingEmptySubsequences: false).first?.count == 80
            }
            #expect(resized.split(separator: "\n").first?.hasSuffix("[online]") == true)

            // Amber opens a conversation and shares its invite code; Ben joins with it.
            try await tmux.press("Amber", "n")
            let opened = try await tmux.wait("Amber", for: "#1 invite ")
            let code = try #require(opened.firstMatch(of: /invite ([0-9A-Z-]+)/)?.1)
            try await tmux.press("Ben", "j")
            try await tmux.type("Ben", String(code))
            try await tmux.press("Ben", "Enter")
            try await tmux.wait("Ben", for: "Amber joined")
            try await tmux.wait("Amber", for: "Ben joined")

            // Amber starts the seed game from the drawer and hides her boats at 0 and 4.
            try await tmux.press("Amber", "Enter")
            try await tmux.wait("Amber", for: "Your ships (not placed)")
            for cell in ["0", "4"] {
                try await tmux.type("Amber", cell)
                try await tmux.press("Amber", "Enter")
            }
            try await tmux.wait("Amber", for: "Hide your boats at 0 and 4? Enter sends it")
            try await tmux.press("Amber", "Enter")
            try await tmux.wait("Amber", for: "Not your turn")

            // Ben sees her message, opens it, and finds no ship on his board.
            try await tmux.wait("Ben", for: "Can you find them?")
            try await tmux.press("Ben", "Enter")
            let board = try await tmux.wait("Ben", for: "Find the ships")
            #expect(!board.split(separator: "\n").contains { $0.hasSuffix("0 1 2") && $0.contains("#") })

            // A shot staged and cancelled is not sent; two shots sent sink both boats.
            try await tmux.type("Ben", "4")
            try await tmux.press("Ben", "Enter")
            try await tmux.wait("Ben", for: "Fire at 4? Enter sends it, Esc cancels.")
            try await tmux.press("Ben", "Escape")
            try await tmux.wait("Ben", for: "Enter fires")
            try await tmux.press("Ben", "Enter")
            try await tmux.wait("Ben", for: "Fire at 4?")
            try await tmux.press("Ben", "Enter")
            // The first shot answered (between two players "Your turn" shows before it, too).
            try await tmux.wait("Ben", for: "You fired at 4")
            try await tmux.type("Ben", "0")
            try await tmux.press("Ben", "Enter")
            try await tmux.wait("Ben", for: "Fire at 0?")
            try await tmux.press("Ben", "Enter")
            try await tmux.wait("Ben", for: "*** You won! ***")
            let lost = try await tmux.wait("Amber", for: "*** You lost. ***")
            #expect(lost.contains("Game over: Ben won"))

            // An ice cream: Amber picks the base, Ben the scoops, Amber the topping.
            // Right moves along the drawer from the first press, the transcript's message selected.
            try await tmux.press("Amber", "Escape")
            try await tmux.wait("Amber", for: "Recent ice creams")
            try await tmux.press("Amber", "Right")
            try await tmux.wait("Amber", for: "[classic]")
            try await tmux.press("Amber", "Right")
            try await tmux.wait("Amber", for: "[Ice Cream]")
            try await tmux.press("Amber", "Enter")
            try await tmux.wait("Amber", for: "Select a base:")
            try await tmux.press("Amber", "Down", "Enter")
            try await tmux.wait("Amber", for: "Add sugar cone?")
            try await tmux.press("Amber", "Enter")
            try await tmux.press("Ben", "Escape")
            try await tmux.wait("Ben", for: "Let's build an ice cream")
            try await tmux.press("Ben", "Enter")
            try await tmux.wait("Ben", for: "Add some scoops:")
            try await tmux.press("Ben", "Down", "Down", "Enter")
            try await tmux.wait("Ben", for: "Add strawberry?")
            try await tmux.press("Ben", "Enter")
            try await tmux.wait("Amber", for: "Finish with a topping:")
            try await tmux.press("Amber", "Enter")
            try await tmux.wait("Amber", for: "Add rainbow sprinkles?")
            try await tmux.press("Amber", "Enter")
            try await tmux.wait("Amber", for: "*** The ice cream is ready! ***")
            let done = try await tmux.wait("Ben", for: "*** The ice cream is ready! ***")
            #expect(done.contains("topping: rainbow sprinkles"))
            try await tmux.press("Ben", "Escape")
            try await tmux.wait("Ben", for: "Recent ice creams: sugar cone with strawberry scoops")

            // Ctrl-C leaves the client and gives the terminal back.
            try await tmux.press("Amber", "C-c")
            try await tmux.wait("Amber", for: "parley exited with 0", seconds: 10)
        }
    }

    @Test(.timeLimit(.minutes(2)))
    func clientShowsItIsOfflineAndComesBackByItself() async throws {
        try await Tmux.require()
        let parley = try Programs.parley()
        let data = LiveServer.temporaryDirectory()
        let first = try await ServerHandle.start(dataDirectory: data)
        let (port, fingerprint) = (first.server.port, first.server.fingerprint)
        let tmux = Tmux()
        defer { tmux.stopNow() }
        try await tmux.start("Amber", width: 80, height: 24, command: """
            env NO_COLOR=1 \(parley) play --server wss://127.0.0.1:\(port) --fingerprint \(fingerprint) \
            --home \(LiveServer.temporaryDirectory()) --name Amber; sleep 60
            """)
        try await tmux.wait("Amber", for: "[online]")
        try await tmux.press("Amber", "n")
        try await tmux.wait("Amber", for: "#1 invite ")

        await first.stop()
        try await tmux.wait("Amber", for: "[offline]")
        let second = try await ServerHandle.start(dataDirectory: data, port: port)
        let back = try await tmux.wait("Amber", for: "[online]", seconds: 30)
        #expect(back.contains("#1 invite "), "the conversation is still on screen")
        // Moves work again over the new connection.
        try await tmux.press("Amber", "Enter")
        try await tmux.wait("Amber", for: "Your ships (not placed)")
        await second.stop()
    }

    /// A running client whose server comes back with another certificate gives the screen back
    /// and says so as loudly as a starting client would; it does not sit `[offline]` for ever.
    @Test(.timeLimit(.minutes(2)))
    func aRunningClientStopsLoudlyWhenTheCertificateChanges() async throws {
        try await Tmux.require()
        let parley = try Programs.parley()
        let first = try await ServerHandle.start(dataDirectory: LiveServer.temporaryDirectory())
        let port = first.server.port
        let tmux = Tmux()
        defer { tmux.stopNow() }
        try await tmux.start("Amber", width: 80, height: 24, command: """
            env NO_COLOR=1 \(parley) play --server wss://127.0.0.1:\(port) --trust-new \
            --home \(LiveServer.temporaryDirectory()) --name Amber; echo "parley exited with $?"; sleep 60
            """)
        try await tmux.wait("Amber", for: "[online]")
        await first.stop()
        let other = try await ServerHandle.start(dataDirectory: LiveServer.temporaryDirectory(), port: port)
        let said = try await tmux.wait("Amber", for: "parley exited with 1", seconds: 30)
        #expect(said.contains("THE CERTIFICATE OF 127.0.0.1:\(port) HAS CHANGED"))
        #expect(said.contains("\(other.server.fingerprint)"), "the new certificate is named")
        await other.stop()
    }

    /// A `--fingerprint` that is not the server's: the client stops at once and says both.
    @Test(.timeLimit(.minutes(1)))
    func aWrongFingerprintStopsTheClient() async throws {
        try await Tmux.require()
        let parley = try Programs.parley()
        try await LiveServer.with { server in
            let wrong = String(repeating: "ab", count: 32)
            let tmux = Tmux()
            defer { tmux.stopNow() }
            try await tmux.start("Amber", width: 80, height: 24, command: """
                env NO_COLOR=1 \(parley) play --server wss://127.0.0.1:\(server.port) --fingerprint \(wrong) \
                --home \(LiveServer.temporaryDirectory()); echo "parley exited with $?"; sleep 60
                """)
            let said = try await tmux.wait("Amber", for: "parley exited with 1", seconds: 20)
            #expect(said.contains("not the pinned"), "\(said)")
        }
    }

    /// In a real terminal of 80 columns, the documented least, the hints and the top line are
    /// whole: the list's keys, the conversation's, placing a classic fleet and firing with the
    /// clock running, none cut with "…".
    @Test(.timeLimit(.minutes(2)))
    func atEightyColumnsNothingIsCut() async throws {
        try await Tmux.require()
        let homes = LiveServer.temporaryDirectory()
        try await LiveServer.with { server in
            let tmux = Tmux()
            defer { tmux.stopNow() }
            try await Self.startPlayers(["Amber", "Ben"], in: tmux, server: server, homes: homes)
            var screens = [try await tmux.screen("Amber")]
            try await Self.gather(["Amber", "Ben"], in: tmux)
            screens.append(try await tmux.screen("Amber"))
            try await tmux.press("Amber", "Right", "Enter")
            screens.append(try await tmux.wait("Amber", for: "Carrier, 5 across"))
            try await tmux.press("Amber", "Space")
            try await tmux.wait("Amber", for: "Your fleet is placed.")
            try await tmux.press("Amber", "Enter")
            try await tmux.wait("Ben", for: "placed their ships")
            try await tmux.press("Ben", "Enter", "Space")
            try await tmux.wait("Ben", for: "Your fleet is placed.")
            try await tmux.press("Ben", "Enter")
            screens.append(try await tmux.wait("Amber", for: "Your turn"))
            for screen in screens {
                #expect(!screen.contains("…"), "\(screen)")
            }
        }
    }
}
