import NIOCore
import NIOPosix
import NIOSSL
import NIOTLS
import Wire

/// One TLS handshake that only checks the certificate a server presents against a pin, and
/// then closes: how a client that has no pin yet reads the server's fingerprint, to ask the
/// user about it or compare it with the one remembered (`ServerEndpoint.presentedFingerprint()`).
/// It completes the handshake when the pin matches (so the server sees a clean close) and
/// aborts it when not, so nothing but a ClientHello ever reaches an impostor.
struct CertificateProbe {
    let endpoint: ServerEndpoint

    /// Long enough for a slow network, short enough that a silent port does not hang a client.
    static let timeout = TimeAmount.seconds(10)

    /// Returns when the server presents the pinned certificate; throws `ServerTrustError`
    /// otherwise, with the fingerprint it presented.
    func check(_ pin: CertificateFingerprint) async throws {
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.certificateVerification = .noHostnameVerification  // replaced by the pin check
        // The probe has nothing to lose by closing abruptly: waiting TLS's default 5 s for the
        // server's close_notify would only delay whatever the caller does next.
        tls.shutdownTimeout = .milliseconds(500)
        let context = try NIOSSLContext(configuration: tls)
        let check = PinCheck(pin: pin)
        let serverName = endpoint.serverName
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(Self.timeout)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let handler = try NIOSSLClientHandler(
                        context: context, serverHostname: serverName, customVerificationCallback: check.verify)
                    try channel.pipeline.syncOperations.addHandler(handler)
                    try channel.pipeline.syncOperations.addHandler(CloseAfterHandshake())
                }
            }
            .connect(host: endpoint.host, port: endpoint.port).get()
        let deadline = channel.eventLoop.scheduleTask(in: Self.timeout) { channel.close(promise: nil) }
        try? await channel.closeFuture.get()
        deadline.cancel()
        if let failure = check.failure("\(endpoint.host):\(endpoint.port)") { throw failure }
    }
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
