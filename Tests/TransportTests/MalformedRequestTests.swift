import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import NIOSSL
import Server
import ServerTestSupport
import Testing
import Transport

/// Requests that HTTP cannot read, over real TLS sockets: each is answered 400 and its
/// connection closed at once, not left open with no answer until the idle limit.
@Suite(.timeLimit(.minutes(1)))
struct MalformedRequestTests {
    static let malformed: [(String, [UInt8])] = [
        ("an unknown method", Array("BREW / HTTP/1.1\r\nHost: x\r\n\r\n".utf8)),
        ("HTTP/0.9", Array("GET /\r\n\r\n".utf8)),
        ("Content-Length with Transfer-Encoding",
         Array("POST /health HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n".utf8)),
        ("raw bytes in the target", Array("GET /".utf8) + [0xFF, 0xFE] + Array(" HTTP/1.1\r\nHost: x\r\n\r\n".utf8)),
        ("a version that is not HTTP", Array("GET / HTTX/1.1\r\nHost: x\r\n\r\n".utf8)),
        ("lines ended by a lone LF", Array("GET /health HTTP/1.1\nHost: x\n\n".utf8)),
        ("a space before a header's colon", Array("GET /health HTTP/1.1\r\nHost : x\r\n\r\n".utf8)),
    ]

    @Test(arguments: Self.malformed.indices)
    func aRequestHTTPCannotReadIsAnswered400AndClosed(_ index: Int) async throws {
        let (name, bytes) = Self.malformed[index]
        try await LiveServer.with(limits: ServerLimits(idleSeconds: 30)) { server in
            let started = ContinuousClock.now
            // Well before the 30 s idle limit, with room for a machine busy with the other
            // suites (a 5 s bound failed there).
            let answer = try await RawTLS.exchange(port: server.port, sending: bytes, within: .seconds(20))
            #expect(answer.closed, "\(name): the connection is closed")
            #expect(ContinuousClock.now - started < .seconds(20), "\(name): at once, not at the idle limit")
            #expect(answer.text.hasPrefix("HTTP/1.1 400 Bad Request\r\n"), "\(name): \(answer.text)")
            // The server goes on answering others.
            let health = try await HTTPS.request("\(server.url)/health")
            #expect(health.status == 200)
        }
    }

    @Test func aWellFormedRequestOnARawSocketIsStillAnswered() async throws {
        try await LiveServer.with { server in
            let answer = try await RawTLS.exchange(
                port: server.port, sending: Array("GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8),
                within: .seconds(10))
            #expect(answer.text.hasPrefix("HTTP/1.1 200 OK\r\n"), "\(answer.text)")
            #expect(answer.closed)
        }
    }
}

/// One TLS connection that writes bytes as they are and reads until the server closes it.
enum RawTLS {
    struct Answer {
        var bytes: [UInt8]
        var closed: Bool
        var text: String { String(decoding: bytes, as: UTF8.self) }
    }

    static func exchange(port: Int, sending bytes: [UInt8], within limit: Duration) async throws -> Answer {
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.certificateVerification = .none
        let context = try NIOSSLContext(configuration: tls)
        let received = NIOLockedValueBox(ByteBuffer())
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandlers([
                        try NIOSSLClientHandler(context: context, serverHostname: "localhost"),
                        Collector(received: received),
                    ])
                }
            }
            .connect(host: "127.0.0.1", port: port).get()
        try await channel.writeAndFlush(ByteBuffer(bytes: bytes)).get()
        let closed = try await RawSockets.closing(channel, within: limit) != nil
        if !closed { try? await channel.close() }
        return Answer(bytes: received.withLockedValue { Array($0.readableBytesView) }, closed: closed)
    }

    private final class Collector: ChannelInboundHandler, Sendable {
        typealias InboundIn = ByteBuffer
        let received: NIOLockedValueBox<ByteBuffer>

        init(received: NIOLockedValueBox<ByteBuffer>) { self.received = received }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            var buffer = unwrapInboundIn(data)
            received.withLockedValue { $0.writeBuffer(&buffer) }
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            // An unclean TLS shutdown after the answer is the server's close: nothing to report.
            context.close(promise: nil)
        }
    }
}
