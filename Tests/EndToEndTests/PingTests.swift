import Foundation
import Logging
import Server
import ServerTestSupport
import Testing
import Transport

/// The server's pings, and clients that leave without a goodbye, seen by a WebSocket client
/// written by hand (Python/ping_client.py), which answers pings or not and leaves as told: no
/// WebSocket library answers for it.
@Suite(.timeLimit(.minutes(1)))
struct PingTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Python/ping_client.py").path

    /// What the client saw: how many pings, and the server's close code and reason.
    static func watch(_ server: RunningServer, mode: String, seconds: Double) async throws -> (pings: Int, close: (Int, String)?) {
        let python = ProcessInfo.processInfo.environment["PARLEY_PYTHON"] ?? "python3"
        let result = try await PythonClientTests.run([python, script, String(server.port), mode, String(seconds)])
        try #require(result.status == 0, "the ping client failed: \(result.output)")
        let seen = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let pings = try #require(seen["pings"] as? Int)
        guard let close = seen["close"] as? [String: Any] else { return (pings, nil) }
        return (pings, (try #require(close["code"] as? Int), try #require(close["reason"] as? String)))
    }

    @Test func aConnectionThatDoesNotAnswerAPingIsClosedAtTheNext() async throws {
        try await LiveServer.with(limits: ServerLimits(pingSeconds: 1, authenticateSeconds: 60)) { server in
            let seen = try await Self.watch(server, mode: "ignore", seconds: 10)
            #expect(seen.pings == 1)
            let close = try #require(seen.close, "closed before the client gave up")
            #expect(close.0 == 1001)
            #expect(close.1 == "Ping timeout")
        }
    }

    /// Pings 2 s apart, for a client in Python on a machine busy with the whole suite: with 1 s
    /// one answer came late once in CI.
    @Test func aConnectionThatAnswersItsPingsStaysOpen() async throws {
        try await LiveServer.with(limits: ServerLimits(pingSeconds: 2, authenticateSeconds: 60)) { server in
            let seen = try await Self.watch(server, mode: "answer", seconds: 7.5)
            #expect(seen.pings >= 3)
            #expect(seen.close == nil)
        }
    }

    /// A client that leaves without a close frame, or with a TCP reset, is nothing an operator
    /// must act on: the server logs nothing about it at notice or above.
    @Test func aClientLeavingWithoutAGoodbyeIsNotLoggedAsAFailure() async throws {
        let lines = Recorded<[String]>([])
        var logger = Logger(label: "leaving") { _ in CapturingLogHandler(lines: lines) }
        logger.logLevel = .notice
        try await LiveServer.with(logger: logger) { server in
            for mode in ["vanish", "reset"] {
                _ = try await Self.watch(server, mode: mode, seconds: 1)
            }
            // The server has seen both go: it still answers, and a third connection's pings.
            let seen = try await Self.watch(server, mode: "ignore", seconds: 0.2)
            #expect(seen.close == nil)
        }
        #expect(!lines.value.contains { $0.contains("WebSocket connection failed") }, "\(lines.value)")
    }
}
