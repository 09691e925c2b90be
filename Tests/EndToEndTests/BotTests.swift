import GameCatalog
import Client
import Foundation
import Logging
import Play
import Server
import ServerTestSupport
import TestSupport
import Testing
import Transport
import Wire

/// Bots play whole games against each other through a real server over TLS.
@Suite struct BotTests {
    static func client(_ server: RunningServer, _ name: String) async -> ParleyClient {
        let endpoint = ServerEndpoint(host: server.host, port: server.port, trust: .pinned(server.fingerprint))
        let client = ParleyClient(endpoint: endpoint, key: InstallKey(), name: name, logger: Logger(label: name))
        await client.start()
        return client
    }

    /// Two bots, one opening the game; returns each one's final status and own id.
    static func match(
        _ server: RunningServer, game: String, variant: String?, _ first: String?, _ second: String?, seed: UInt64
    ) async throws -> [GameStatus] {
        let (lines, printed) = AsyncStream<String>.makeStream()
        let opener = BotRunner(client: await client(server, "opener"),
                               player: try BotPlayer(game: game, variant: variant, strategy: first),
                               seed: seed) { printed.yield($0) }
        let joiner = BotRunner(client: await client(server, "joiner"),
                               player: try BotPlayer(game: game, variant: variant, strategy: second),
                               seed: seed + 1) { _ in }
        async let opened = opener.play(invite: nil, opens: true)
        var iterator = lines.makeAsyncIterator()
        guard let line = await iterator.next(), let invite = line.split(separator: " ").last.map(String.init) else {
            throw ConnectionError.closed
        }
        async let joined = joiner.play(invite: invite, opens: false)
        return try await [opened, joined]
    }

    @Test(.timeLimit(.minutes(1)), arguments: [
        ("battleship", "seed", UInt64(1)), ("battleship", "classic", UInt64(2)), ("icecream", "group", UInt64(3)),
    ])
    func twoBotsPlayAWholeGame(game: String, variant: String, seed: UInt64) async throws {
        // The default limits (20 messages a second): bots that move faster wait and send again.
        try await LiveServer.with { server in
            // Each game's own strategies: Battleship's shooters; a random ice cream and a recipe.
            let (first, second) = game == "battleship" ? ("hunter", "random") : (nil, "berry")
            let statuses = try await Self.match(server, game: game, variant: variant, first, second, seed: seed)
            #expect(statuses.count == 2 && statuses.allSatisfy { $0.outcome.finished && $0.turn.kind == .nobody })
            #expect(statuses[0].moves == statuses[1].moves && statuses[0].session == statuses[1].session)
            if game == "battleship" {
                #expect(statuses.allSatisfy { $0.outcome.winners.count == 1 && $0.outcome.losers.count == 1 })
            } else {
                #expect(statuses[0].moves == 3)
            }
        }
    }

    /// Two bots that seek games are paired and play them, one after another, without an invite:
    /// the one the pairing names first starts each.
    @Test(.timeLimit(.minutes(1)))
    func twoBotsSeekGamesAndPlayThemOneAfterAnother() async throws {
        try await LiveServer.with { server in
            let (lines, printed) = AsyncStream<String>.makeStream()
            // Seed games, a few moves each: this suite runs beside every other socket test.
            let first = BotRunner(client: await Self.client(server, "first"),
                                  player: try BotPlayer(game: "battleship", variant: "seed", strategy: "hunter"),
                                  seed: 11) { printed.yield($0) }
            let second = BotRunner(client: await Self.client(server, "second"),
                                   player: try BotPlayer(game: "battleship", variant: "seed", strategy: "random"),
                                   seed: 12) { _ in }
            async let firstGames = first.seek(secondsPerMove: 300, rated: false, games: 2)
            async let secondGames = second.seek(secondsPerMove: 300, rated: false, games: 2)
            let (mine, theirs) = try await (firstGames, secondGames)
            printed.finish()
            #expect(mine.count == 2 && theirs.count == 2)
            #expect(zip(mine, theirs).allSatisfy { $0.session == $1.session && $0.moves == $1.moves && $0.outcome.finished })
            #expect(Set(mine.map(\.session)).count == 2, "two games, not one twice")
            var said: [String] = []
            for await line in lines { said.append(line) }
            #expect(said.filter { $0.hasPrefix("paired in conversation ") }.count == 2)
            #expect(said.filter { $0.hasPrefix("game over after ") }.count == 2, "\(said)")
        }
    }

    /// A bot given the invite to watch says so and leaves: it cannot play as a spectator.
    @Test(.timeLimit(.minutes(1)))
    func aBotGivenAnInviteToWatchSaysSoAndLeaves() async throws {
        try await LiveServer.with { server in
            let amber = try await Player.connect(to: server, name: "Amber")
            let created = try #require(try await amber.request(.create(.init(id: "c"))).conversationSummary)
            let bot = BotRunner(client: await Self.client(server, "bot"),
                                player: try BotPlayer(game: "battleship", variant: "seed", strategy: nil), seed: 5) { _ in }
            await #expect(throws: LineError("That code is an invite to watch: a bot plays, so it needs the conversation's invite to play.")) {
                _ = try await bot.play(invite: try #require(created.watchInvite), opens: false)
            }
            _ = try await amber.next { $0.event?.kind == .left }
            let listed = try await amber.request(.list(.init(id: "l")))
            #expect(listed.conversationList?.first?.members.count == 1)
        }
    }

    /// A bot stays for rematches: it plays each new game someone starts in its conversation,
    /// says how each ended, and leaves off once everyone else has left.
    @Test(.timeLimit(.minutes(1)))
    func aBotPlaysTheRematchesOthersStart() async throws {
        try await LiveServer.with { server in
            let amber = try await Player.connect(to: server, name: "Amber")
            let created = try #require(try await amber.request(.create(.init(id: "c"))).conversationSummary)
            let conversation = created.conversation
            let (lines, printed) = AsyncStream<String>.makeStream()
            let bot = BotRunner(client: await Self.client(server, "bot"),
                                player: try BotPlayer(game: "battleship", variant: "seed", strategy: nil), seed: 5) { printed.yield($0) }
            async let played = bot.play(invite: created.invite, opens: false, rematches: true)
            var said = lines.makeAsyncIterator()
            _ = try await amber.next { $0.event?.kind == .joined && $0.event?.seq == 2 }
            var sessions: [String] = []
            for game in 1...2 {
                // Amber hides her boats: a new game, the first one and then a rematch.
                let sent = try await amber.request(.send(.init(
                    id: "hide\(game)", conversation: conversation, game: "battleship", variant: "seed",
                    url: "?Ship_Location=0&Ship_Location=4")))
                sessions.append(try #require(sent.acceptedSession, "\(sent)"))
                var line = await said.next()
                while let next = line, !next.hasPrefix("game over") { line = await said.next() }
                #expect(line?.hasPrefix("game over after ") == true && (line?.hasSuffix(" won") ?? false), "\(line ?? "nothing")")
            }
            _ = try await amber.request(.leave(.init(id: "l", conversation: conversation)))
            let last = try await played
            #expect(last.session == sessions[1] && last.outcome.finished, "the rematch, played to its end")
            printed.finish()
        }
    }

    @Test func unknownGamesAndStrategiesAreRefusedInWords() throws {
        let games = GameCatalog.standard.ids.map(\.rawValue).joined(separator: ", ")
        // Said of this client, not of a server, which may host games this client does not know.
        #expect(throws: LineError("This client knows \(games), not chess: its bots play the games built into it.")) {
            try BotPlayer(game: "chess", variant: nil, strategy: "hunter")
        }
        #expect(throws: LineError("Nim has no bots."), "a client built with Nim knows it") {
            try BotPlayer(game: "nim", variant: nil, catalog: NimGame.catalog)
        }
        #expect(throws: LineError("Ice Cream has no strategy gravel; its bots play random, classic, berry, mocha.")) {
            try BotPlayer(game: "icecream", variant: nil, strategy: "gravel")
        }
        #expect(throws: LineError.self) { try BotPlayer(game: "icecream", variant: nil, strategy: "hunter") }
        #expect(throws: LineError.self) { try BotPlayer(game: "battleship", variant: "huge", strategy: nil) }
        #expect(try BotPlayer(game: "battleship", variant: nil).strategy == "hunter", "the game's usual strategy")
        #expect(try BotPlayer(game: "icecream", variant: "solo").strategy == "random")
    }
}
