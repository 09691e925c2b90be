import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import NIOWebSocket

extension ServerEndpoint {
    /// Opens `wss://host:port/path` as a bare NIO channel whose WebSocket frames, reassembled,
    /// go to the handler `makeHandler` makes on the channel's event loop: a client that runs on
    /// the event loop with no task per connection, for load generators. The same TLS trust as
    /// `connect` (a pin checked inside the one handshake). The handler must mask what it writes
    /// (RFC 6455 5.3) and answer pings; returns the channel once the WebSocket is open.
    public func openChannel(
        path: String = "/ws", group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
        makeHandler: @escaping @Sendable () -> any ChannelHandler
    ) async throws -> any Channel {
        let pinCheck: PinCheck? =
            if case let .pinned(pin) = trust { PinCheck(pin: pin) } else { nil }
        let context = try NIOSSLContext(configuration: try trust.tlsConfiguration())
        let urlHost = host.contains(":") ? "[\(host)]" : host
        let request = HTTPRequestHead(
            version: .http1_1, method: .GET, uri: path,
            headers: ["Host": "\(urlHost):\(port)", "Origin": "wss://\(urlHost)"])
        let (serverName, maxFrameSize) = (self.serverName, self.maxFrameSize)
        let upgraded = try await ClientBootstrap(group: group)
            .connectTimeout(TrustedWebSocketChannel.handshakeTimeout)
            .connect(host: host, port: port) { channel -> EventLoopFuture<EventLoopFuture<(any Channel)?>> in
                channel.eventLoop.makeCompletedFuture {
                    let tls =
                        if let pinCheck {
                            try NIOSSLClientHandler(
                                context: context, serverHostname: serverName, customVerificationCallback: pinCheck.verify)
                        } else {
                            try NIOSSLClientHandler(context: context, serverHostname: serverName)
                        }
                    try channel.pipeline.syncOperations.addHandler(tls)
                    try channel.pipeline.syncOperations.addHandler(HandshakeDeadline(limit: TrustedWebSocketChannel.handshakeTimeout))
                    let upgrader = NIOTypedWebSocketClientUpgrader<(any Channel)?>(maxFrameSize: maxFrameSize) { channel, _ in
                        channel.eventLoop.makeCompletedFuture {
                            try channel.pipeline.syncOperations.addHandler(NIOWebSocketFrameAggregator(
                                minNonFinalFragmentSize: 0, maxAccumulatedFrameCount: 1024, maxAccumulatedFrameSize: maxFrameSize))
                            try channel.pipeline.syncOperations.addHandler(makeHandler())
                            return channel
                        }
                    }
                    var configuration = NIOUpgradableHTTPClientPipelineConfiguration(
                        upgradeConfiguration: .init(upgradeRequestHead: request, upgraders: [upgrader]) { channel in
                            channel.eventLoop.makeSucceededFuture(nil)
                        })
                    configuration.leftOverBytesStrategy = .forwardBytes
                    return try channel.pipeline.syncOperations.configureUpgradableHTTPClientPipeline(configuration: configuration)
                }
            }
        do {
            guard let channel = try await upgraded.get() else { throw ConnectionError.unexpected("the WebSocket upgrade was declined") }
            return channel
        } catch {
            if let pinCheck, let failure = pinCheck.failure("\(host):\(port)") { throw failure }
            throw error
        }
    }
}
