import Client
import HummingbirdWSClient
import Logging
import NIOCore
import Server
import ServerTestSupport
import Testing
import Transport
import Wire

/// One connection's trouble stays that connection's.
@Suite(.timeLimit(.minutes(1)))
struct ConnectionFailureTests {
    struct HandlerFailure: Error {}

    @Test func aFailingHandlerClosesOnlyItsConnection() async throws {
        let folder = try TemporaryFolder()
        let failing: WebSocketConnectionHandler = { inbound, outbound, context in
            var messages = inbound.messages(maxSize: 1 << 16).makeAsyncIterator()
            if case .text("fail") = try await messages.next() { throw HandlerFailure() }
            try await outbound.write(.text("still here"))
        }
        try await withServer(testConfiguration(folder), handler: failing) { server in
            let endpoint = ServerEndpoint(host: "127.0.0.1", port: server.port, trust: .pinned(server.fingerprint))
            let closed = try await endpoint.connect(logger: quietLogger) { inbound, outbound, _ in
                try await outbound.write(.text("fail"))
                for try await _ in inbound {}
            }
            #expect(closed?.closeCode == .unexpectedServerError)

            let reply = Recorded<WebSocketMessage?>(nil)
            try await endpoint.connect(logger: quietLogger) { inbound, outbound, _ in
                try await outbound.write(.text("hello"))
                var messages = inbound.messages(maxSize: 1 << 16).makeAsyncIterator()
                let message = try await messages.next()
                reply.update { $0 = message }
            }
            #expect(reply.value == .text("still here"))
        }
    }

    /// Up to four times `limits.frameBytes` the relay answers with a `frame-too-large` error
    /// (see RelayLimitTests); beyond that the WebSocket layer closes the connection.
    @Test func aFrameOverTheLimitClosesTheConnectionAsTooLarge() async throws {
        let folder = try TemporaryFolder()
        var configuration = testConfiguration(folder)
        configuration.limits.frameBytes = 1024
        try await withServer(configuration) { server in
            let endpoint = ServerEndpoint(host: "127.0.0.1", port: server.port, trust: .pinned(server.fingerprint))
            let closed = try await endpoint.connect(logger: quietLogger) { inbound, outbound, _ in
                try await outbound.write(.text(String(repeating: "x", count: 5000)))
                for try await _ in inbound {}
            }
            #expect(closed?.closeCode == .messageTooLarge)
        }
    }

    /// A message in two frames, over the size the client reads, fails the connection with the
    /// error HummingbirdWSClient's own client gives it.
    @Test func aMessageOverTheClientsLimitIsTooLarge() async throws {
        let folder = try TemporaryFolder()
        // Sent once the client has spoken. A handler that writes and returns at once sometimes
        // leaves the client, HummingbirdWSClient's own as well as ours, reading nothing more
        // after the upgrade response, until the test's time limit.
        let twoFrames: WebSocketConnectionHandler = { inbound, outbound, _ in
            var messages = inbound.messages(maxSize: 1 << 16).makeAsyncIterator()
            _ = try await messages.next()
            try await outbound.write(.custom(.init(fin: false, opcode: .text, data: ByteBuffer(string: "12345"))))
            try await outbound.write(.custom(.init(fin: true, opcode: .continuation, data: ByteBuffer(string: "67890abcdef"))))
            while try await messages.next() != nil {}
        }
        try await withServer(testConfiguration(folder), handler: twoFrames) { server in
            let endpoint = ServerEndpoint(host: "127.0.0.1", port: server.port, trust: .pinned(server.fingerprint))
            let error = await #expect(throws: WebSocketClientError.self) {
                try await endpoint.connect(logger: quietLogger) { inbound, outbound, _ in
                    try await outbound.write(.text("ready"))
                    var messages = inbound.messages(maxSize: 10).makeAsyncIterator()
                    _ = try await messages.next()
                }
            }
            #expect(error == .serverSentMessageTooLarge)
        }
    }

    @Test func theStartLineNamesTheAddressAndTheFingerprint() async throws {
        let folder = try TemporaryFolder()
        let lines = Recorded<[String]>([])
        let logger = Logger(label: "start") { _ in CapturingLogHandler(lines: lines) }
        let server = try await withServer(testConfiguration(folder), logger: logger) { $0 }
        let expected = "Parley listening on https://127.0.0.1:\(server.port) (certificate SHA-256 \(server.fingerprint))"
        #expect(lines.value.contains(expected))
    }
}
