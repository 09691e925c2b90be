import Client
import Foundation
import Storage
import Hummingbird
import Logging
import Server
import TestSupport
import ServiceLifecycle
import Transport
import Wire

/// A real Parley server on 127.0.0.1 with a free port and its own data folder, built by the
/// function production uses, for the length of `body`.
package enum LiveServer {
    package static let adminToken = "an-admin-token-for-the-tests"

    /// A new folder for a test (`TestFolders`: gone when the test process exits).
    package static func temporaryDirectory() -> String {
        TestFolders.make()
    }

    package static func with<T: Sendable>(
        dataDirectory: String? = nil,
        limits: ServerLimits = ServerLimits(),
        turnTimeouts: [String: Duration] = ["battleship": .seconds(300), "icecream": .seconds(600)],
        configure: (inout ServerConfiguration) -> Void = { _ in },
        logger: Logger? = nil,
        eventLog: (any EventLog)? = nil,
        reading: (@Sendable () async throws -> ServerConfiguration)? = nil,
        _ body: @Sendable (RunningServer) async throws -> T
    ) async throws -> T {
        let logger = logger ?? {
            var logger = Logger(label: "parley-test")
            logger.logLevel = .warning
            return logger
        }()
        // A folder made here is removed when the server stops: the runs made tens of thousands.
        let folder = dataDirectory ?? temporaryDirectory()
        defer { if dataDirectory == nil { try? FileManager.default.removeItem(atPath: folder) } }
        var configuration = ServerConfiguration(host: "127.0.0.1", port: 0, dataDirectory: folder)
        configuration.limits = limits
        configuration.turnTimeouts = turnTimeouts
        configure(&configuration)
        let (started, running) = AsyncStream<RunningServer>.makeStream()
        let app = try await buildParleyServer(
            configuration: configuration, logger: logger, eventLog: eventLog, reading: reading, onServerRunning: { server in
            running.yield(server)
        })
        return try await withThrowingTaskGroup(of: T?.self) { group in
            let serviceGroup = ServiceGroup(configuration: .init(services: [app], logger: logger))
            group.addTask {
                try await serviceGroup.run()
                return nil
            }
            var iterator = started.makeAsyncIterator()
            guard let server = await iterator.next() else { throw ConnectionError.closed }
            let result = try await body(server)
            await serviceGroup.triggerGracefulShutdown()
            for try await _ in group {}
            return result
        }
    }
}

/// One client install connected to a live server, with a reader of its unrequested frames.
package final class Player: Sendable {
    package let connection: ParleyConnection
    package let key: InstallKey
    private let reader: FrameReader

    package init(connection: ParleyConnection, key: InstallKey) {
        self.connection = connection
        self.key = key
        reader = FrameReader(connection.frames)
    }

    package static func connect(to server: RunningServer, key: InstallKey = InstallKey(), name: String? = nil) async throws -> Player {
        try await connect(to: ServerEndpoint(host: server.host, port: server.port, trust: .pinned(server.fingerprint)), key: key, name: name)
    }

    /// Connected to `endpoint`, trusting what it says.
    package static func connect(to endpoint: ServerEndpoint, key: InstallKey = InstallKey(), name: String? = nil) async throws -> Player {
        let connection = try await ParleyConnection.open(to: endpoint, key: key, name: name, logger: Logger(label: "player"))
        return Player(connection: connection, key: key)
    }

    /// The next unrequested frame that `matching` accepts, skipping others; fails after `limit`.
    package func next(within limit: Duration = .seconds(10), _ matching: @escaping @Sendable (ServerFrame) -> Bool) async throws -> ServerFrame {
        try await reader.next(within: limit, matching)
    }

    /// The next event of kind `.message`.
    package func nextMessage() async throws -> Event {
        let frame = try await next { if case let .event(event) = $0 { event.kind == .message } else { false } }
        guard case let .event(event) = frame else { throw ConnectionError.unexpected("\(frame)") }
        return event
    }

    /// The answer to `frame`; a failure after a minute without one, so that a server that never
    /// answers fails the test rather than hanging the run.
    package func request(_ frame: ClientFrame) async throws -> ServerFrame {
        try await answer(within: .seconds(60)) { [connection] in try await connection.request(frame) }
    }
}

/// Collects a connection's frames as they come, and hands them out one at a time to whoever
/// waits, with a deadline so that a missing frame fails a test instead of hanging it.
package actor FrameReader {
    private var buffer: [ServerFrame] = []
    private var closed = false
    private var waiter: CheckedContinuation<Void, Never>?

    package init(_ frames: AsyncStream<ServerFrame>) {
        Task { [weak self] in
            for await frame in frames { await self?.receive(frame) }
            await self?.close()
        }
    }

    private func receive(_ frame: ServerFrame) {
        buffer.append(frame)
        wake()
    }

    private func close() {
        closed = true
        wake()
    }

    private func wake() {
        waiter?.resume()
        waiter = nil
    }

    package func next(within limit: Duration, _ matching: @Sendable (ServerFrame) -> Bool) async throws -> ServerFrame {
        let deadline = ContinuousClock.now + limit
        while true {
            if let index = buffer.firstIndex(where: matching) {
                let frame = buffer[index]
                buffer.removeFirst(index + 1)
                return frame
            }
            buffer.removeAll()
            if closed { throw ConnectionError.closed }
            guard ContinuousClock.now < deadline else { throw ConnectionError.unexpected("no matching frame within \(limit)") }
            let timer = Task { [weak self] in
                try? await Task.sleep(until: deadline)
                await self?.wake()
            }
            await withCheckedContinuation { waiter = $0 }
            timer.cancel()
        }
    }
}

/// A live server whose stop the test chooses, for clients that must outlive it.
package final class ServerHandle: Sendable {
    package let server: RunningServer
    private let stopper: @Sendable () async -> Void
    private let task: Task<Void, any Error>

    private init(server: RunningServer, stopper: @escaping @Sendable () async -> Void, task: Task<Void, any Error>) {
        self.server = server
        self.stopper = stopper
        self.task = task
    }

    package static func start(
        dataDirectory: String, port: Int = 0, configure: (inout ServerConfiguration) -> Void = { _ in }
    ) async throws -> ServerHandle {
        var logger = Logger(label: "parley-test")
        logger.logLevel = .critical
        var configuration = ServerConfiguration(host: "127.0.0.1", port: port, dataDirectory: dataDirectory)
        configure(&configuration)
        let (started, running) = AsyncStream<RunningServer>.makeStream()
        let app = try await buildParleyServer(configuration: configuration, logger: logger, onServerRunning: { running.yield($0) })
        let group = ServiceGroup(configuration: .init(services: [app], logger: logger))
        let task = Task {
            // A server that fails to start (a port still taken) ends the wait for it.
            defer { running.finish() }
            try await group.run()
        }
        var iterator = started.makeAsyncIterator()
        guard let server = await iterator.next() else {
            try await task.value
            throw ConnectionError.closed
        }
        return ServerHandle(server: server, stopper: { await group.triggerGracefulShutdown() }, task: task)
    }

    package func stop() async {
        await stopper()
        _ = try? await task.value
    }
}

/// `body`'s value, or a failure once `limit` has passed without one: a server that never
/// answers fails the test instead of hanging the run (the awaited request is left behind).
package func answer<T: Sendable>(within limit: Duration, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
    let (results, feed) = AsyncStream<Result<T, any Error>>.makeStream()
    let work = Task {
        do { feed.yield(.success(try await body())) } catch { feed.yield(.failure(error)) }
    }
    let timer = Task {
        try? await Task.sleep(for: limit)
        feed.yield(.failure(TimedOut(what: "an answer within \(limit)")))
    }
    var iterator = results.makeAsyncIterator()
    guard let first = await iterator.next() else { throw CancellationError() }
    timer.cancel()
    work.cancel()
    return try first.get()
}
