import Client
import Foundation
import HummingbirdWSClient
import Logging
import NIOCore
import NIOPosix
import NIOWebSocket
import Server
import Testing
import Transport
import Wire

/// Sockets below the client: plain TCP, a WebSocket read frame by frame, a server's frames as bytes.
package enum RawSockets {
    /// A plain TCP connection to the server that sends `bytes` and then nothing.
    package static func tcp(port: Int, sending bytes: [UInt8] = []) async throws -> any Channel {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port).get()
        // The server may have closed it already, when the machine is slow: that is what the
        // tests wait for anyway.
        if !bytes.isEmpty { try? await channel.writeAndFlush(ByteBuffer(bytes: bytes)).get() }
        return channel
    }

    /// How long until the server closes `channel`; `nil` if it is still open after `limit`.
    package static func closing(_ channel: any Channel, within limit: Duration) async throws -> Duration? {
        let start = ContinuousClock.now
        do {
            try await answer(within: limit) { try? await channel.closeFuture.get() }
        } catch is TimedOut {
            return nil
        }
        return ContinuousClock.now - start
    }

    /// The index of each of `channels` as it closes.
    package static func closings(of channels: [any Channel]) -> AsyncStream<Int> {
        let (closed, feed) = AsyncStream<Int>.makeStream()
        for (index, channel) in channels.enumerated() {
            channel.closeFuture.whenComplete { _ in feed.yield(index) }
        }
        return closed
    }

    /// Opens a raw WebSocket and hands `body` the stream of text frames and the writer.
    /// Runs `body` on a connection; returns the close frame the server sent, if any.
    @discardableResult
    package static func raw(
        _ server: RunningServer,
        _ body: @escaping @Sendable (inout WebSocketInboundMessageStream.AsyncIterator, WebSocketOutboundWriter) async throws -> Void
    ) async throws -> WebSocketCloseFrame? {
        let endpoint = ServerEndpoint(host: server.host, port: server.port, trust: .pinned(server.fingerprint))
        return try await endpoint.connect(logger: Logger(label: "raw")) { inbound, outbound, _ in
            var messages = inbound.messages(maxSize: 1 << 20).makeAsyncIterator()
            try await body(&messages, outbound)
        }
    }

    /// Answers the challenge as a new install and waits for the welcome.
    package static func authenticate(
        _ messages: inout WebSocketInboundMessageStream.AsyncIterator, _ outbound: WebSocketOutboundWriter
    ) async throws {
        let challenge = try await challenge(&messages)
        try await outbound.write(.text(String(decoding: try WireJSON.encode(
            ClientFrame.authenticate(InstallKey().authenticate(challenge, name: nil))), as: UTF8.self)))
        guard case .welcome? = try await frame(&messages) else { throw ConnectionError.unexpected("no welcome") }
    }

    /// The connection's first frame, which must be its challenge: anything else fails the test.
    package static func challenge(_ messages: inout WebSocketInboundMessageStream.AsyncIterator) async throws -> ServerFrame.Challenge {
        guard case let .challenge(challenge)? = try await frame(&messages) else { throw ConnectionError.unexpected("no challenge") }
        return challenge
    }

    package static func frame(_ messages: inout WebSocketInboundMessageStream.AsyncIterator) async throws -> ServerFrame? {
        guard case let .text(text)? = try await messages.next() else { return nil }
        return try WireJSON.decode(ServerFrame.self, from: Data(text.utf8))
    }

    /// The frames in `buffer`: each one's FIN bit, opcode and payload.
    package static func webSocketFrames(_ buffer: ByteBuffer) throws -> [(final: Bool, opcode: UInt8, payload: [UInt8])] {
        var buffer = buffer
        var frames: [(Bool, UInt8, [UInt8])] = []
        while buffer.readableBytes > 0 {
            let first = buffer.readInteger(as: UInt8.self)
            let second = buffer.readInteger(as: UInt8.self)
            let head = try #require(first.flatMap { first in second.map { (first, $0) } })
            #expect(head.1 & 0x80 == 0, "a server frame is not masked")
            var length = Int(head.1 & 0x7F)
            if length == 126 {
                let long = buffer.readInteger(as: UInt16.self)
                length = Int(try #require(long))
            } else if length == 127 {
                let long = buffer.readInteger(as: UInt64.self)
                length = Int(try #require(long))
            }
            let payload = buffer.readBytes(length: length)
            frames.append((head.0 & 0x80 != 0, head.0 & 0x0F, try #require(payload)))
        }
        return frames
    }
}
