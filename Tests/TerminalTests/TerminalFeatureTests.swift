import Foundation
import Server
import ServerTestSupport
import TestSupport
import Testing
import Transport

/// What players expect of the full-screen client (issue "What players expect"), through real
/// keys in real terminals (tmux) against a real server: chat, clocks, resigning and rematches,
/// frames, placement, captions, races and an operator's end, and line mode.
@Suite struct TerminalFeatureTests {
    /// What players expect, through real keys in real terminals: chat both ways, a turn clock
    /// running down, resigning, the rematch the other player starts, and a board laid out for a
    /// small window.
    @Test(.timeLimit(.minutes(3)))
    func chatClocksResignAndRematchInTheirTerminals() async throws {
        try await Tmux.require()
        let homes = LiveServer.temporaryDirectory()
        try await LiveServer.with(turnTimeouts: ["fourinarow": .seconds(90)]) { server in
            let tmux = Tmux()
            defer { tmux.stopNow() }
            try await TerminalClientTests.startPlayers(["Amber", "Ben"], in: tmux, server: server, homes: homes)
            try await TerminalClientTests.gather(["Amber", "Ben"], in: tmux)

            // Chat: typed on the conversation's screen, sent with Enter.
            try await tmux.type("Amber", "Fancy a game?")
            try await tmux.wait("Amber", for: "> Chat: Fancy a game?")
            try await tmux.press("Amber", "Enter")
            try await tmux.wait("Ben", for: "  Fancy a game?")
            try await tmux.type("Ben", "Sure")
            try await tmux.press("Ben", "Enter")
            try await tmux.wait("Amber", for: "  Sure")

            // Four in a Row, the drawer's last game; Ben's clock runs on his top line.
            try await tmux.press("Amber", "Right", "Right", "Right", "Enter", "Enter", "Enter")
            try await tmux.wait("Ben", for: "Amber dropped in column 4.")
            try await tmux.press("Ben", "Enter")
            let clock = try await tmux.wait("Ben", for: " left ")
            #expect(clock.contains("Drop a disc · 1:"), "\(clock)")
            try await tmux.press("Ben", "Enter", "Enter")
            try await tmux.wait("Amber", for: "Your turn: Drop a disc")

            // Ben resigns, asked first; both read the end; Amber went first, so Ben starts the rematch.
            // Once his own screen shows his drop taken: a key pressed before lands on the one before.
            try await tmux.wait("Ben", for: "Waiting for Amber")
            try await tmux.press("Ben", "C-r")
            try await tmux.wait("Ben", for: "Resign this game? Enter resigns, Esc cancels.")
            try await tmux.press("Ben", "Enter")
            try await tmux.wait("Ben", for: "*** You resigned. ***")
            try await tmux.wait("Amber", for: "*** Ben resigned: you won! ***")
            try await tmux.press("Ben", "m")
            try await tmux.wait("Ben", for: "Red (X) to drop")
            try await tmux.press("Ben", "Enter", "Enter")
            try await tmux.press("Amber", "Escape")
            try await tmux.wait("Amber", for: "Ben dropped in column 4.")

            // A small window: Battleship's classic boards are laid out for it, never cut off.
            // The drawer is on Four in a Row, the game just played, and stops at the ends: Left twice to classic.
            try await tmux.press("Amber", "Left", "Left", "Enter")
            try await tmux.wait("Amber", for: "Carrier, 5 across")
            try await tmux.run(["resize-window", "-t", "Amber", "-x", "60", "-y", "16"], reading: false)
            // Redrawn for the new size: the top line is the header again, 60 columns wide.
            let small = try await tmux.waitUntil("Amber") { screen in
                let top = screen.split(separator: "\n", omittingEmptySubsequences: false).first ?? ""
                return top.count == 60 && top.hasPrefix("Battleship (classic)")
            }
            #expect(small.contains("10  .  .  .  .  .  .  .  .  .  ."), "the last row is on screen: \(small)")
            #expect(small.contains("Your fleet (not placed)"), "\(small)")
        }
    }

    /// A UTF-8 terminal gets box drawing, another ASCII; what is framed is the same.
    @Test(.timeLimit(.minutes(1)))
    func framesFollowTheLocale() async throws {
        try await Tmux.require()
        let parley = try Programs.parley()
        let homes = LiveServer.temporaryDirectory()
        try await LiveServer.with { server in
            let tmux = Tmux()
            defer { tmux.stopNow() }
            for (name, locale) in [("Unicode", "C.UTF-8"), ("Ascii", "C")] {
                try await tmux.start(name, width: 80, height: 24, command: """
                    env NO_COLOR=1 LC_ALL=\(locale) \(parley) play --server wss://127.0.0.1:\(server.port) \
                    --fingerprint \(server.fingerprint) --home \(homes)/\(name) --name \(name); sleep 60
                    """)
                try await tmux.wait(name, for: "[online]")
                try await tmux.press(name, "n")
                try await tmux.wait(name, for: "#1 invite ")
                // Four in a Row, the drawer's last game: one disc, then back to the transcript.
                try await tmux.press(name, "Right", "Right", "Right", "Enter", "Enter", "Enter")
                try await tmux.wait(name, for: "Anyone but you")
                try await tmux.press(name, "Escape")
                try await tmux.waitUntil(name) { $0.contains("Start: ") && $0.contains("You dropped in column 4.") }
            }
            let unicode = try await tmux.screen("Unicode")
            // Back from the game, its message is selected: the double frame of a selection.
            #expect(unicode.contains("╔══") && unicode.contains("║  .  .  .") && unicode.contains("────────"), "\(unicode)")
            let ascii = try await tmux.screen("Ascii")
            #expect(ascii.contains(".====") && ascii.contains("|  .  .  .") && ascii.contains("--------"), "\(ascii)")
            #expect(!ascii.contains("─") && !ascii.contains("║"))
        }
    }

    /// A classic game as a newcomer meets it: the next ship's ghost under the cursor, Space for
    /// a random fleet, captions in each player's own words, the score under the boards, the
    /// list's mark where it is your turn, newer messages announced below a selection, and each
    /// message marked as checked.
    @Test(.timeLimit(.minutes(2)))
    func aClassicGameReadsAsAPersonWouldWriteIt() async throws {
        try await Tmux.require()
        let homes = LiveServer.temporaryDirectory()
        try await LiveServer.with { server in
            let tmux = Tmux()
            defer { tmux.stopNow() }
            try await TerminalClientTests.startPlayers(["Amber", "Ben"], in: tmux, server: server, homes: homes, environment: "NO_COLOR=1 LC_ALL=C")
            try await TerminalClientTests.gather(["Amber", "Ben"], in: tmux)

            // Amber places the carrier by hand over its ghost, the rest with Space.
            try await tmux.press("Amber", "Right", "Enter")
            try await tmux.type("Amber", "C3")
            try await tmux.wait("Amber", for: " 3  .  . [+] +  +  +  +  .  .  .")
            try await tmux.press("Amber", "Enter")
            try await tmux.type("Amber", " ")
            try await tmux.wait("Amber", for: "Your fleet is placed. Enter sends it, Esc cancels.")
            try await tmux.press("Amber", "Enter")
            try await tmux.wait("Amber", for: "You placed your ships first.")

            // Ben's list marks the conversation where it is his turn.
            try await tmux.press("Ben", "Escape")
            try await tmux.wait("Ben", for: "> 1. * [you, Amber]")
            try await tmux.press("Ben", "Enter")
            try await tmux.wait("Ben", for: "Amber placed their ships! Place yours, then find theirs.")
            try await tmux.press("Ben", "Enter")
            try await tmux.wait("Ben", for: "Carrier, 5 across")
            try await tmux.type("Ben", " ")
            try await tmux.press("Ben", "Enter")
            try await tmux.wait("Ben", for: "You placed your ships too. Fire away!")

            // Amber fires; each reads the shot in their own words, the score under the boards.
            try await tmux.wait("Amber", for: "Your turn")
            try await tmux.type("Amber", "J10")
            try await tmux.press("Amber", "Enter", "Enter")
            let amber = try await tmux.wait("Amber", for: "You fired at J10")
            #expect(amber.contains("Afloat: your ships 5 of 5, theirs 5 of 5"), "\(amber)")
            try await tmux.wait("Ben", for: "Amber fired at J10")

            // Ben looks back at Amber's placement: the newer messages wait below, announced, each
            // checked by his client against the server's key and commitments.
            try await tmux.press("Ben", "Escape")
            try await tmux.wait("Ben", for: "Start: ")
            try await tmux.press("Ben", "Up", "Up", "Up")
            // The mark comes once the check is done, which may be after the screen first shows
            // the selection.
            let back = try await tmux.wait("Ben", for: "Amber placed their ships  signed")
            #expect(back.contains("newer message"), "\(back)")
            #expect(!back.contains("FAILED"), "\(back)")
        }
    }

    /// Refusals and ends read as a person would say them, in real terminals: a lost race says
    /// who moved first, the next key clears the error line, and a game the operator ends reads
    /// as over at once, its keys staging nothing.
    @Test(.timeLimit(.minutes(2)))
    func racesErrorsAndOperatorsEndsInTheirTerminals() async throws {
        try await Tmux.require()
        let parley = try Programs.parley()
        let homes = LiveServer.temporaryDirectory()
        let data = LiveServer.temporaryDirectory()
        try await LiveServer.with(dataDirectory: data, configure: { $0.adminToken = LiveServer.adminToken }) { server in
            let tmux = Tmux()
            defer { tmux.stopNow() }
            let players = ["Amber", "Ben", "Chris"]
            try await TerminalClientTests.startPlayers(players, in: tmux, server: server, homes: homes)
            try await TerminalClientTests.gather(players, in: tmux)
            try await tmux.wait("Ben", for: "Chris joined")
            try await tmux.wait("Chris", for: "You joined")

            // Amber starts an ice cream; Ben and Chris both stage scoops on her base.
            try await tmux.press("Amber", "Right", "Right", "Enter", "Enter", "Enter")
            for name in ["Ben", "Chris"] { try await tmux.wait(name, for: "Let's build an ice cream") }
            try await tmux.press("Ben", "Enter", "Enter")
            try await tmux.wait("Ben", for: "Enter sends it")
            try await tmux.press("Chris", "Enter", "Down", "Enter")
            try await tmux.wait("Chris", for: "Enter sends it")
            try await tmux.press("Ben", "Enter")
            try await tmux.wait("Chris", for: "Anyone but Ben")
            try await tmux.press("Chris", "Enter")
            let race = try await tmux.wait("Chris", for: "! Ben moved first: the game now shows their move.")
            #expect(!race.contains("event"), "\(race)")
            // The next key answers the error line.
            try await tmux.press("Chris", "Down")
            try await tmux.waitUntil("Chris") { !$0.contains("! Ben moved first") }

            // The operator ends the ice cream: Chris's screen reads it as over, its keys inert.
            let ended = try await Spawn.run(parley, [
                "admin", "games", "--server", "https://127.0.0.1:\(server.port)", "--token", LiveServer.adminToken,
                "--ca", data + "/tls/certificate.pem",
            ])
            let session = try #require(ended.output.split(separator: "\n").first { $0.contains("icecream") }?
                .split(separator: " ").first.map(String.init), "\(ended.output)")
            let end = try await Spawn.run(parley, [
                "admin", "end", session, "--server", "https://127.0.0.1:\(server.port)", "--token", LiveServer.adminToken,
                "--ca", data + "/tls/certificate.pem",
            ])
            #expect(end.status == 0, "\(end.output)")
            let over = try await tmux.wait("Chris", for: "*** Game over ***")
            #expect(over.contains("Game over"), "\(over)")
            try await tmux.press("Chris", "Enter")
            let after = try await tmux.screen("Chris")
            #expect(!after.contains("Enter sends it"), "a finished game stages nothing: \(after)")
        }
    }

    /// Line mode in a real terminal: `list` before any connection waits, and `quit` is heard.
    @Test(.timeLimit(.minutes(1)))
    func lineModeHearsQuitWhileAListWaits() async throws {
        try await Tmux.require()
        let parley = try Programs.parley()
        let tmux = Tmux()
        defer { tmux.stopNow() }
        // A port nothing listens on, pinned so that nothing is asked.
        try await tmux.start("Lines", command: """
            \(parley) play --lines --server wss://127.0.0.1:1 --fingerprint \(String(repeating: "ab", count: 32)) \
            --home \(LiveServer.temporaryDirectory()); echo "parley exited with $?"; sleep 30
            """)
        try await tmux.type("Lines", "list")
        try await tmux.press("Lines", "Enter")
        try await tmux.type("Lines", "quit")
        try await tmux.press("Lines", "Enter")
        try await tmux.wait("Lines", for: "parley exited with", seconds: 30)
    }
}
