import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// One HTTPS connection kept open for page after page, as a browser keeps one to a site: the
/// bench's readers of state pages. One request at a time.
public final class PageConnection: Sendable {
    private let channel: any Channel
    private let reader: PageQueue
    private let authority: String

    /// Opens a connection under the endpoint's trust (a pin checked inside the handshake).
    public static func open(to endpoint: ServerEndpoint, timeout: TimeAmount = .seconds(10)) async throws -> PageConnection {
        let pinCheck: PinCheck? = if case let .pinned(pin) = endpoint.trust { PinCheck(pin: pin) } else { nil }
        let context = try NIOSSLContext(configuration: try endpoint.trust.tlsConfiguration())
        let serverName = endpoint.serverName
        let eventLoop = MultiThreadedEventLoopGroup.singleton.next()
        let reader = PageQueue()
        let channel = try await ClientBootstrap(group: eventLoop)
            .connectTimeout(timeout)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let tls = if let pinCheck {
                        try NIOSSLClientHandler(context: context, serverHostname: serverName, customVerificationCallback: pinCheck.verify)
                    } else {
                        try NIOSSLClientHandler(context: context, serverHostname: serverName)
                    }
                    try channel.pipeline.syncOperations.addHandler(tls)
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    try channel.pipeline.syncOperations.addHandler(reader)
                }
            }
            .connect(host: endpoint.host, port: endpoint.port).get()
        return PageConnection(channel: channel, reader: reader, authority: "\(endpoint.host):\(endpoint.port)")
    }

    private init(channel: any Channel, reader: PageQueue, authority: String) {
        self.channel = channel
        self.reader = reader
        self.authority = authority
    }

    /// A page; throws when the connection fails or the server closes it.
    public func get(_ path: String) async throws -> ServerEndpoint.Page {
        let answer = channel.eventLoop.makePromise(of: ServerEndpoint.Page.self)
        var head = HTTPRequestHead(version: .http1_1, method: .GET, uri: path)
        head.headers.add(name: "Host", value: authority)
        let channel = self.channel, reader = self.reader
        channel.eventLoop.execute {
            reader.expect(answer)
            channel.write(HTTPClientRequestPart.head(head), promise: nil)
            channel.writeAndFlush(HTTPClientRequestPart.end(nil), promise: nil)
        }
        return try await answer.futureResult.get()
    }

    public func close() {
        channel.close(promise: nil)
    }
}

/// Hands each response to the request waiting for it; confined to the channel's event loop.
private final class PageQueue: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = HTTPClientResponsePart

    private var waiting: [EventLoopPromise<ServerEndpoint.Page>] = []
    private var status = 0
    private var body = ByteBuffer()

    func expect(_ answer: EventLoopPromise<ServerEndpoint.Page>) {
        waiting.append(answer)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case let .head(head):
            status = Int(head.status.code)
            body.clear()
        case var .body(part): body.writeBuffer(&part)
        case .end:
            guard !waiting.isEmpty else { return }
            waiting.removeFirst().succeed(ServerEndpoint.Page(status: status, bytes: Array(buffer: body)))
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        failAll(error)
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        failAll(ChannelError.eof)
    }

    private func failAll(_ error: any Error) {
        let failing = waiting
        waiting = []
        for answer in failing { answer.fail(error) }
    }
}
