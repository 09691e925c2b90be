import GameCatalog
import Bench
import Client
import Foundation
import Server
import ServerTestSupport
import StorageSQLite
import Testing
import Transport

/// The bench's load generator over real sockets, briefly: its bots, run on the event loops
/// (`LoopTable`), play every kind of table against a live server without an error, and its
/// echo baseline echoes.
@Suite(.timeLimit(.minutes(1)))
struct LoadRunTests {
    @Test(arguments: [Duration.zero, .milliseconds(5)])
    func botsOnTheEventLoopsPlayEveryKindOfTableWithoutAnError(think: Duration) async throws {
        let limits = ServerLimits(urlLength: 8192, messagesPerSecond: 10_000, burst: 10_000)
        try await LiveServer.with(limits: limits) { server in
            var run = LoadRun(
                endpoints: [ServerEndpoint(host: server.host, port: server.port, trust: .pinned(server.fingerprint))],
                tables: 6, games: BenchVariant.all(), strategy: "random")
            run.think = think
            let result = await run.run(limit: .moves(300), server: { nil })
            #expect(result.figures.errors == 0, "\(result.figures.firstFailures)")
            #expect(result.figures.accepted >= 300)
            #expect(result.figures.games > 0)
            #expect(result.seated == 12)
            #expect(result.held == 12, "every connection was still open when play stopped")
            #expect(result.figures.latencies.totalCount >= 300)
        }
    }

    /// `parley bench --crash`, briefly: a real `parley serve` killed at the end of the games and
    /// started again on the folder it left, then once more after a clean stop.
    @Test func aCrashRunStartsTheServerAgainOnTheStoreItLeft() async throws {
        let lines = Recorded<[String]>([])
        let run = CrashRun(executable: try Programs.parley(), pairs: 3, games: BenchVariant.all(), strategy: "random",
                           duration: .seconds(2))
        try await run.run { line in lines.update { $0.append(line) } }
        let printed = lines.value
        let accepted = try #require(printed.first { $0.hasPrefix("under load: ") })
        #expect(Int(accepted.dropFirst("under load: ".count).prefix { $0.isNumber }) ?? 0 > 0, "\(accepted)")
        let killed = try #require(printed.first { $0.hasPrefix("killed with: ") })
        #expect(!killed.contains("none"), "the store was there after the kill: \(killed)")
        #expect(printed.contains { $0.hasPrefix("start after the crash: listening in ") }, "\(printed)")
        #expect(printed.contains { $0.hasPrefix("start after a clean stop: listening in ") }, "\(printed)")
    }

    @Test func theEchoBaselineEchoes() async throws {
        let echo = try await BackgroundServer.echo(logger: quietLogger)
        let endpoint = ServerEndpoint(host: echo.server.host, port: echo.server.port, trust: .pinned(echo.server.fingerprint))
        let figures = await EchoRun(endpoint: endpoint, tables: 4).run(limit: .moves(400))
        await echo.stop()
        #expect(figures.errors == 0, "\(figures.firstFailures)")
        #expect(figures.accepted >= 400)
    }

    /// `parley bench --floor`, briefly: a real `parley floor` stores every move it answers, with
    /// one signature for each distinct view of the table's game (two for Battleship's).
    @Test func theFloorStoresEveryMoveItAnswersWithItsSignatures() async throws {
        let floor = try await SpawnedServer.start(executable: try Programs.parley(), command: "floor", settings: [])
        let endpoint = ServerEndpoint(host: floor.server.host, port: floor.server.port, trust: .pinned(floor.server.fingerprint))
        let games = try #require(BenchVariant.list("seed,icecream"))
        let (figures, samples) = await FloorRun(endpoint: endpoint, tables: 4, games: games).run(limit: .moves(400)) {
            ProcessSample.read(pid: floor.pid)
        }
        floor.stop(keepingData: true)
        defer { try? FileManager.default.removeItem(atPath: floor.dataDirectory) }
        #expect(figures.errors == 0, "\(figures.firstFailures)")
        #expect(figures.accepted >= 400)
        #expect(samples.allSatisfy { $0 != nil }, "the floor's CPU is read from its own process")

        let log = try SQLiteEventLog(folder: URL(fileURLWithPath: floor.dataDirectory))
        let records = try await log.records(after: 0, limit: 100_000)
        await log.close()
        #expect(records.count >= figures.accepted, "every move answered was stored first")
        let signatures = records.map { record in
            String(decoding: record.payload, as: UTF8.self).split(separator: " ").dropFirst(3).count
        }
        #expect(Set(signatures) == [1, 2], "seed tables sign two views a move, ice cream tables one")
        #expect(Set(records.map(\.stream)).count == 4, "each table's moves are a stream of their own")
    }
}

/// The bench's tables come from the catalog: every variant of every game that needs two
/// players, named as briefly as the catalog allows.
@Suite struct TableGameTests {
    @Test func theTablesAreTheCatalogsTwoPlayerVariants() throws {
        #expect(BenchVariant.all().prefix(3).map(\.name) == ["seed", "classic", "icecream"])
        #expect(BenchVariant.all().prefix(3).map(\.variant) == ["seed", "classic", "group"])
        #expect(BenchVariant.all().count == GameCatalog.standard.games.reduce(0) { count, game in
            count + game.variants.filter { $0.seats.lowerBound >= 2 }.count
        })
        #expect(BenchVariant.named("battleship")?.variant == "seed", "a game alone is its first variant")
        #expect(BenchVariant.named("battleship:classic")?.name == "classic")
        #expect(BenchVariant.named("icecream:group")?.name == "icecream")
        #expect(BenchVariant.named("icecream:solo") == nil, "one player may build alone: no table plays it")
        #expect(BenchVariant.list("seed, icecream")?.map(\.name) == ["seed", "icecream"])
        #expect(BenchVariant.list("seed,chess") == nil)
        // A strategy a game lacks is its usual one there.
        #expect(try BenchVariant.named("icecream")?.player("hunter").strategy == "random")
        #expect(try BenchVariant.named("classic")?.player("hunter").strategy == "hunter")
        // The floor signs as many views as the game's moves have.
        #expect(BenchVariant.all().map(\.signedViews) == BenchVariant.all().map { $0.game.rawValue == "battleship" ? 2 : 1 })
        #expect(BenchVariant.named("classic")?.signedViews == 2)
        #expect(BenchVariant.named("icecream")?.signedViews == 1)
    }
}

/// Many players seeking at once, over real sockets: 200 players, half seeking a seed game and
/// half a classic one, are all paired within seconds, each once, two players of one pool to a
/// conversation.
@Suite(.timeLimit(.minutes(2)))
struct QueueRunTests {
    @Test func twoHundredPlayersSeekingAtOnceAreAllPairedOnce() async throws {
        try await LiveServer.with { server in
            var run = QueueRun(
                endpoint: ServerEndpoint(host: server.host, port: server.port, trust: .pinned(server.fingerprint)), players: 200,
                pools: [.init(game: "battleship", variant: "seed"), .init(game: "battleship", variant: "classic")])
            run.patience = .seconds(30)
            let result = await run.run()
            #expect(result.failures.isEmpty, "\(result.failures)")
            #expect(result.seeking == 200 && result.paired == 200)
            #expect(result.conversations == 100 && result.wellFormed == 100)
            #expect(result.pairedTwice == 0)
            #expect(result.wait(atFraction: 1) < .seconds(10), "the last waited \(result.wait(atFraction: 1))")
        }
    }
}
