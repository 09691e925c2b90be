import HummingbirdWSClient
import Logging
import NIOCore
import NIOPosix
import NIOSSL
import NIOTLS
import Synchronization
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

    /// Opens `wss://host:port/ws`, runs `handler` with the connection, and closes it when
    /// `handler` returns. Throws `ServerTrustError` when the server's certificate is not the
    /// trusted one, before anything is sent to it.
    ///
    /// HummingbirdWSClient takes a `TLSConfiguration` but no verification callback, so a pin is
    /// checked in two steps: a probe handshake reads the server's certificate and compares its
    /// fingerprint with the pin; the WebSocket then trusts that certificate alone as its root.
    /// A certificate that is not its own issuer (not self-signed) therefore fails the second
    /// step: pin self-made certificates, and trust a CA file for the others.
    @discardableResult
    public func connect(
        path: String = "/ws",
        logger: Logger,
        handler: @escaping WebSocketDataHandler<WebSocketClient.Context>
    ) async throws -> WebSocketCloseFrame? {
        var presented: NIOSSLCertificate?
        if case let .pinned(pin) = trust {
            presented = try await CertificateProbe(endpoint: self).certificate(matching: pin)
        }
        let tls = try trust.tlsConfiguration(presented: presented)
        let urlHost = host.contains(":") ? "[\(host)]" : host
        do {
            return try await WebSocketClient.connect(
                url: "wss://\(urlHost):\(port)\(path)",
                configuration: .init(maxFrameSize: maxFrameSize, sniHostname: serverName),
                tlsConfiguration: tls,
                logger: logger,
                handler: handler
            )
        } catch NIOSSLError.handshakeFailed(let reason) {
            throw ServerTrustError.rejected("\(host):\(port)", "\(reason)")
        }
    }
}

/// One TLS handshake that only reads the certificate a server presents and checks it against a
/// pin. It completes the handshake when the pin matches (so the server sees a clean close) and
/// aborts it when not, so nothing but a ClientHello ever reaches an impostor.
struct CertificateProbe {
    let endpoint: ServerEndpoint

    /// Long enough for a slow network, short enough that a silent port does not hang a client.
    static let timeout = TimeAmount.seconds(10)

    func certificate(matching pin: CertificateFingerprint) async throws -> NIOSSLCertificate {
        let server = "\(endpoint.host):\(endpoint.port)"
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.certificateVerification = .noHostnameVerification  // replaced by the callback below
        // The probe has nothing to lose by closing abruptly: waiting TLS's default 5 s for the
        // server's close_notify would only delay the real connection.
        tls.shutdownTimeout = .milliseconds(500)
        let context = try NIOSSLContext(configuration: tls)
        let seen = SeenCertificate()
        let serverName = endpoint.serverName
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(Self.timeout)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let handler = try NIOSSLClientHandler(context: context, serverHostname: serverName) { chain, promise in
                        let fingerprint = chain.first.flatMap { try? CertificateFingerprint(of: $0) }
                        seen.value.withLock { $0 = chain.first.map { ($0, fingerprint) } }
                        promise.succeed(fingerprint == pin ? .certificateVerified : .failed)
                    }
                    try channel.pipeline.syncOperations.addHandler(handler)
                    try channel.pipeline.syncOperations.addHandler(CloseAfterHandshake())
                }
            }
            .connect(host: endpoint.host, port: endpoint.port).get()
        let deadline = channel.eventLoop.scheduleTask(in: Self.timeout) { channel.close(promise: nil) }
        try? await channel.closeFuture.get()
        deadline.cancel()

        guard let (certificate, fingerprint) = seen.value.withLock({ $0 }) else {
            throw ServerTrustError.noCertificate(server, "the TLS handshake ended before a certificate")
        }
        guard let fingerprint else { throw ServerTrustError.noCertificate(server, "its certificate cannot be encoded") }
        guard fingerprint == pin else { throw ServerTrustError.pinMismatch(server, pinned: pin, presented: fingerprint) }
        return certificate
    }
}

/// What the verification callback saw, read after the probe's channel has closed.
private final class SeenCertificate: Sendable {
    let value = Mutex<(NIOSSLCertificate, CertificateFingerprint?)?>(nil)
}

/// Closes the probe's connection as soon as TLS is up: it has served its purpose.
private final class CloseAfterHandshake: ChannelInboundHandler {
    typealias InboundIn = NIOAny

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case .handshakeCompleted = event as? TLSUserEvent {
            context.close(promise: nil)
        }
        context.fireUserInboundEventTriggered(event)
    }
}
