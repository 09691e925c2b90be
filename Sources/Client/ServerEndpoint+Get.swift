import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// A page of the server read over HTTPS with the endpoint's trust (a pin checked inside the
/// handshake, as a WebSocket connection's is): `parley verify` reads the server's signing key
/// (`/.well-known/parley-key`) so, and a client posts its stickers (`POST /stickers`).
extension ServerEndpoint {
    public struct Page: Sendable {
        public let status: Int
        public let bytes: [UInt8]
        /// The body as UTF-8 text.
        public var body: String { String(decoding: bytes, as: UTF8.self) }
    }

    /// Throws `ServerTrustError` when the server is not the trusted one, before the request
    /// is sent.
    public func get(_ path: String, timeout: TimeAmount = .seconds(10)) async throws -> Page {
        try await request(.GET, path, timeout: timeout)
    }

    /// A request of any method, with `headers` and `body`, under the endpoint's trust.
    public func request(
        _ method: HTTPMethod, _ path: String, headers: [(String, String)] = [], body: [UInt8] = [], timeout: TimeAmount = .seconds(10)
    ) async throws -> Page {
        let pinCheck: PinCheck? = if case let .pinned(pin) = trust { PinCheck(pin: pin) } else { nil }
        let context = try NIOSSLContext(configuration: try trust.tlsConfiguration())
        let serverName = self.serverName
        let eventLoop = MultiThreadedEventLoopGroup.singleton.next()
        let answer = eventLoop.makePromise(of: Page.self)
        let channel: any Channel
        do {
            channel = try await ClientBootstrap(group: eventLoop)
                .connectTimeout(timeout)
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        let tls = if let pinCheck {
                            try NIOSSLClientHandler(
                                context: context, serverHostname: serverName, customVerificationCallback: pinCheck.verify)
                        } else {
                            try NIOSSLClientHandler(context: context, serverHostname: serverName)
                        }
                        try channel.pipeline.syncOperations.addHandler(tls)
                        try channel.pipeline.syncOperations.addHTTPClientHandlers()
                        try channel.pipeline.syncOperations.addHandler(PageReader(answer: answer))
                    }
                }
                .connect(host: host, port: port).get()
        } catch {
            answer.fail(error)
            throw error
        }
        let deadline = eventLoop.scheduleTask(in: timeout) { answer.fail(ChannelError.connectTimeout(timeout)) }
        var head = HTTPRequestHead(version: .http1_1, method: method, uri: path)
        head.headers.add(name: "Host", value: "\(host):\(port)")
        head.headers.add(name: "Connection", value: "close")
        for (name, value) in headers { head.headers.add(name: name, value: value) }
        if method != .GET { head.headers.add(name: "Content-Length", value: String(body.count)) }
        channel.write(HTTPClientRequestPart.head(head), promise: nil)
        if !body.isEmpty { channel.write(HTTPClientRequestPart.body(.byteBuffer(ByteBuffer(bytes: body))), promise: nil) }
        channel.writeAndFlush(HTTPClientRequestPart.end(nil), promise: nil)
        defer {
            deadline.cancel()
            channel.close(promise: nil)
        }
        do {
            return try await answer.futureResult.get()
        } catch {
            if let failure = pinCheck?.failure("\(host):\(port)") { throw failure }
            throw error
        }
    }
}

/// Collects one response; fails on an error or a connection closed before its end.
private final class PageReader: ChannelInboundHandler {
    typealias InboundIn = HTTPClientResponsePart

    private let answer: EventLoopPromise<ServerEndpoint.Page>
    private var status = 0
    private var body = ByteBuffer()

    init(answer: EventLoopPromise<ServerEndpoint.Page>) {
        self.answer = answer
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case let .head(head): status = Int(head.status.code)
        case var .body(part): body.writeBuffer(&part)
        case .end: answer.succeed(ServerEndpoint.Page(status: status, bytes: Array(buffer: body)))
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        answer.fail(error)
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        answer.fail(ChannelError.eof)
    }
}
