import Client
import Foundation
import Logging
import Play
import Server
import ServerTestSupport
import TestSupport
import Testing
import Transport
import Synchronization
import Wire

/// `parley play --lines` as a person or a script would use it: commands in, lines out.
@Suite struct LineModeTests {
    /// The lines one session printed, awaited with a deadline.
    actor Screen {
        private(set) var lines: [String] = []
        func add(_ line: String) { lines.append(line) }

        func wait(for text: String, seconds: Double = 20) async throws -> String {
            do {
                return try await eventually(within: .seconds(seconds), every: .milliseconds(20)) {
                    lines.first(where: { $0.contains(text) })
                }
            } catch is NeverHappened {
                throw LineError("no line with \"\(text)\" in:\n" + lines.joined(separator: "\n"))
            }
        }
    }

    struct Terminal {
        let screen = Screen()
        let input: AsyncStream<String>.Continuation
        let task: Task<Void, Never>

        init(
            _ server: RunningServer, name: String, onTurn: TurnHook? = nil,
            now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }
        ) async {
            let endpoint = ServerEndpoint(host: server.host, port: server.port, trust: .pinned(server.fingerprint))
            let client = ParleyClient(endpoint: endpoint, key: InstallKey(), name: name, logger: Logger(label: name))
            await client.start()
            let (lines, input) = AsyncStream<String>.makeStream()
            let screen = screen
            let session = LineMode(client: client, onTurn: onTurn, now: now) { line in Task { await screen.add(line) } }
            self.input = input
            task = Task {
                await session.run(input: lines)
                await client.stop()
            }
        }

        func type(_ line: String) { input.yield(line) }

        /// Opens a conversation and has `guests` join it with its invite code, in order; each
        /// join is seen here before the next.
        func gather(_ guests: (Terminal, String)...) async throws {
            type("create")
            let created = try await screen.wait(for: " invite ")
            let invite = try #require(created.split(separator: " ").drop { $0 != "invite" }.dropFirst().first)
            for (index, (guest, name)) in guests.enumerated() {
                guest.type("join \(invite)")
                _ = try await screen.wait(for: "#\(index + 2) \(name) joined")
            }
        }
    }

    /// A command that waits for the server (nothing listens yet) does not stop the session
    /// from hearing `quit`; the commands are still carried out in order.
    @Test(.timeLimit(.minutes(2)))
    func quitIsHeardWhileACommandWaitsForTheServer() async throws {
        // A port nothing listens on: the client keeps trying.
        let endpoint = ServerEndpoint(host: "127.0.0.1", port: 1, trust: .pinned(try CertificateFingerprint.typed(String(repeating: "0", count: 64))))
        let client = ParleyClient(endpoint: endpoint, key: InstallKey(), name: "Nobody", logger: Logger(label: "nobody"))
        await client.start()
        let (lines, input) = AsyncStream<String>.makeStream()
        let session = LineMode(client: client) { _ in }
        let started = ContinuousClock.now
        let run = Task { await session.run(input: lines) }
        // In order: the session takes the list first, which waits, and then hears the quit.
        input.yield("list")
        input.yield("quit")
        await run.value
        // The list would wait for ever; on a machine busy with every other test, quit takes a
        // few seconds to be heard (12 s once).
        #expect(ContinuousClock.now - started < .seconds(40), "quit ended the session while list waited")
        await client.stop()
    }

    /// `--on-turn`: the player's command runs when a turn becomes theirs, with the turn in its
    /// environment; not for what arrives while the client catches up, nor for their own moves.
    @Test(.timeLimit(.minutes(1)))
    func aCommandRunsWhenATurnBecomesThePlayers() async throws {
        let folder = LiveServer.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/turns.txt"
        // The client's clock, moved by the test: the catch-up after connecting lasts 3 s of it.
        let clock = Mutex(ContinuousClock.now)
        try await LiveServer.with { server in
            let amber = await Terminal(
                server, name: "Amber", onTurn: TurnHook(command: "echo \"$PARLEY_GAME $PARLEY_NUMBER $PARLEY_TEXT\" >> '\(file)'"),
                now: { clock.withLock { $0 } })
            let ben = await Terminal(server, name: "Ben")
            _ = try await amber.screen.wait(for: "online as ")
            try await ben.gather((amber, "Amber"))
            clock.withLock { $0 = $0 + .seconds(3) }
            ben.type("start 1 battleship seed Ship_Location=0&Ship_Location=4")
            _ = try await amber.screen.wait(for: "#3 battleship Ben placed their ships!")
            let lines = try await eventually(within: .seconds(20), every: .milliseconds(50), { "no line in \(file)" }) {
                (try? String(contentsOfFile: file, encoding: .utf8)).map { $0.split(separator: "\n") }.flatMap { $0.isEmpty ? nil : $0 }
            }
            #expect(lines == ["battleship 1 Your turn: battleship in conversation 1"])
        }
    }

    /// Two strangers seek a seed game and are paired: each is told, the first starts it, and
    /// the other answers, without an invite.
    @Test(.timeLimit(.minutes(1)))
    func twoStrangersSeekASeedGameAndPlayIt() async throws {
        try await LiveServer.with { server in
            let amber = await Terminal(server, name: "Amber")
            let ben = await Terminal(server, name: "Ben")
            amber.type("seek battleship 1d")
            _ = try await amber.screen.wait(for: "seeking battleship, 1 day a move, casual: waiting for another player")
            ben.type("seek battleship 1d")
            let paired = try await ben.screen.wait(for: "#3 paired for battleship (seed), 1 day a move, casual")
            #expect(paired.hasPrefix("[1] ") && paired.hasSuffix("Amber moves first"), "\(paired)")
            _ = try await amber.screen.wait(for: "#3 paired for battleship (seed), 1 day a move, casual — you move first")
            amber.type("start 1 battleship seed Ship_Location=0&Ship_Location=4")
            _ = try await ben.screen.wait(for: "#4 battleship Amber placed their ships! Can you find them?")
            ben.type("fire 1 4 8")
            _ = try await amber.screen.wait(for: "#5 battleship Ben fired at 8")
            ben.type("seek battleship 1d rated")
            _ = try await ben.screen.wait(for: "seeking battleship, 1 day a move, rated")
            ben.type("seek battleship 42")
            _ = try await ben.screen.wait(for: "refused: This server's games have 60, 300, 86400, 259200, 604800 seconds a move")
            ben.type("unseek")
            _ = try await ben.screen.wait(for: "no longer seeking")
            // Casual games rate nobody: the ladder is empty, and says where its page is.
            ben.type("ladder battleship classic")
            _ = try await ben.screen.wait(for: "ladder of battleship (classic): 0 established, 0 provisional")
            _ = try await ben.screen.wait(for: "you: no rated game of this variant yet")
            let page = try await ben.screen.wait(for: "/leaderboard/battleship?variant=classic&you=")
            #expect(page.contains("https://127.0.0.1:\(server.port)/"), "\(page)")
            ben.type("seek icecream group 1d players=3 start=2m")
            _ = try await ben.screen.wait(for: "seeking icecream (group), 1 day a move, casual: waiting for 2 more players, or starting with those present after 120 s")
            ben.type("ladder chess")
            _ = try await ben.screen.wait(for: "This server has no ladder of chess.")
        }
    }

    /// Nobody else online: a player who accepts the house bot plays it at once, and it answers.
    @Test(.timeLimit(.minutes(1)))
    func aStrangerAloneSeeksAndPlaysTheHouseBot() async throws {
        try await LiveServer.with { server in
            let amber = await Terminal(server, name: "Amber")
            amber.type("seek battleship classic 5m rated bot")
            _ = try await amber.screen.wait(for: "seeking battleship (classic), 5 minutes a move, rated: the house bot, unless another player is waiting")
            _ = try await amber.screen.wait(for: "House bot joined (the server's bot)")
            // Rated as sought, on a ladder apart: no ratings beside the names.
            _ = try await amber.screen.wait(for: "#3 paired for battleship (classic), 5 minutes a move, rated — you move first")
            amber.type("start 1 battleship classic Variant=classic&Ship=0-carrier-A1-h&Ship=0-battleship-A2-h&Ship=0-cruiser-A3-h&Ship=0-submarine-A4-h&Ship=0-destroyer-A5-h")
            _ = try await amber.screen.wait(for: "#4 battleship")
            // The bot places its fleet: Amber's turn to fire.
            let answer = try await amber.screen.wait(for: "#5 battleship House bot")
            #expect(answer.contains("your turn"), "\(answer)")
            // She gives up: rated, against the bot.
            amber.type("resign 1 5")
            _ = try await amber.screen.wait(for: "your rating: 1500? → 1338? (-162); House bot's: 1500? → 1662? (+162)")
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func twoPeoplePlayASeedGameInLineMode() async throws {
        try await LiveServer.with { server in
            let amber = await Terminal(server, name: "Amber")
            let ben = await Terminal(server, name: "Ben")
            try await amber.gather((ben, "Ben"))
            amber.type("start 1 battleship seed Ship_Location=0&Ship_Location=4")
            let placed = try await ben.screen.wait(for: "#3 battleship Amber placed their ships! Can you find them?")
            #expect(placed.contains("— your turn (") && !placed.contains("Ship_Location"), "of two, anyone but Amber is Ben: \(placed)")
            ben.type("fire 1 3 8")
            _ = try await ben.screen.wait(for: "#4 battleship You fired at 8: a miss.")
            // Amber answers message 4 once she has it: her screen, not Ben's, says when.
            _ = try await amber.screen.wait(for: "#4 battleship Ben fired at 8")
            amber.type("fire 1 4 2")
            _ = try await amber.screen.wait(for: "refused: You hid the ships, so you may not guess.")
            ben.type("fire 1 4 0")
            _ = try await ben.screen.wait(for: "#5 battleship You fired at 0: a hit!")
            ben.type("fire 1 5 4")
            let end = try await ben.screen.wait(for: "#6 battleship You destroyed all the ships!")
            #expect(end.contains("game over: you won"))
            let seen = try await amber.screen.wait(for: "#6 battleship Ben destroyed all the ships!")
            #expect(seen.contains("game over: Ben won") && seen.contains("Ship_Location=0&Ship_Location=4"))
            ben.type("fire 1 6 1")
            _ = try await ben.screen.wait(for: "refused: This game is over. (game-over)")
            // The finished game again, move by move, from any of its messages.
            ben.type("replay 1 4")
            _ = try await ben.screen.wait(for: "replay of the game of #4: 4 moves")
            _ = try await ben.screen.wait(for: "move 1 of 4: [1] #3 battleship Amber placed their ships!")
            let last = try await ben.screen.wait(for: "move 4 of 4: [1] #6 battleship You destroyed all the ships!")
            #expect(last.contains("signed"), "each message checked against the server's key: \(last)")
            // Exported, the game verifies against the published key.
            let folder = LiveServer.temporaryDirectory()
            let file = folder + "/game.jsonl"
            ben.type("export 1 4 \(file)")
            _ = try await ben.screen.wait(for: "exported the game of #4 to \(file): 4 messages")
            let keyFile = folder + "/parley-key.json"
            try await HTTPS.request("\(server.url)/.well-known/parley-key").body.write(toFile: keyFile, atomically: true, encoding: .utf8)
            let verified = try await Spawn.run(try Programs.parley(), ["verify", "--key", keyFile, file], withErrors: true)
            #expect(verified.status == 0 && verified.output.contains("4 messages of 1 session checked"), "\(verified.output)")
            // And plays back in a terminal, with no server.
            try await Tmux.require()
            let tmux = Tmux()
            defer { tmux.stopNow() }
            try await tmux.start("replay", width: 80, height: 24, command: "NO_COLOR=1 \(try Programs.parley()) replay \(file)")
            _ = try await tmux.wait("replay", for: "Replay: move 1 of 4")
            try await tmux.press("replay", "Right", "Right")
            _ = try await tmux.wait("replay", for: "You fired at 0: a hit!")
            amber.input.finish()
            ben.input.finish()
            await amber.task.value
            await ben.task.value
        }
    }

    /// `say CONV WORDS` chats; what arrives is shown with its control characters neutralised.
    /// Leaving a conversation and joining it again prints its history again: each game message
    /// checked afresh (not flagged as a chain going back), and your own joins as yours.
    @Test(.timeLimit(.minutes(1)))
    func aConversationLeftAndJoinedAgainReadsAsBefore() async throws {
        try await LiveServer.with { server in
            let amber = await Terminal(server, name: "Amber")
            let ben = await Terminal(server, name: "Ben")
            try await amber.gather((ben, "Ben"))
            let created = try await amber.screen.wait(for: " invite ")
            let invite = try #require(created.split(separator: " ").drop { $0 != "invite" }.dropFirst().first)
            amber.type("start 1 battleship seed Ship_Location=0&Ship_Location=4")
            _ = try await ben.screen.wait(for: "#3 battleship Amber placed their ships!")
            ben.type("fire 1 3 0")
            _ = try await ben.screen.wait(for: "#4 battleship You fired at 0: a hit!")
            ben.type("leave 1")
            _ = try await ben.screen.wait(for: "left [1]")
            ben.type("join \(invite)")
            let joined = try await ben.screen.wait(for: "#6 you joined")
            #expect(joined.hasPrefix("[1] "), "\(joined)")
            let lines = await ben.screen.lines
            #expect(!lines.contains { $0.contains("FAILED") || $0.contains("!!!") }, "\(lines.joined(separator: "\n"))")
            #expect(lines.filter { $0 == "[1] #2 you joined" }.count == 2, "\(lines.joined(separator: "\n"))")
            #expect(lines.filter { $0.hasPrefix("[1] #4 battleship You fired at 0: a hit!") && $0.contains("signed") }.count == 2,
                    "\(lines.joined(separator: "\n"))")
        }
    }

    /// `name` is confirmed, and every member reads the new name as it happens.
    @Test(.timeLimit(.minutes(1)))
    func aNewNameReachesEveryMember() async throws {
        try await LiveServer.with { server in
            let amber = await Terminal(server, name: "Amber")
            let ben = await Terminal(server, name: "Ben")
            try await amber.gather((ben, "Ben"))
            ben.type("name Daniel")
            _ = try await ben.screen.wait(for: "name set")
            _ = try await amber.screen.wait(for: "[1] #3 Ben is now called Daniel")
            _ = try await ben.screen.wait(for: "[1] #3 you are now called Daniel")
            amber.type("say 1 hi Daniel")
            _ = try await ben.screen.wait(for: "[1] #4 Amber: hi Daniel")
            ben.type("say 1 hi")
            _ = try await amber.screen.wait(for: "[1] #5 Daniel: hi")
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func membersChatInLineMode() async throws {
        try await LiveServer.with { server in
            let amber = await Terminal(server, name: "Amber")
            let ben = await Terminal(server, name: "Ben")
            try await amber.gather((ben, "Ben"))
            amber.type("say 1 Fancy  a game? \u{1B}[2J")
            let heard = try await ben.screen.wait(for: "#3 Amber: ")
            #expect(heard.hasSuffix("#3 Amber: Fancy  a game? ^[[2J"), "\(heard)")
            _ = try await amber.screen.wait(for: "#3 you: Fancy  a game?")
            amber.type("say 1    ")
            #expect(try await amber.screen.wait(for: "error: ").contains("say takes say CONV WORDS"), "no words, no message")
            for terminal in [amber, ben] { terminal.input.finish() }
            for terminal in [amber, ben] { await terminal.task.value }
        }
    }

    /// `resign CONV SEQ` gives up the game of message SEQ: both players read who resigned and
    /// who won.
    @Test(.timeLimit(.minutes(1)))
    func aPlayerResignsInLineMode() async throws {
        try await LiveServer.with { server in
            let amber = await Terminal(server, name: "Amber")
            let ben = await Terminal(server, name: "Ben")
            try await amber.gather((ben, "Ben"))
            // Friends choose the time a move: a day, where Four in a Row's own is two minutes.
            amber.type("start 1 fourinarow 1d Drop=4")
            let started = try await ben.screen.wait(for: "#3 fourinarow Amber dropped in column 4.")
            #expect(started.contains(", 24:00:00 left") || started.contains(", 23:59:"), "\(started)")
            ben.type("resign 1 3")
            let refused = try await ben.screen.wait(for: "refused: ")
            #expect(refused.contains("You hold no seat in this game") && refused.contains("(not-a-player)"), "\(refused)")
            ben.type("drop 1 3 3")
            _ = try await amber.screen.wait(for: "#4 fourinarow Ben dropped in column 3.")
            amber.type("resign 1 4")
            _ = try await ben.screen.wait(for: "#5 Amber resigned — game over: you won")
            _ = try await amber.screen.wait(for: "#5 you resigned — game over: Ben won")
            for terminal in [amber, ben] { terminal.input.finish() }
            for terminal in [amber, ben] { await terminal.task.value }
        }
    }

    /// A Battleship game given up reveals where the ships were: the winner's client checks it
    /// and says so, and an export of it verifies with the reveal.
    @Test(.timeLimit(.minutes(1)))
    func aBattleshipGameGivenUpRevealsTheShips() async throws {
        try await LiveServer.with { server in
            let amber = await Terminal(server, name: "Amber")
            let ben = await Terminal(server, name: "Ben")
            try await amber.gather((ben, "Ben"))
            amber.type("start 1 battleship seed Ship_Location=0&Ship_Location=4")
            _ = try await ben.screen.wait(for: "#3 battleship Amber placed their ships!")
            ben.type("fire 1 3 8")
            _ = try await amber.screen.wait(for: "#4 battleship Ben fired at 8")
            // Ben names message #4 once his client has it.
            _ = try await ben.screen.wait(for: "#4 battleship You fired at 8")
            ben.type("resign 1 4")
            let revealed = try await amber.screen.wait(for: "#5 Ben resigned")
            #expect(revealed.contains("game over: you won") && revealed.contains("revealed, signed"), "\(revealed)")
            let seen = try await ben.screen.wait(for: "#5 you resigned")
            #expect(seen.contains("revealed, signed") && seen.contains("Ship_Location=0&Ship_Location=4") && seen.contains("Fleet_Seed=0."),
                    "\(seen)")
            let folder = LiveServer.temporaryDirectory()
            let file = folder + "/game.jsonl"
            ben.type("export 1 4 \(file)")
            _ = try await ben.screen.wait(for: "exported the game of #4 to \(file)")
            let keyFile = folder + "/parley-key.json"
            try await HTTPS.request("\(server.url)/.well-known/parley-key").body.write(toFile: keyFile, atomically: true, encoding: .utf8)
            let verified = try await Spawn.run(try Programs.parley(), ["verify", "--key", keyFile, file], withErrors: true)
            #expect(verified.status == 0 && verified.output.contains("3 messages of 1 session checked"), "\(verified.output)")
            #expect(verified.output.contains("message 3 of session"), "the reveal is the session's third message: \(verified.output)")
            for terminal in [amber, ben] { terminal.input.finish() }
            for terminal in [amber, ben] { await terminal.task.value }
        }
    }

    /// Two answers to the same message: the one that lost the race hears who moved first,
    /// in a person's words, not the protocol's event numbers.
    @Test(.timeLimit(.minutes(1)))
    func aLostRaceSaysWhoMovedFirst() async throws {
        try await LiveServer.with { server in
            let amber = await Terminal(server, name: "Amber")
            let ben = await Terminal(server, name: "Ben")
            let chris = await Terminal(server, name: "Chris")
            try await amber.gather((ben, "Ben"), (chris, "Chris"))
            amber.type("start 1 icecream group Base=base02")
            // Each answers message #4 once their own client has it.
            _ = try await chris.screen.wait(for: "#4 icecream")
            _ = try await ben.screen.wait(for: "#4 icecream")
            ben.type("move 1 4 Scoops=scoops01")
            _ = try await ben.screen.wait(for: "#5 icecream You: ")
            chris.type("move 1 4 Scoops=scoops03")
            let refused = try await chris.screen.wait(for: "refused: ")
            #expect(refused.contains("Ben moved first: the game now shows their move (#5)"), "\(refused)")
            #expect(!refused.contains("event"), "\(refused)")
            for terminal in [amber, ben, chris] { terminal.input.finish() }
            for terminal in [amber, ben, chris] { await terminal.task.value }
        }
    }

    /// A game's own verb aimed at another game's message says so, and sends nothing: `fire` at
    /// an ice cream was sent and answered "This game is over."
    @Test(.timeLimit(.minutes(1)))
    func aGamesVerbAtAnotherGamesMessageSaysSo() async throws {
        try await LiveServer.with { server in
            let amber = await LineModeTests.Terminal(server, name: "Amber")
            let ben = await LineModeTests.Terminal(server, name: "Ben")
            try await amber.gather((ben, "Ben"))
            amber.type("start 1 icecream group Base=base02")
            _ = try await ben.screen.wait(for: "#3 icecream")
            ben.type("fire 1 3 B7")
            let said = try await ben.screen.wait(for: "error: ")
            #expect(said.contains("error: Message #3 is not a Battleship game: it is Ice Cream."), "\(said)")
            for terminal in [amber, ben] { terminal.input.finish() }
            for terminal in [amber, ben] { await terminal.task.value }
        }
    }

    @Test func commandsAreReadOrRefusedInWords() throws {
        #expect(try LineCommand.parse("say 1 hello  there ") == .say(conversation: "1", text: "hello  there "))
        #expect(try LineCommand.parse("  say  2  hi") == .say(conversation: "2", text: "hi"))
        #expect(try LineCommand.parse("fire 1 4 b7") == .move(conversation: "1", seq: 4, items: "Shot=B7", game: "battleship"))
        #expect(try LineCommand.parse("add 2 9 scoops03") == .move(conversation: "2", seq: 9, items: "Scoops=scoops03", game: "icecream"))
        #expect(try LineCommand.parse("move 2 9 Scoops=scoops03") == .move(conversation: "2", seq: 9, items: "Scoops=scoops03"))
        #expect(try LineCommand.parse("start 1 icecream solo Base=base01")
                == .start(conversation: "1", game: "icecream", variant: "solo", query: "Base=base01"))
        // A time a move between the game and the query, with or without a variant.
        #expect(try LineCommand.parse("start 1 fourinarow 1d Drop=4")
                == .start(conversation: "1", game: "fourinarow", variant: nil, query: "Drop=4", secondsPerMove: 86_400))
        #expect(try LineCommand.parse("start 2 battleship seed 5m Ship_Location=0")
                == .start(conversation: "2", game: "battleship", variant: "seed", query: "Ship_Location=0", secondsPerMove: 300))
        #expect(throws: LineError("seed is none of what start takes between GAME and QUERY: VARIANT, TIME.")) {
            try LineCommand.parse("start 2 battleship classic seed Ship_Location=0")
        }
        #expect(try LineCommand.parse("join xr37 5p0q e1r3 fpw9 5f5p") == .join(invite: "xr37 5p0q e1r3 fpw9 5f5p"))
        #expect(try LineCommand.parse("   ") == nil)
        #expect(throws: LineError("I don't understand \"fly away\"; type help for the commands.")) {
            try LineCommand.parse("fly away")
        }
        #expect(throws: LineError("x is not a message number.")) { try LineCommand.parse("fire 1 x B7") }
        #expect(throws: LineError("start needs a QUERY, the game's first state: start CONV GAME [VARIANT] [TIME] QUERY, such as start 1 icecream Base=base01.")) {
            try LineCommand.parse("start 1 icecream")
        }
        #expect(throws: LineError("resign takes resign CONV SEQ; type help for the commands.")) { try LineCommand.parse("resign 1") }
        // help lists every form README documents.
        let usage = LineCommand.usage()
        for form in ["sticker CONV SEQ [NAME]", "sticker CONV FILE [NAME]", "fire CONV SEQ CELL", "start CONV GAME [VARIANT] [TIME] QUERY"] {
            #expect(usage.contains(form), "\(usage)")
        }
        #expect(usage.split(separator: "\n").allSatisfy { $0.count <= 80 }, "\(usage)")
        #expect(throws: LineError("sprinkles is not an ice cream part such as base01, scoops03 or topping07.")) {
            try LineCommand.parse("add 1 3 sprinkles")
        }
    }
}
