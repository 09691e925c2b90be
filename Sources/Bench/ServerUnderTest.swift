import Client
import Logging
import Server
import Transport

/// The server a benchmark drives, wherever it runs, with what the report must say about it.
public struct ServerUnderTest: Sendable {
    public enum Placement: Sendable {
        /// Started in this process with `buildParleyServer`, in a new data folder unless one is given.
        case inProcess(dataDirectory: String?)
        /// `parley serve` started as a child process by this executable.
        case spawned(executable: String)
        /// Already running somewhere: one server, or several nodes sharing a store (each table's
        /// bots on two of them); `pids` (on this machine) let the bench read their memory and CPU.
        case remote([ServerEndpoint], pids: [Int32])
    }

    /// Where the bots connect: the first, or, with several nodes, each table's opener to one and
    /// its joiner to the next.
    public let endpoints: [ServerEndpoint]
    public var endpoint: ServerEndpoint { endpoints[0] }
    /// Whose memory and CPU are the server's: `nil` for this process, else that pid (the first of `pids`).
    public var pid: Int32? { pids.first }
    let pids: [Int32]
    public let inThisProcess: Bool
    public let description: String
    private let stopper: @Sendable () async -> Void

    /// Generous enough that no bot is ever refused for its rate: a bench measures the server,
    /// not its flood protection (20 a second with bursts of 40 by default). And a longer state
    /// URL: a classic game between two random shooters runs to about 190 shots, some 2,600
    /// characters, past the default 2,048.
    /// Every bot connects from this machine's address, past the default 256 connections per
    /// address.
    public static let raisedLimits = [
        "limits.messagesPerSecond=100000", "limits.burst=100000", "limits.urlLength=8192", "limits.connectionsPerAddress=100000",
    ]

    /// `dataDirectory`, when given, is the data folder of a server this starts (in place of
    /// the placement's own or a new one).
    public static func start(_ placement: Placement, dataDirectory folder: String? = nil, logger: Logger) async throws -> ServerUnderTest {
        switch placement {
        case let .inProcess(placed):
            let dataDirectory = folder ?? placed
            var limits = ServerLimits()
            limits.messagesPerSecond = 100_000
            limits.burst = 100_000
            limits.urlLength = 8192
            limits.connectionsPerAddress = 100_000
            let server = try await BackgroundServer.parley(limits: limits, dataDirectory: dataDirectory, logger: logger)
            return ServerUnderTest(
                endpoints: [Self.endpoint(server.server)], pids: [], inThisProcess: true,
                description: "in this process (buildParleyServer), durable SQLite in \(server.dataDirectory); "
                    + "limits raised: \(raisedLimits.joined(separator: ", "))",
                stopper: { await server.stop() })
        case let .spawned(executable):
            let server = try await SpawnedServer.start(executable: executable, settings: raisedLimits, dataDirectory: folder)
            return ServerUnderTest(
                endpoints: [Self.endpoint(server.server)], pids: [server.pid], inThisProcess: false,
                description: "parley serve as process \(server.pid), durable SQLite in \(server.dataDirectory); "
                    + "limits raised: \(raisedLimits.joined(separator: ", "))",
                stopper: { server.stop() })
        case let .remote(endpoints, pids):
            return ServerUnderTest(
                endpoints: endpoints, pids: pids, inThisProcess: false,
                description: endpoints.map { "wss://\($0.host):\($0.port)" }.joined(separator: ", ")
                    + (pids.isEmpty ? "" : " (process \(pids.map(String.init).joined(separator: ", ")))")
                    + "; its limits are its own: start it with "
                    + raisedLimits.map { "--set \($0)" }.joined(separator: " ") + " or the bots are throttled",
                stopper: {})
        }
    }

    /// The server's memory and CPU time now (of all its nodes, added up); `nil` for a remote
    /// server without a pid.
    public func sample() -> ProcessSample? {
        if inThisProcess { return ProcessSample.read() }
        let samples = pids.map { ProcessSample.read(pid: $0) }
        guard !samples.isEmpty, !samples.contains(where: { $0 == nil }) else { return nil }
        return ProcessSample(residentBytes: samples.reduce(0) { $0 + ($1?.residentBytes ?? 0) },
                             cpuSeconds: samples.reduce(0) { $0 + ($1?.cpuSeconds ?? 0) })
    }

    public func stop() async {
        await stopper()
    }

    static func endpoint(_ server: RunningServer) -> ServerEndpoint {
        ServerEndpoint(host: server.host, port: server.port, trust: .pinned(server.fingerprint))
    }
}
