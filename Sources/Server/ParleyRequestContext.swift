import Hummingbird
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
