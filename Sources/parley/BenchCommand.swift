import ArgumentParser
import Bench
import Client
import Foundation
import GameCatalog
import Logging
import Play
import Transport
import Wire

/// `parley bench`: bots playing many games at once against a server, with the figures the
/// issue asks for. The logic is in the Bench module; this only reads the flags.
struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Drive a server with pairs of bots and print moves/s, round trips, connections, memory and errors.",
        discussion: """
            parley bench                       # 1000 games, server in-process, 30 s
            parley bench --spawn --baseline    # server as a child; bare echo first
            parley bench --spawn --floor       # and the floor: CPU a move against it
            parley bench --spawn --think 1000  # bots think ~1 s: a fixed load
            parley bench --spawn --idle 10000  # memory per idle connection
            parley bench --startup 10000,100000,1000000  # start-up time over stored moves
            parley bench --crash --pairs 200 --duration 20  # start-up after a SIGKILL under load
            parley bench --spawn --think 250 --state-pages 50  # and 50 clients reading a state page
            parley bench --server wss://localhost:8443 --fingerprint SHA256 \\
                --server-pid PID               # a running server
            """
    )

    @Option(help: "Concurrent games: pairs of bots, two connections each.")
    var pairs = 1000

    @Option(help: ArgumentHelp("How long to play, in seconds (30); with --idle, how long to hold the connections before weighing the server again (35).", valueName: "seconds"))
    var duration: Int?

    @Option(help: ArgumentHelp("Play until this many moves are accepted, instead of for a duration.", valueName: "count"))
    var moves: Int?

    @Option(help: ArgumentHelp(
        "The games the tables play, in turn (all when not given): \(BenchVariant.all().map(\.name).joined(separator: ", ")).",
        valueName: "list"))
    var games: String?

    @Option(help: ArgumentHelp(
        "The bots' strategy, for each game that has one of that name (the others play their usual one).",
        valueName: "name"))
    var strategy = "random"

    @Option(help: ArgumentHelp(
        "Each bot's average pause before a move: a fixed offered load, for round trips below saturation.",
        valueName: "milliseconds"))
    var think = 0

    @Option(help: ArgumentHelp(
        "With several --server nodes: seats puts each table's two bots on two nodes (every move crosses nodes), tables puts both on one (a node hears of the others' games only from the store).",
        valueName: "seats|tables"))
    var split = LoadRun.Split.seats

    @Option(help: ArgumentHelp("Have this many players seek games (of --games) at once instead of playing, and report how long each waited to be paired.", valueName: "count"))
    var queue: Int?

    @Option(help: ArgumentHelp("Hold this many idle authenticated connections instead of playing.", valueName: "count"))
    var idle: Int?

    @Option(help: ArgumentHelp(
        "Instead of playing, time parley serve's start over stores of these many moves (written first, through the engine).",
        valueName: "list"))
    var startup: String?

    @Flag(help: "Instead of playing, kill parley serve (SIGKILL) at the end of the games and time its start on the store it left; then once more after a clean stop.")
    var crash = false

    @Option(name: .customLong("state-pages"), help: ArgumentHelp(
        "While the games run, this many clients fetch the state page of the newest message of a long conversation, written into the server's data folder first.",
        valueName: "clients"))
    var statePages = 0

    @Option(help: ArgumentHelp("With --state-pages, how many messages the long conversation holds.", valueName: "count"))
    var history = 20_000

    @Flag(name: .customLong("state-pages-reconnect"), help: "With --state-pages, a new HTTPS connection for each page rather than one kept per client.")
    var statePagesReconnect = false

    @Option(name: .customLong("state-page-pause"), help: ArgumentHelp("With --state-pages, how long each client waits after a page before the next.", valueName: "milliseconds"))
    var statePagePause = 0

    @Flag(help: "First measure a bare TLS WebSocket echo server with the same client and concurrency.")
    var baseline = false

    @Flag(help: "First measure the floor with the same tables, games and pauses: a server in a child process that stores, signs and relays each move and does nothing else; then compare Parley's CPU a move with it (needs --spawn).")
    var floor = false

    @Flag(help: "Run the server as a child process (parley serve) rather than in this process.")
    var spawn = false

    @Option(name: .customLong("spawn-executable"), help: ArgumentHelp(
        "With --spawn, the parley to run as the server (another build, to compare two builds with the same bench).",
        valueName: "path"))
    var spawnExecutable: String?

    @Option(help: ArgumentHelp(
        "A running server instead, such as wss://localhost:8443; several nodes sharing a store as wss://a:8443,wss://b:8444 (each table's bots on two of them).",
        valueName: "url"))
    var server: String?

    @Option(help: ArgumentHelp("The --server's certificate SHA-256.", valueName: "sha256"))
    var fingerprint: String?

    @Option(name: .customLong("server-pid"), help: ArgumentHelp("The --server's process id (or ids, with commas), to read its memory and CPU.", valueName: "pid"))
    var serverPID: String?

    @Option(help: ArgumentHelp("The in-process server's data folder (default: a new temporary one).", valueName: "path"))
    var data: String?

    func validate() throws {
        if duration != nil, moves != nil { throw ValidationError("Give --duration or --moves, not both.") }
        if server != nil, fingerprint == nil { throw ValidationError("--server needs --fingerprint.") }
        if server != nil, spawn { throw ValidationError("Give --server or --spawn, not both.") }
        if floor, !spawn || idle != nil || queue != nil {
            throw ValidationError("--floor compares CPU a move: give it with --spawn, without --idle or --queue.")
        }
        if spawnExecutable != nil, !spawn, !crash { throw ValidationError("--spawn-executable needs --spawn or --crash.") }
        if let games, BenchVariant.list(games) == nil {
            throw ValidationError("--games \(games): a list of \(BenchVariant.all().map(\.name).joined(separator: ", ")).")
        }
        let strategies = Set(tableGames.flatMap { (try? GameCatalog.standard.game($0.game).strategies) ?? [] })
        if !strategies.contains(strategy) {
            throw ValidationError("--strategy \(strategy): none of these games has it; they have \(strategies.sorted().joined(separator: ", ")).")
        }
        if pairs < 1 { throw ValidationError("--pairs must be at least 1.") }
        if let queue, queue < 2 || idle != nil { throw ValidationError("--queue needs 2 players or more, and no --idle.") }
        if statePages < 0 || history < 2 { throw ValidationError("--state-pages must be 0 or more, --history 2 or more.") }
        if statePages > 0, server != nil || idle != nil {
            throw ValidationError("--state-pages writes the server's data folder: give it without --server or --idle.")
        }
        if crash, server != nil || idle != nil || queue != nil || startup != nil || moves != nil {
            throw ValidationError("--crash starts its own parley serve and plays for --duration: give it without --server, --idle, --queue, --startup or --moves.")
        }
        if let startup, startupSizes(startup) == nil {
            throw ValidationError("--startup \(startup): a comma-separated list of move counts, such as 10000,100000.")
        }
    }

    /// The games asked for, or all.
    private var tableGames: [BenchVariant] {
        games.flatMap { BenchVariant.list($0) } ?? BenchVariant.all()
    }

    private func startupSizes(_ list: String) -> [Int]? {
        let sizes = list.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard !sizes.isEmpty, sizes.allSatisfy({ ($0 ?? 0) > 0 }) else { return nil }
        return sizes.compactMap { $0 }
    }

    func run() async throws {
        if let startup, let sizes = startupSizes(startup) {
            let run = StartupRun(executable: Bundle.main.executablePath ?? CommandLine.arguments[0], sizes: sizes)
            try await run.run { line in ConnectionOptions.write(line + "\n") }
            return
        }
        if crash {
            ConnectionOptions.write("machine: \(Machine.summary())\n")
            let run = CrashRun(executable: spawnExecutable ?? Bundle.main.executablePath ?? CommandLine.arguments[0], pairs: pairs,
                               games: tableGames, strategy: strategy, duration: .seconds(duration ?? 30))
            try await run.run { line in ConnectionOptions.write(line + "\n") }
            return
        }
        var logger = Logger(label: "parley-bench")
        logger.logLevel = .error
        var benchmark = Benchmark(
            placement: try placement(), mode: queue.map { .queue($0) } ?? idle.map { .idle($0, hold: .seconds(duration ?? 35)) } ?? .games(moves.map { .moves($0) } ?? .duration(.seconds(duration ?? 30))),
            pairs: pairs, games: tableGames, strategy: strategy,
            baseline: baseline)
        benchmark.think = .milliseconds(think)
        if floor { benchmark.floor = Bundle.main.executablePath ?? CommandLine.arguments[0] }
        benchmark.split = split
        benchmark.statePages = statePages
        benchmark.history = history
        benchmark.statePagesReconnect = statePagesReconnect
        benchmark.statePagePause = .milliseconds(statePagePause)
        let clean = try await benchmark.run(logger: logger) { line in ConnectionOptions.write(line + "\n") }
        if !clean { throw ExitCode(1) }
    }

    private func placement() throws -> ServerUnderTest.Placement {
        if let server {
            guard let pin = fingerprint.flatMap({ CertificateFingerprint($0) }) else {
                throw ValidationError("--fingerprint \(fingerprint ?? ""): 64 hex digits.")
            }
            let endpoints = try server.split(separator: ",").map { address in
                let (host, port) = try ConnectionOptions.address(of: String(address))
                return ServerEndpoint(host: host, port: port, trust: .pinned(pin))
            }
            let pids = try (serverPID ?? "").split(separator: ",").map { text in
                guard let pid = Int32(text) else { throw ValidationError("--server-pid \(text): a process id.") }
                return pid
            }
            return .remote(endpoints, pids: pids)
        }
        if spawn { return .spawned(executable: spawnExecutable ?? Bundle.main.executablePath ?? CommandLine.arguments[0]) }
        return .inProcess(dataDirectory: data)
    }
}

extension LoadRun.Split: ExpressibleByArgument {}
