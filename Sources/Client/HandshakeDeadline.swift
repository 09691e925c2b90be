import NIOCore
import NIOTLS

/// Ends a connection whose TLS handshake has not completed within `limit` of connecting, so
/// that a port that accepts and then says nothing does not hang a client. It sits behind the
/// TLS handler and leaves the pipeline once the handshake is done.
final class HandshakeDeadline: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    /// Fired down the pipeline when the time is up, so that whoever waits on the connection
    /// (the HTTP upgrade) fails with it rather than with the close that follows.
    struct Expired: Error {}

    private let limit: TimeAmount
    private var timer: Scheduled<Void>?

    init(limit: TimeAmount) {
        self.limit = limit
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { start(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        start(context)
        context.fireChannelActive()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        context.fireUserInboundEventTriggered(event)
        if case .handshakeCompleted = event as? TLSUserEvent {
            context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        timer?.cancel()
    }

    func channelInactive(context: ChannelHandlerContext) {
        timer?.cancel()
        context.fireChannelInactive()
    }

    private func start(_ context: ChannelHandlerContext) {
        guard timer == nil else { return }
        timer = context.eventLoop.assumeIsolated().scheduleTask(in: limit) {
            context.fireErrorCaught(Expired())
            context.close(promise: nil)
        }
    }
}
