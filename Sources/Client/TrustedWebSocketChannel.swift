import Logging
import NIOCore
import NIOHTTP1
import NIOSSL
import NIOWebSocket
import WSClient
@_spi(WSInternal) import WSCore

/// The client side of one WebSocket connection to a Parley server, whose TLS handshake accepts
/// only the certificate `ServerTrust` names: for a pin, `PinCheck` compares the certificate with
/// the pin inside the handshake; for an authority, BoringSSL checks the chain and the name.
///
/// HummingbirdWSClient's `WebSocketClient` takes a `TLSConfiguration` but no verification
/// callback, so this is its channel's setup without proxies (TLS, the HTTP upgrade, then
/// WSCore's WebSocket handler) with the callback and a deadline on the handshake added.
struct TrustedWebSocketChannel: ClientConnectionChannel {
    enum Upgrade: Sendable {
        case webSocket(NIOAsyncChannel<WebSocketFrame, WebSocketFrame>)
        case declined
    }

    typealias Value = EventLoopFuture<Upgrade>

    let endpoint: ServerEndpoint
    let path: String
    let context: NIOSSLContext
    /// The pin to check in the handshake; `nil` when BoringSSL checks the chain.
    let pinCheck: PinCheck?
    let handler: WebSocketDataHandler<ServerEndpoint.Context>

    /// Long enough for a slow network, short enough that a silent port does not hang a client.
    static let handshakeTimeout = TimeAmount.seconds(10)

    private var server: String { "\(endpoint.host):\(endpoint.port)" }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            let tls =
                if let pinCheck {
                    try NIOSSLClientHandler(
                        context: context, serverHostname: endpoint.serverName, customVerificationCallback: pinCheck.verify)
                } else {
                    try NIOSSLClientHandler(context: context, serverHostname: endpoint.serverName)
                }
            try channel.pipeline.syncOperations.addHandler(tls)
            try channel.pipeline.syncOperations.addHandler(HandshakeDeadline(limit: Self.handshakeTimeout))

            let upgrader = NIOTypedWebSocketClientUpgrader<Upgrade>(maxFrameSize: endpoint.maxFrameSize) { channel, _ in
                channel.eventLoop.makeCompletedFuture {
                    .webSocket(try NIOAsyncChannel(wrappingChannelSynchronously: channel))
                }
            }
            let urlHost = endpoint.host.contains(":") ? "[\(endpoint.host)]" : endpoint.host
            let request = HTTPRequestHead(
                version: .http1_1, method: .GET, uri: path,
                headers: ["Host": "\(urlHost):\(endpoint.port)", "Origin": "wss://\(urlHost)"]
            )
            // TLS holds the request back until the handshake is done, so a server that fails
            // the trust check never receives it.
            var configuration = NIOUpgradableHTTPClientPipelineConfiguration(
                upgradeConfiguration: .init(upgradeRequestHead: request, upgraders: [upgrader]) { channel in
                    channel.eventLoop.makeSucceededFuture(.declined)
                }
            )
            configuration.leftOverBytesStrategy = .forwardBytes
            return try channel.pipeline.syncOperations.configureUpgradableHTTPClientPipeline(configuration: configuration)
        }
    }

    func handle(value: Value, logger: Logger) async throws -> WebSocketCloseFrame? {
        let upgrade: Upgrade
        do {
            upgrade = try await value.get()
        } catch {
            throw explanation(of: error)
        }
        guard case let .webSocket(channel) = upgrade else {
            logger.debug("WebSocket upgrade declined")
            throw WebSocketClientError.webSocketUpgradeFailed
        }
        do {
            return try await WebSocketHandler.handle(
                type: .client,
                configuration: .init(extensions: [], autoPing: .disabled, validateUTF8: false, maxFrameSize: endpoint.maxFrameSize),
                asyncChannel: channel,
                context: ServerEndpoint.Context(logger: logger),
                handler: handler
            )
        } catch {
            throw Self.clientError(error)
        }
    }

    /// Why a connection failed before its WebSocket was open, in the words of
    /// `ServerTrustError` where the failure is one of trust.
    private func explanation(of error: any Error) -> any Error {
        if let pinCheck, let failure = pinCheck.failure(server) { return failure }
        switch error {
        case let NIOSSLError.handshakeFailed(reason):
            return ServerTrustError.rejected(server, "\(reason)")
        case is HandshakeDeadline.Expired:
            return ServerTrustError.rejected(server, "no answer within \(Self.handshakeTimeout.nanoseconds / 1_000_000_000) s")
        default:
            return error
        }
    }

    /// WSCore ends a connection on which the server broke the protocol with an error of a type
    /// only its own package can name, `WebSocketHandler.InternalError.close(code)`.
    /// `WebSocketClient` turns it into a `WebSocketClientError`; so does this, by the same
    /// table, recognising the error by its shape.
    private static func clientError(_ error: any Error) -> any Error {
        let mirror = Mirror(reflecting: error)
        guard String(reflecting: type(of: error)) == "WSCore.WebSocketHandler.InternalError",
            mirror.displayStyle == .enum, let close = mirror.children.first, close.label == "close",
            let code = close.value as? WebSocketErrorCode
        else { return error }
        switch code {
        case .messageTooLarge: return WebSocketClientError.serverSentMessageTooLarge
        case .dataInconsistentWithMessage: return WebSocketClientError.serverSentDataInconsistentWithMessage
        default: return WebSocketClientError.serverProtocolError
        }
    }
}
