import Client
import Foundation
import GameCatalog
import GameRules
import GuessTheNumber
import Logging
import Play
import Server
import Testing

@Suite struct GuessTheNumberTests {
    let game = try! GuessTheNumberGame(variant: "hundred")

    @Test func theGuesserNeverSeesTheNumberWhileTheGameGoesOn() throws {
        var match = Match(game: game)
        var chosen = game.initialState
        chosen.secret = 42
        _ = try match.propose(chosen, by: Seat(0), mover: "$A")
        let shown = game.encode(game.view(of: match.state, for: Seat(1)))
        #expect(QueryString.format(shown) == "?Secret=hidden")
        var guess = try game.decode(shown)
        guess.guesses.append(Guess(number: 50, answer: nil))
        _ = try match.propose(guess, by: Seat(1), mover: "$B")
        #expect(QueryString.format(game.encode(game.view(of: match.state, for: Seat(1)))) == "?Secret=hidden&Guess=50-lower")
        #expect(QueryString.format(game.encode(match.state)) == "?Secret=42&Guess=50-lower")
    }

    /// The game served by Parley's own server, found through a catalog of this package's: two
    /// bots play it over a real TLS socket, the guesser halving.
    @Test(.timeLimit(.minutes(1))) func twoBotsPlayItOverARealSocket() async throws {
        let catalog = GameCatalog(GameCatalog.standard.games + [GuessTheNumberGame.self])
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("guess-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let logger = {
            var logger = Logger(label: "guess-test")
            logger.logLevel = .warning
            return logger
        }()
        let configuration = ServerConfiguration(host: "127.0.0.1", port: 0, dataDirectory: folder, catalog: catalog)
        #expect(configuration.turnTimeouts["guessthenumber"] == .seconds(60), "the game's own timeout")
        let statuses = try await withParleyServer(configuration: configuration, logger: logger) { server in
            let endpoint = ServerEndpoint(host: server.host, port: server.port, trust: .pinned(server.fingerprint))
            func client(_ name: String) async -> ParleyClient {
                let client = ParleyClient(endpoint: endpoint, key: InstallKey(), name: name, logger: logger)
                await client.start()
                return client
            }
            let (lines, printed) = AsyncStream<String>.makeStream()
            let chooser = BotRunner(
                client: await client("Chooser"), player: try BotPlayer(game: "guessthenumber", variant: nil, catalog: catalog),
                seed: 7) { printed.yield($0) }
            let guesser = BotRunner(
                client: await client("Guesser"),
                player: try BotPlayer(game: "guessthenumber", variant: nil, strategy: "halving", catalog: catalog), seed: 8) { _ in }
            async let opened = chooser.play(invite: nil, opens: true)
            var iterator = lines.makeAsyncIterator()
            let line = try #require(await iterator.next())
            let invite = try #require(line.split(separator: " ").last.map(String.init))
            async let joined = guesser.play(invite: invite, opens: false)
            return try await [opened, joined]
        }
        #expect(statuses.count == 2 && statuses.allSatisfy { $0.outcome.finished })
        #expect(statuses[0].game == "guessthenumber" && statuses[0].moves >= 2 && statuses[0].moves <= 8)
        #expect(statuses[1].outcome.winners.count == 1, "halving finds any number in seven guesses: \(statuses[1])")
    }

    /// `guess-server` reads `parley serve`'s flags, knows its game's own setting, and says
    /// what is wrong with a bad one as `parley serve` does, with no backtrace.
    @Test(.timeLimit(.minutes(1))) func theServerSaysWhatIsWrongWithASetting() throws {
        let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let server = try #require(
            [folder, folder.deletingLastPathComponent()].map { $0.appendingPathComponent("guess-server").path }
                .first { FileManager.default.isExecutableFile(atPath: $0) },
            "guess-server is not built beside \(folder.path)")
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("guess-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: data) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: server)
        process.arguments = ["--port", "0", "--data", data, "--set", "timeouts.guessthenumber=30", "--set", "admin.token=short"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(said.hasPrefix("Error: admin.token: must be at least 16 characters"), "\(said)")
        #expect(!said.contains("Fatal error"), "\(said)")
    }
}
