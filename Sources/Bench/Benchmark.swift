import Logging
import Play

/// `parley bench` as a value: where the server is, how many tables of which games, and for
/// how long. `run` starts what it needs, drives it, prints the figures and stops it again.
public struct Benchmark: Sendable {
    public enum Mode: Sendable {
        /// Bots playing games back to back until the limit.
        case games(LoadMeter.Limit)
        /// This many authenticated connections, holding still.
        /// Hold this many connections, then weigh the server again after `hold`.
        case idle(Int, hold: Duration = IdleRun.defaultSettle)
        /// This many players seeking games of `games` at once, each until paired.
        case queue(Int)
    }

    public var placement: ServerUnderTest.Placement
    public var mode: Mode
    public var pairs: Int
    public var games: [BenchVariant]
    public var strategy: String
    /// Each bot's average pause before a move.
    public var think: Duration = .zero
    /// With several nodes, whether each table's bots are on two nodes or one.
    public var split = LoadRun.Split.seats
    /// Also measure a bare TLS WebSocket echo with the same client and concurrency.
    public var baseline: Bool
    /// Also measure the floor (`FloorServer`, in a child process of `executable`) with as many
    /// tables, the same games' signatures and the same pauses, and compare Parley's CPU a move
    /// with its.
    public var floor: String?
    /// Clients fetching the state page of the newest message of a conversation of
    /// `history` messages, written into the server's data folder first, while the games run.
    public var statePages = 0
    public var history = 20_000
    /// Whether each state page is read on a new connection rather than on one kept.
    public var statePagesReconnect = false
    /// How long each reader of state pages waits after a page before the next.
    public var statePagePause: Duration = .zero

    public init(
        placement: ServerUnderTest.Placement, mode: Mode, pairs: Int, games: [BenchVariant], strategy: String,
        baseline: Bool
    ) {
        self.placement = placement
        self.mode = mode
        self.pairs = pairs
        self.games = games
        self.strategy = strategy
        self.baseline = baseline
    }

    /// Runs the benchmark, printing as it goes; returns whether it saw no error.
    public func run(logger: Logger, print: @Sendable (String) -> Void) async throws -> Bool {
        print("machine: \(Machine.summary())")
        var echo: LoadFigures?
        if baseline, case let .games(limit) = mode {
            print("echo baseline: \(pairs * 2) connections, one message in flight per pair")
            let server = try await BackgroundServer.echo(logger: logger)
            let figures = await EchoRun(endpoint: ServerUnderTest.endpoint(server.server), tables: pairs)
                .run(limit: limit)
            await server.stop()
            BenchReport.echo(figures, pairs: pairs).forEach(print)
            echo = figures
        }
        var floorCPU: Double?
        if let executable = floor, case let .games(limit) = mode {
            print("floor: \(pairs) tables storing, signing and relaying each move (parley floor as a child process)")
            let server = try await SpawnedServer.start(executable: executable, command: "floor", settings: [])
            var run = FloorRun(endpoint: ServerUnderTest.endpoint(server.server), tables: pairs, games: games)
            run.think = think
            let (figures, samples) = await run.run(limit: limit) { ProcessSample.read(pid: server.pid) }
            server.stop()
            let (lines, perMove) = BenchReport.floor(figures, samples: samples)
            lines.forEach(print)
            floorCPU = perMove
        }
        var page: String?
        var dataDirectory: String?
        if statePages > 0, case .games = mode {
            let folder = BackgroundServer.temporaryFolder("parley-bench-server")
            let began = ContinuousClock.now
            page = try await LongConversation(messages: history).write(into: folder)
            dataDirectory = folder
            print("history: one conversation of \(history) signed messages written in \(ContinuousClock.now - began)")
        }
        let server = try await ServerUnderTest.start(placement, dataDirectory: dataDirectory, logger: logger)
        print("server: \(server.description)")
        defer { print("load average after: \(Machine.loadAverage())") }
        switch mode {
        case let .games(limit):
            print("games: \(pairs) pairs of bots (\(pairs * 2) connections) playing \(games.map(\.name).joined(separator: ", "))"
                + " with the \(strategy) strategy where a game has it, " + Self.describe(limit)
                + (think > .zero ? ", each thinking \(think) on average before a move" : "")
                + (server.endpoints.count > 1 ? (split == .seats ? "; each table's bots on two nodes" : "; each table's bots on one node") : ""))
            var run = LoadRun(endpoints: server.endpoints, tables: pairs, games: games, strategy: strategy)
            run.think = think
            run.split = split
            let stop = StatePageRun.Stop()
            let pages = page.map { path in
                print("state pages: \(statePages) clients fetching \(path.prefix(60))…, "
                    + (statePagesReconnect ? "a new HTTPS connection a page" : "each on a connection it keeps")
                    + (statePagePause > .zero ? ", pausing \(statePagePause) after each" : ", one after another"))
                var pages = StatePageRun(
                    endpoint: server.endpoint, clients: statePages, path: path, expected: "chain intact", reconnecting: statePagesReconnect)
                pages.pause = statePagePause
                return Task { await pages.run(until: stop) }
            }
            let result = await run.run(limit: limit) { server.sample() }
            stop.set()
            let pageFigures = await pages?.value
            await server.stop()
            BenchReport.load(result, pairs: pairs, inThisProcess: server.inThisProcess).forEach(print)
            if let pageFigures { BenchReport.pages(pageFigures, clients: statePages, history: history).forEach(print) }
            if let floorCPU, let perMove = BenchReport.cpuPerMove(result) {
                print("Parley to floor: \(BenchReport.format(perMove * 1_000_000, 0)) µs of server CPU a move against the floor's"
                    + " \(BenchReport.format(floorCPU * 1_000_000, 0)) = \(BenchReport.format(perMove / floorCPU, 2)) times the floor")
            }
            if let echo, echo.perSecond > 0 {
                print("Parley to echo: \(BenchReport.format(result.figures.perSecond / echo.perSecond * 100, 0))%"
                    + " (\(BenchReport.format(result.figures.perSecond, 0)) moves/s against \(BenchReport.format(echo.perSecond, 0)) echoes/s)")
            }
            return result.figures.errors == 0 && (echo?.errors ?? 0) == 0 && result.held == pairs * 2 && (pageFigures?.errors ?? 0) == 0
        case let .idle(count, hold):
            print("idle: \(count) connections that authenticate and wait")
            var run = IdleRun(endpoint: server.endpoint, connections: count)
            run.settle = hold
            let result = await run.run(logger: logger) { server.sample() }
            await server.stop()
            BenchReport.idle(result, asked: count, inThisProcess: server.inThisProcess).forEach(print)
            return result.held == count
        case let .queue(count):
            let pools = games.map { QueueRun.Pool(game: $0.game.rawValue, variant: $0.variant) }
            print("queue: \(count) players seeking \(games.map(\.name).joined(separator: ", ")) at once, casual, 5 minutes a move")
            let result = await QueueRun(endpoint: server.endpoint, players: count, pools: pools).run()
            await server.stop()
            BenchReport.queue(result, asked: count).forEach(print)
            return result.failures.isEmpty && result.pairedTwice == 0 && result.wellFormed == result.conversations
        }
    }

    static func describe(_ limit: LoadMeter.Limit) -> String {
        switch limit {
        case let .duration(duration): "for \(duration.components.seconds) s"
        case let .moves(moves): "until \(moves) moves are accepted"
        }
    }
}
