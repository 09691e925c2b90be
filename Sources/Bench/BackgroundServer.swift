import Foundation
import Hummingbird
import Logging
import Server
import ServiceLifecycle
import Transport

/// A server started inside the benchmark's own process, run as production runs it (a
/// ServiceGroup around the application), until `stop()`.
public final class BackgroundServer: Sendable {
    public let server: RunningServer
    /// The data folder, removed on `stop()` when the benchmark made it.
    public let dataDirectory: String
    private let removesData: Bool
    private let group: ServiceGroup
    private let task: Task<Void, any Error>

    private init(server: RunningServer, dataDirectory: String, removesData: Bool, group: ServiceGroup, task: Task<Void, any Error>) {
        self.server = server
        self.dataDirectory = dataDirectory
        self.removesData = removesData
        self.group = group
        self.task = task
    }

    /// The Parley server of `parley serve`, durable SQLite and all, on a free port of
    /// 127.0.0.1 with `limits`; in `dataDirectory`, or in a new temporary folder.
    public static func parley(limits: ServerLimits, dataDirectory: String?, logger: Logger) async throws -> BackgroundServer {
        let (folder, made) = dataDirectory.map { ($0, false) } ?? (Self.temporaryFolder("parley-bench"), true)
        var configuration = ServerConfiguration(host: "127.0.0.1", port: 0, dataDirectory: folder)
        configuration.limits = limits
        let (started, running) = AsyncStream<RunningServer>.makeStream()
        let app = try await buildParleyServer(configuration: configuration, logger: logger, onServerRunning: { running.yield($0) })
        return try await start(app, started: started, dataDirectory: folder, removesData: made, logger: logger)
    }

    /// The bare baseline: the same TLS WebSocket application (`buildApplication`, the same
    /// identity and frame limits) with a handler that writes every text message straight back.
    public static func echo(logger: Logger) async throws -> BackgroundServer {
        let folder = Self.temporaryFolder("parley-echo")
        let configuration = ServerConfiguration(host: "127.0.0.1", port: 0, dataDirectory: folder)
        let (started, running) = AsyncStream<RunningServer>.makeStream()
        let app = try buildApplication(configuration: configuration, logger: logger, webSocketHandler: { inbound, outbound, _ in
            for try await message in inbound.messages(maxSize: 1 << 16) {
                if case let .text(text) = message { try await outbound.write(.text(text)) }
            }
        }, onServerRunning: { running.yield($0) })
        return try await start(app, started: started, dataDirectory: folder, removesData: true, logger: logger)
    }

    private static func start(
        _ app: some ApplicationProtocol, started: AsyncStream<RunningServer>, dataDirectory: String, removesData: Bool,
        logger: Logger
    ) async throws -> BackgroundServer {
        let group = ServiceGroup(configuration: .init(services: [app], logger: logger))
        let task = Task { try await group.run() }
        var iterator = started.makeAsyncIterator()
        guard let server = await iterator.next() else {
            task.cancel()
            throw BenchError("the server did not start")
        }
        return BackgroundServer(server: server, dataDirectory: dataDirectory, removesData: removesData, group: group, task: task)
    }

    /// Shuts the server down gracefully and waits for it.
    public func stop() async {
        await group.triggerGracefulShutdown()
        _ = try? await task.value
        if removesData { try? FileManager.default.removeItem(atPath: dataDirectory) }
    }

    static func temporaryFolder(_ prefix: String) -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}
