import HummingbirdWSClient
import Logging
import NIOCore
import NIOSSL
import Wire

/// A Parley server to connect to: where it is and which certificate to accept.
public struct ServerEndpoint: Sendable, Hashable {
    public var host: String
    public var port: Int
    public var trust: ServerTrust
    /// The TLS server name: sent as SNI, and the name a `.certificateAuthority` certificate
    /// must carry. A client cannot send an IP address as SNI, so for an IP `host` it defaults
    /// to `localhost`, the name in every self-made Parley certificate.
    public var serverName: String
    /// The largest WebSocket frame accepted from the server; match the server's
    /// `limits.frameBytes`.
    public var maxFrameSize: Int

    public init(host: String, port: Int, trust: ServerTrust, serverName: String? = nil, maxFrameSize: Int = 65536) {
        self.host = host
        self.port = port
        self.trust = trust
        self.serverName = serverName ?? ((try? SocketAddress(ipAddress: host, port: 0)) == nil ? host : "localhost")
        self.maxFrameSize = maxFrameSize
    }

    /// What a connection's handler gets besides its streams.
    public struct Context: WebSocketContext {
        public let logger: Logger
    }

    /// Opens `wss://host:port/ws`, runs `handler` with the connection, and closes it when
    /// `handler` returns. Throws `ServerTrustError` when the server's certificate is not the
    /// trusted one, before anything is sent to it.
    ///
    /// One TLS handshake: a pin is checked inside it, when the server's certificate arrives
    /// (see `PinCheck`), so a wrong certificate ends the handshake before the client has sent
    /// anything but its ClientHello.
    @discardableResult
    public func connect(
        path: String = "/ws",
        logger: Logger,
        handler: @escaping WebSocketDataHandler<Context>
    ) async throws -> WebSocketCloseFrame? {
        let pinCheck: PinCheck? =
            if case let .pinned(pin) = trust { PinCheck(pin: pin) } else { nil }
        let context = try NIOSSLContext(configuration: try trust.tlsConfiguration())
        let channel = TrustedWebSocketChannel(endpoint: self, path: path, context: context, pinCheck: pinCheck, handler: handler)
        return try await ClientConnection(channel, address: .hostname(host, port: port), logger: logger).run()
    }
}
