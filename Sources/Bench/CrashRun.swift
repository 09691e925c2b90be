import Foundation

/// How soon `parley serve` listens again after it was killed under load. The server plays
/// `pairs` games for `duration` and is SIGKILLed the moment the load ends, its write-ahead log as
/// the load left it; it is then started on the same data folder and timed from launch to its
/// "listening" line (SQLite reads the whole log back first). For comparison, it is then stopped
/// cleanly and started once more.
public struct CrashRun: Sendable {
    public var executable: String
    public var pairs: Int
    public var games: [BenchVariant]
    public var strategy: String
    public var duration: Duration

    public init(executable: String, pairs: Int, games: [BenchVariant], strategy: String, duration: Duration) {
        self.executable = executable
        self.pairs = pairs
        self.games = games
        self.strategy = strategy
        self.duration = duration
    }

    /// Throws when the server does not listen again.
    public func run(print: @Sendable (String) -> Void) async throws {
        let folder = BackgroundServer.temporaryFolder("parley-bench-crash")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let settings = ServerUnderTest.raisedLimits
        let loaded = try await SpawnedServer.start(executable: executable, settings: settings, dataDirectory: folder)
        print("crash: parley serve as process \(loaded.pid) in \(folder), \(pairs) pairs of bots for \(duration.components.seconds) s, then SIGKILL")
        let load = LoadRun(endpoints: [ServerUnderTest.endpoint(loaded.server)], tables: pairs, games: games, strategy: strategy)
        let result = await load.run(limit: .duration(duration)) { ProcessSample.read(pid: loaded.pid) }
        loaded.kill()
        print("under load: \(result.figures.accepted) moves accepted, \(BenchReport.format(result.figures.perSecond, 0)) moves/s")
        print("killed with: write-ahead log \(Self.megabytes(folder, "events.sqlite-wal")), database \(Self.megabytes(folder, "events.sqlite"))")

        let launch = ContinuousClock.now
        let restarted = try await SpawnedServer.start(executable: executable, settings: settings, dataDirectory: folder)
        print("start after the crash: listening in \(StartupRun.seconds(ContinuousClock.now - launch))")
        restarted.stop(keepingData: true)
        print("stopped cleanly: write-ahead log \(Self.megabytes(folder, "events.sqlite-wal")), database \(Self.megabytes(folder, "events.sqlite"))")

        let again = ContinuousClock.now
        let clean = try await SpawnedServer.start(executable: executable, settings: settings, dataDirectory: folder)
        print("start after a clean stop: listening in \(StartupRun.seconds(ContinuousClock.now - again))")
        clean.stop()
    }

    static func megabytes(_ folder: String, _ file: String) -> String {
        let path = (folder as NSString).appendingPathComponent(file)
        guard let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size]) as? NSNumber else { return "none" }
        return String(format: "%.1f MB", size.doubleValue / 1_000_000)
    }
}
