import Client
import Logging
import Server

/// The server a benchmark drives, wherever it runs, with what the report must say about it.
public struct ServerUnderTest: Sendable {
    public enum Placement: Sendable {
        /// Started in this process with `buildParleyServer`, in a new data folder unless one is given.
        case inProcess(dataDirectory: String?)
        /// `parley serve` started as a child process by this executable.
        case spawned(executable: String)
        /// Already running somewhere; `pid` (on this machine) lets the bench read its memory.
        case remote(ServerEndpoint, pid: Int32?)
    }

    public let endpoint: ServerEndpoint
    /// Whose memory and CPU are the server's: `nil` for this process, else that pid.
    public let pid: Int32?
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

    public static func start(_ placement: Placement, logger: Logger) async throws -> ServerUnderTest {
        switch placement {
        case let .inProcess(dataDirectory):
            var limits = ServerLimits()
            limits.messagesPerSecond = 100_000
            limits.burst = 100_000
            limits.urlLength = 8192
            limits.connectionsPerAddress = 100_000
            let server = try await BackgroundServer.parley(limits: limits, dataDirectory: dataDirectory, logger: logger)
            return ServerUnderTest(
                endpoint: Self.endpoint(server.server), pid: nil, inThisProcess: true,
                description: "in this process (buildParleyServer), durable SQLite in \(server.dataDirectory); "
                    + "limits raised: \(raisedLimits.joined(separator: ", "))",
                stopper: { await server.stop() })
        case let .spawned(executable):
            let server = try await SpawnedServer.start(executable: executable, settings: raisedLimits)
            return ServerUnderTest(
                endpoint: Self.endpoint(server.server), pid: server.pid, inThisProcess: false,
                description: "parley serve as process \(server.pid), durable SQLite in \(server.dataDirectory); "
                    + "limits raised: \(raisedLimits.joined(separator: ", "))",
                stopper: { server.stop() })
        case let .remote(endpoint, pid):
            return ServerUnderTest(
                endpoint: endpoint, pid: pid, inThisProcess: false,
                description: "wss://\(endpoint.host):\(endpoint.port)" + (pid.map { " (process \($0))" } ?? "")
                    + "; its limits are its own: start it with "
                    + raisedLimits.map { "--set \($0)" }.joined(separator: " ") + " or the bots are throttled",
                stopper: {})
        }
    }

    /// The server's memory and CPU time now; `nil` for a remote server without a pid.
    public func sample() -> ProcessSample? {
        if inThisProcess { return ProcessSample.read() }
        return pid.flatMap { ProcessSample.read(pid: $0) }
    }

    public func stop() async {
        await stopper()
    }

    static func endpoint(_ server: RunningServer) -> ServerEndpoint {
        ServerEndpoint(host: server.host, port: server.port, trust: .pinned(server.fingerprint))
    }
}
