import NIOCore
import NIOWebSocket

/// The rules of RFC 6455 that every frame a client sends must keep, checked before its
/// fragments are put together (which drops the mask): a client masks every frame (5.1), and
/// uses no reserved opcode (5.2). A frame that breaks one fails the connection
/// (`ClientConnection` closes it with 1002, protocol error).
package final class ClientFrameRules: ChannelInboundHandler, RemovableChannelHandler {
    package typealias InboundIn = WebSocketFrame
    package typealias InboundOut = WebSocketFrame

    package init() {}

    package enum Violation: Error, Equatable {
        case unmasked
        case reservedOpcode(UInt8)
    }

    private var failed = false

    package func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !failed else { return }
        let frame = unwrapInboundIn(data)
        let violation: Violation? = switch frame.opcode {
        case .continuation, .text, .binary, .connectionClose, .ping, .pong:
            frame.maskKey == nil ? .unmasked : nil
        default:
            .reservedOpcode(UInt8(webSocketOpcode: frame.opcode))
        }
        guard let violation else {
            context.fireChannelRead(data)
            return
        }
        // Nothing after it is read: the connection is failed.
        failed = true
        context.fireErrorCaught(violation)
    }
}
