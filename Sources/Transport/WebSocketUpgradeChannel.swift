import HTTPTypes
import HummingbirdCore
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOEmbedded
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1
import NIOWebSocket

/// Where a connection upgrades to a WebSocket served by channel handlers: a request for `path`
/// upgrades, and `handlers` makes what serves the connection from then on, after NIO's frame
/// decoder and encoder. Every other request is HTTP, answered by the server's routes.
public struct WebSocketRoute: Sendable {
    public var path: String
    /// Runs on the connection's event loop once the upgrade's response is written.
    public var handlers: @Sendable (_ channel: any Channel, _ logger: Logger) throws -> [any ChannelHandler]

    public init(path: String, handlers: @escaping @Sendable (_ channel: any Channel, _ logger: Logger) throws -> [any ChannelHandler]) {
        self.path = path
        self.handlers = handlers
    }
}

/// HTTP/1.1 with WebSocket upgrades, where a WebSocket is served by channel handlers on its
/// event loop rather than by a task: once upgraded, nothing waits for the connection, so an idle
/// one costs its channel and handlers alone. HTTP requests are served as Hummingbird serves them.
/// Like Hummingbird's own upgrade channel, it answers an upgrade refused (another path, a
/// request that is not a valid upgrade) with 400, and an upgrade asked for after a plain request
/// on the same connection with a redirect to a new connection.
package struct WebSocketUpgradeChannel: ServerChildChannel, HTTPChannelHandler {
    package enum UpgradeResult: Sendable {
        /// Upgraded: the route's handlers serve the connection.
        case webSocket
        case notUpgraded(NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>)
        case failedUpgrade(NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>)
    }

    package struct Value: ServerChildChannelValue {
        package let upgradeResult: EventLoopFuture<UpgradeResult>
        package let channel: any Channel
    }

    package let responder: HTTPChannelHandler.Responder
    package let route: WebSocketRoute
    package let configuration: HTTP1Channel.Configuration
    /// The largest WebSocket frame the decoder takes; a larger one closes the connection (1009).
    package let maxFrameSize: Int

    package init(responder: @escaping HTTPChannelHandler.Responder, route: WebSocketRoute, configuration: HTTP1Channel.Configuration,
         maxFrameSize: Int) {
        self.responder = Self.redirectingUpgrades(responder)
        self.route = route
        self.configuration = configuration
        self.maxFrameSize = maxFrameSize
    }

    package func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            let upgradeAttempted = NIOLoopBoundBox(false, eventLoop: channel.eventLoop)
            let route = route
            let upgrader = NIOTypedWebSocketServerUpgrader<UpgradeResult>(
                maxFrameSize: maxFrameSize,
                shouldUpgrade: { channel, head in
                    upgradeAttempted.value = true
                    let path = head.uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
                    return channel.eventLoop.makeSucceededFuture(path == route.path ? HTTPHeaders() : nil)
                },
                upgradePipelineHandler: { channel, _ in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandlers(route.handlers(channel, logger))
                        return .webSocket
                    }
                })
            let configuration = configuration
            let notUpgrading = NIOTypedHTTPServerUpgradeConfiguration<UpgradeResult>(
                upgraders: [upgrader],
                notUpgradingCompletionHandler: { channel in
                    channel.eventLoop.makeCompletedFuture {
                        let operations = channel.pipeline.syncOperations
                        try operations.addHandler(HTTP1ToHTTPServerCodec(secure: false))
                        try operations.addHandlers(configuration.additionalChannelHandlers())
                        try operations.addHandler(
                            HTTPConnectionStateHandler(idleTimeout: configuration.idleTimeout.map { .init($0) }, logger: logger))
                        let asyncChannel = try NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>(
                            wrappingChannelSynchronously: channel, configuration: .init(isOutboundHalfClosureEnabled: true))
                        return upgradeAttempted.value ? .failedUpgrade(asyncChannel) : .notUpgraded(asyncChannel)
                    }
                })
            var pipelineConfiguration = NIOUpgradableHTTPServerPipelineConfiguration(upgradeConfiguration: notUpgrading)
            // As Hummingbird's own channels: it pipelines HTTP, handles errors and checks headers itself.
            pipelineConfiguration.enablePipelining = false
            pipelineConfiguration.enableErrorHandling = false
            pipelineConfiguration.enableResponseHeaderValidation = false
            pipelineConfiguration.decoderConfiguration.maxHeaderFieldSize = configuration.httpDecoder.maxHeaderFieldSize
            pipelineConfiguration.decoderConfiguration.maxHeaderListSize = configuration.httpDecoder.maxHeaderListSize
            pipelineConfiguration.decoderConfiguration.maxHeaderFieldCount = configuration.httpDecoder.maxHeaderFieldCount
            let result = try channel.pipeline.syncOperations.configureUpgradableHTTPServerPipeline(
                configuration: pipelineConfiguration)
            return Value(upgradeResult: result, channel: channel)
        }
    }

    /// Serves HTTP until the connection closes; returns at once for a WebSocket, which its
    /// handlers serve.
    package func handle(value: Value, logger: Logger) async {
        do {
            switch try await value.upgradeResult.get() {
            case .webSocket:
                return
            case let .notUpgraded(http):
                await handleHTTP(asyncChannel: http, logger: logger)
            case let .failedUpgrade(http):
                try await http.executeThenClose { _, outbound in
                    let head = HTTPResponse(status: .badRequest, headerFields: [.connection: "close", .contentLength: "0"])
                    try await outbound.write(contentsOf: [.head(head), .end(nil)])
                }
            }
        } catch {
            // The connection closed before or while it was answered: nobody is left to tell.
            logger.debug("Connection ended before it was served", metadata: ["error": "\(error)"])
        }
    }

    /// NIO reads an upgrade only in a connection's first request: one that comes later is
    /// redirected to the same place and its connection closed, so the client asks again on a
    /// new connection.
    private static func redirectingUpgrades(_ responder: @escaping HTTPChannelHandler.Responder) -> HTTPChannelHandler.Responder {
        struct RedirectedUpgrade: Error {}
        return { (request: Request, responseWriter: consuming ResponseWriter, channel: any Channel) in
            guard request.headers[.upgrade]?.lowercased() == "websocket" else {
                try await responder(request, responseWriter, channel)
                return
            }
            let target = request.uri.query.map { "\(request.uri.path)?\($0)" } ?? request.uri.path
            try await responseWriter.writeResponse(
                HTTPResponse(status: .temporaryRedirect, headerFields: [.connection: "close", .location: target]))
            throw RedirectedUpgrade()
        }
    }
}

package extension WebSocketUpgradeChannel {
    /// Serves one plain request on an embedded channel, before the server listens.
    ///
    /// The Swift runtime builds a generic type's metadata the first time a process uses it; on
    /// this toolchain two event loops building the pipeline's types at once crashed a server
    /// that had just started (SIGSEGV in `swift_initEnumMetadataMultiPayload`, under
    /// `configureUpgradableHTTPServerPipeline`, as a browser's first requests came in together).
    /// Going through a connection's setup and first request here builds them on one thread.
    /// - Returns: whether the request reached the HTTP routes' side, as a connection's does.
    @discardableResult
    func warmUp(logger: Logger) -> Bool {
        let channel = EmbeddedChannel()
        defer { _ = try? channel.finish(acceptAlreadyClosed: true) }
        let reached = NIOLockedValueBox(false)
        setup(channel: channel, logger: logger).whenSuccess { value in
            value.upgradeResult.whenSuccess { result in
                if case .notUpgraded = result { reached.withLockedValue { $0 = true } }
            }
        }
        _ = try? channel.writeInbound(ByteBuffer(string: "GET / HTTP/1.1\r\nHost: localhost\r\n\r\n"))
        channel.embeddedEventLoop.run()
        return reached.withLockedValue { $0 }
    }
}
