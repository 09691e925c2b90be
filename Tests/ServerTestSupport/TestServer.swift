import Foundation
import Logging
import Server
import Synchronization
import Transport
import Wire

/// A data folder of its own for each test, removed afterwards.
package struct TemporaryFolder: ~Copyable {
    package let path: String

    package init() throws {
        path = FileManager.default.temporaryDirectory
            .appendingPathComponent("parley-server-tests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    package func file(_ name: String) -> String {
        URL(fileURLWithPath: path).appendingPathComponent(name).path
    }
}

package struct TimedOut: Error, CustomStringConvertible {
    package let what: String
    package var description: String { "timed out waiting for \(what)" }
}

/// A configuration for a test server: any free port on 127.0.0.1, data in `folder`.
package func testConfiguration(_ folder: borrowing TemporaryFolder) -> ServerConfiguration {
    ServerConfiguration(host: "127.0.0.1", port: 0, dataDirectory: folder.path)
}

/// Loggers that keep tests quiet unless something goes really wrong.
package let quietLogger = {
    var logger = Logger(label: "parley-tests")
    logger.logLevel = .critical
    return logger
}()

/// Runs `body` against a server built by `buildApplication`, started for real over TLS,
/// once it reports the port it bound (waited for with a deadline, never a sleep), and
/// stops the server afterwards.
package func withServer<Result: Sendable>(
    _ configuration: ServerConfiguration,
    logger: Logger = quietLogger,
    handler: @escaping WebSocketConnectionHandler = echo,
    _ body: (RunningServer) async throws -> Result
) async throws -> Result {
    let (running, announce) = AsyncStream.makeStream(of: RunningServer.self)
    let app = try buildApplication(configuration: configuration, logger: logger, webSocketHandler: handler) {
        announce.yield($0)
    }
    return try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask {
            defer { announce.finish() }
            try await app.runService(gracefulShutdownSignals: [])
        }
        defer { group.cancelAll() }
        let server = try await firstElement(of: running, within: .seconds(10), what: "the server to start")
        return try await body(server)
    }
}

/// The first element of `stream`, or `TimedOut` after `limit`.
package func firstElement<Element: Sendable>(
    of stream: AsyncStream<Element>, within limit: Duration, what: String
) async throws -> Element {
    try await withThrowingTaskGroup(of: Element?.self) { group in
        group.addTask { await stream.first { _ in true } }
        group.addTask {
            try await Task.sleep(for: limit)
            return nil
        }
        defer { group.cancelAll() }
        guard let element = try await group.next() ?? nil else { throw TimedOut(what: what) }
        return element
    }
}

/// Echoes every message back: the stand-in for the relay in these tests.
package let echo: WebSocketConnectionHandler = { inbound, outbound, _ in
    for try await message in inbound.messages(maxSize: 1 << 16) {
        switch message {
        case let .text(text): try await outbound.write(.text(text))
        case let .binary(bytes): try await outbound.write(.binary(bytes))
        }
    }
}

/// A value set from a `@Sendable` closure and read once it has run.
package final class Recorded<Value: Sendable>: Sendable {
    private let storage: Mutex<Value>

    package init(_ initial: Value) {
        storage = Mutex(initial)
    }

    package var value: Value { storage.withLock { $0 } }

    package func update(_ change: (inout Value) -> Void) {
        storage.withLock { change(&$0) }
    }

    /// Changes the value and returns what `change` says, in one step.
    package func update<Result: Sendable>(_ change: (inout Value) -> Result) -> Result {
        storage.withLock { change(&$0) }
    }
}
