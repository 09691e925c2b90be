import NIOCore
import NIOPosix
import Testing
import Transport

/// A TCP forwarder on 127.0.0.1 in front of a server: it passes bytes through unchanged both
/// ways and counts the connections it accepts, which is how many TLS handshakes a client
/// started with the server behind it.
package final class TCPForwarder: Sendable {
    package let port: Int
    private let accepted = Recorded(0)

    private init(port: Int) {
        self.port = port
    }

    /// The connections accepted so far.
    package var connections: Int { accepted.value }

    /// Runs `body` with a forwarder to 127.0.0.1:`target`, and stops it afterwards. With
    /// `source` (another loopback address, such as 127.0.0.2), it connects to the server from
    /// there: the server sees its clients come from another address than the test's own.
    package static func with<Result: Sendable>(
        forwardingTo target: Int, from source: String? = nil, _ body: (TCPForwarder) async throws -> Result
    ) async throws -> Result {
        let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .bind(host: "127.0.0.1", port: 0) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        let forwarder = TCPForwarder(port: try #require(listener.channel.localAddress?.port))
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                try await withThrowingDiscardingTaskGroup { connections in
                    try await listener.executeThenClose { inbound in
                        for try await client in inbound {
                            forwarder.accepted.update { $0 += 1 }
                            connections.addTask { try? await Self.forward(client, to: target, from: source) }
                        }
                    }
                }
            }
            defer { group.cancelAll() }
            return try await body(forwarder)
        }
    }

    /// Copies bytes between `client` and a new connection to `target` until either side
    /// closes, then closes both.
    private static func forward(_ client: NIOAsyncChannel<ByteBuffer, ByteBuffer>, to target: Int, from source: String?) async throws {
        var bootstrap = ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
        if let source { bootstrap = bootstrap.bind(to: try SocketAddress(ipAddress: source, port: 0)) }
        let server = try await bootstrap
            .connect(host: "127.0.0.1", port: target) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        try await client.executeThenClose { clientInbound, clientOutbound in
            try await server.executeThenClose { serverInbound, serverOutbound in
                try await withThrowingTaskGroup(of: Void.self) { pair in
                    pair.addTask { for try await bytes in clientInbound { try await serverOutbound.write(bytes) } }
                    pair.addTask { for try await bytes in serverInbound { try await clientOutbound.write(bytes) } }
                    _ = try await pair.next()
                    pair.cancelAll()
                }
            }
        }
    }
}
