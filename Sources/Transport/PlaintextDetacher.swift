import NIOCore

/// Hands on what TLS decrypted in a buffer of its own, sized to it, instead of a view of the TLS
/// handler's 32 KB read buffer. A WebSocket frame split over two reads leaves its first part
/// in the frame decoder; had that been a view, the decoder would keep the whole 32 KB buffer
/// alive, and the TLS handler, no longer its only owner, would copy it on its next read: a
/// second 32 KB per connection, taken by one connection after another as frames happen to
/// split, so that a server under steady load grew for many minutes. A copy of a few KB per
/// read costs far less than decrypting it.
package final class PlaintextDetacher: ChannelInboundHandler, RemovableChannelHandler {
    package typealias InboundIn = ByteBuffer
    package typealias InboundOut = ByteBuffer

    package init() {}

    package func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let buffer = unwrapInboundIn(data)
        var own = context.channel.allocator.buffer(capacity: buffer.readableBytes)
        own.writeImmutableBuffer(buffer)
        context.fireChannelRead(wrapInboundOut(own))
    }
}
