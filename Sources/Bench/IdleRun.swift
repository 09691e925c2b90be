import Client
import Logging

/// N connections that authenticate and then say nothing: what holding a connection costs
/// the server, apart from any game.
public struct IdleRun: Sendable {
    public var endpoint: ServerEndpoint
    public var connections: Int
    public var window = 32
    /// How long to hold the connections before weighing the server again, to see whether
    /// what they cost changes once they have been idle a while: 35 s by default, past the
    /// server's return of freed memory to the system every 30 s.
    public var settle: Duration = Self.defaultSettle
    public static let defaultSettle: Duration = .seconds(35)

    public init(endpoint: ServerEndpoint, connections: Int) {
        self.endpoint = endpoint
        self.connections = connections
    }

    public struct Result: Sendable {
        public var held: Int
        public var failures: [String]
        public var openingTime: Duration
        public var settle: Duration
        /// The server before the connections were opened, as soon as all of them were open,
        /// and after `settle`.
        public var server: [ProcessSample?]
    }

    /// Opens the connections, samples the server with all of them open, then closes them.
    public func run(logger: Logger, server: @escaping @Sendable () -> ProcessSample?) async -> Result {
        let before = server()
        let start = ContinuousClock.now
        let (opened, failures) = await Staggered.open(connections, window: window) { [endpoint] _ in
            try await ParleyConnection.open(to: endpoint, key: InstallKey(), logger: logger)
        }
        let openingTime = ContinuousClock.now - start
        let held = server()
        try? await Task.sleep(for: settle)
        let settled = server()
        for connection in opened { connection.close() }
        return Result(held: opened.count, failures: failures.prefix(3).map { "\($0)" }, openingTime: openingTime,
                      settle: settle, server: [before, held, settled])
    }
}
