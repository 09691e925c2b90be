import Hummingbird
import HummingbirdWebSocket
import NIOCore

/// The request context of the server's HTTP routes: Hummingbird's basic one plus the peer's
/// address, which the admin API checks (loopback only, unless configured otherwise).
public struct ParleyRequestContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    public let remoteAddress: SocketAddress?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }
}

/// The request context of a WebSocket upgrade: Hummingbird's basic one plus the connection's
/// channel, where the relay finds the connection's `OutboxWriter`.
public struct ParleyWebSocketContext: RequestContext, WebSocketRequestContext {
    public var coreContext: CoreRequestContextStorage
    public let webSocket: WebSocketHandlerReference<Self>
    public let channel: any Channel

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        webSocket = .init()
        channel = source.channel
    }
}
