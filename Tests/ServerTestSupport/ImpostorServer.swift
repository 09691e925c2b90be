import NIOCore
import NIOPosix
import NIOSSL
import NIOTLS
import Server
import Testing
import Transport
import Wire

/// A TLS server on 127.0.0.1 with a certificate of its own: someone else answering where a
/// client expects its pinned server. For each connection it records how far the client got.
package final class ImpostorServer: Sendable {
    /// What one client did before its connection closed.
    package struct Client: Sendable, Equatable {
        package var completedHandshake = false
        /// Decrypted bytes the client sent: an HTTP request, had it trusted the impostor.
        package var applicationBytes = 0

        package init(completedHandshake: Bool = false, applicationBytes: Int = 0) {
            self.completedHandshake = completedHandshake
            self.applicationBytes = applicationBytes
        }
    }

    package let port: Int
    package let fingerprint: CertificateFingerprint
    /// One element per connection, when it has closed.
    package let closedConnections: AsyncStream<Client>
    private let accepted: Recorded<Int>

    private init(port: Int, fingerprint: CertificateFingerprint, closedConnections: AsyncStream<Client>, accepted: Recorded<Int>) {
        self.port = port
        self.fingerprint = fingerprint
        self.closedConnections = closedConnections
        self.accepted = accepted
    }

    /// The connections accepted so far.
    package var connections: Int { accepted.value }

    /// Runs `body` with an impostor listening, and stops it afterwards.
    package static func with<Result: Sendable>(_ body: (ImpostorServer) async throws -> Result) async throws -> Result {
        let folder = try TemporaryFolder()
        let identity = try ServerIdentity.load(for: testConfiguration(folder))
        let context = try NIOSSLContext(configuration: identity.tlsConfiguration)
        let accepted = Recorded(0)
        let (closedConnections, closed) = AsyncStream.makeStream(of: Client.self)
        let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    accepted.update { $0 += 1 }
                    try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: context))
                    try channel.pipeline.syncOperations.addHandler(Observer(closed: closed))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        let impostor = ImpostorServer(
            port: try #require(listener.localAddress?.port), fingerprint: identity.fingerprint,
            closedConnections: closedConnections, accepted: accepted
        )
        do {
            let result = try await body(impostor)
            try await listener.close()
            return result
        } catch {
            try? await listener.close()
            throw error
        }
    }

    /// Watches one connection, behind its TLS handler.
    private final class Observer: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer
        private var client = Client()
        private let closed: AsyncStream<Client>.Continuation

        init(closed: AsyncStream<Client>.Continuation) {
            self.closed = closed
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            client.applicationBytes += Self.unwrapInboundIn(data).readableBytes
        }

        func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
            if case .handshakeCompleted = event as? TLSUserEvent { client.completedHandshake = true }
            context.fireUserInboundEventTriggered(event)
        }

        /// A refused handshake is what the tests expect: close quietly.
        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            context.close(promise: nil)
        }

        func channelInactive(context: ChannelHandlerContext) {
            closed.yield(client)
            context.fireChannelInactive()
        }
    }
}
