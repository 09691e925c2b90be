import HummingbirdCore
import Logging
import NIOCore
import NIOSSL
import Synchronization
import Wire

/// The TLS identity the server presents to each new connection: the one it started with until
/// a reload replaces it (`SIGHUP`, `parley admin reload`), after which new connections get the
/// new certificate and those already open keep the one they shook hands with.
public final class PresentedIdentity: Sendable {
    private let state: Mutex<(identity: ServerIdentity, context: NIOSSLContext)>

    /// - Throws: `ServerIdentityError.keyMismatch` when TLS cannot be set up with it.
    public init(_ identity: ServerIdentity) throws(ServerIdentityError) {
        state = Mutex((identity, try Self.context(for: identity)))
    }

    /// The identity new connections are given.
    public var identity: ServerIdentity { state.withLock { $0.identity } }

    /// TLS for the next connection.
    var context: NIOSSLContext { state.withLock { $0.context } }

    /// Presents `identity` to every connection from now on. One TLS cannot be set up with is
    /// refused, and the current one stays.
    public func replace(with identity: ServerIdentity) throws(ServerIdentityError) {
        let context = try Self.context(for: identity)
        state.withLock { $0 = (identity, context) }
    }

    private static func context(for identity: ServerIdentity) throws(ServerIdentityError) -> NIOSSLContext {
        do {
            return try NIOSSLContext(configuration: identity.tlsConfiguration)
        } catch {
            throw .keyMismatch(certificate: identity.certificatePath, key: "its key", "\(error)")
        }
    }
}

/// TLS in front of `base`, with the identity presented when the connection is accepted.
package struct PresentingTLSChannel<Base: ServerChildChannel>: ServerChildChannel {
    package typealias Value = Base.Value
    package let base: Base
    package let identity: PresentedIdentity

    /// How much each read of a connection's socket asks for: 512 bytes at first (NIO's default
    /// is 2,048), growing while reads fill it, and kept by the connection between reads. A
    /// player's frame is a few hundred bytes, and most connections are idle most of the time:
    /// 1 KB less for each of 10,000 idle connections (docs/BENCHMARKS.md).
    static var reads: AdaptiveRecvByteBufferAllocator {
        AdaptiveRecvByteBufferAllocator(minimum: 64, initial: 512, maximum: 65_536)
    }

    package func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let context = identity.context
        return channel.eventLoop.makeCompletedFuture {
            try channel.syncOptions?.setOption(ChannelOptions.recvAllocator, value: Self.reads)
            try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: context))
        }.flatMap {
            base.setup(channel: channel, logger: logger)
        }
    }

    package func handle(value: Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}

extension PresentingTLSChannel: HTTPChannelHandler where Base: HTTPChannelHandler {
    package var responder: HTTPChannelHandler.Responder { base.responder }
}
