import Logging
import NIOCore
import NIOHTTP1

/// Answers a request that HTTP cannot read (an unknown method, HTTP/0.9, both Content-Length
/// and Transfer-Encoding, bytes not allowed in a request line) with 400 and closes its
/// connection, instead of leaving both open with no answer. It sits after the request decoder,
/// whose errors it takes; the answer is written as bytes through `ConnectionGuardHandler`,
/// before the response encoder, which is in no state to write it. Everything else passes by.
package final class BadRequestHandler: ChannelInboundHandler, RemovableChannelHandler {
    package typealias InboundIn = Never

    private let connectionGuard: ConnectionGuardHandler
    private let logger: Logger
    private var answered = false

    package init(connectionGuard: ConnectionGuardHandler, logger: Logger) {
        self.connectionGuard = connectionGuard
        self.logger = logger
    }

    package func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let parserError = error as? HTTPParserError else {
            context.fireErrorCaught(error)
            return
        }
        guard !answered else { return }
        answered = true
        logger.notice("Refusing a request HTTP cannot read", metadata: ["error": "\(parserError)"])
        connectionGuard.refuse(
            context.channel, status: "400 Bad Request", reason: "The request is not HTTP/1.1 that this server reads.")
    }
}
