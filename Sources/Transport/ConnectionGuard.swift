import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import HummingbirdWebSocket
import NIOSSL
import Logging
import NIOCore
import NIOHTTP1
import Synchronization

/// The server's bounds on connections themselves, before any frame: how many it holds, how
/// many from one address, how long a new one may take to say what it wants, how large that
/// may be, and how long one may stay silent. Each connection that passes a bound is closed,
/// so that sockets held open by nobody, or by someone dripping bytes, never lock players out.
package final class ConnectionGate: Sendable {
    package let limits: ServerLimits
    private let counts = Mutex(Counts())

    private struct Counts {
        var total = 0
        var byAddress: [String: Int] = [:]
    }

    package init(limits: ServerLimits) {
        self.limits = limits
    }

    /// Takes a place for a connection from `address`; false when the server or that address
    /// holds all it may.
    package func admit(_ address: String) -> Bool {
        counts.withLock { counts in
            guard counts.total < limits.connections, counts.byAddress[address, default: 0] < limits.connectionsPerAddress
            else { return false }
            counts.total += 1
            counts.byAddress[address, default: 0] += 1
            return true
        }
    }

    package func release(_ address: String) {
        counts.withLock { counts in
            counts.total -= 1
            let left = counts.byAddress[address, default: 1] - 1
            counts.byAddress[address] = left > 0 ? left : nil
        }
    }

    /// How many connections are open now.
    package var count: Int { counts.withLock { $0.total } }
}

/// A server child channel with the gate's bounds in front of `base`, after TLS: it sees the
/// decrypted bytes, so it can tell when the first request's head has arrived.
package struct GuardedChannel<Base: ServerChildChannel & HTTPChannelHandler>: ServerChildChannel, HTTPChannelHandler {
    package typealias Value = Base.Value
    package let base: Base
    package let gate: ConnectionGate

    package var responder: HTTPChannelHandler.Responder { base.responder }

    package func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture { () -> ConnectionGuardHandler in
            let limits = gate.limits
            let connectionGuard = ConnectionGuardHandler(gate: gate, logger: logger)
            try channel.pipeline.syncOperations.addHandlers([
                PlaintextDetacher(),
                OutboxWriter(eventLoop: channel.eventLoop, maxFrameBytes: limits.serverFrameBytes),
                IdleStateHandler(readTimeout: .seconds(Int64(limits.idleSeconds))),
                connectionGuard,
            ])
            return connectionGuard
        }.flatMap { connectionGuard in
            // The base adds the HTTP handlers at once (the value it returns comes later): the
            // request decoder's errors are then taken right after it.
            let value = base.setup(channel: channel, logger: logger)
            do {
                let operations = channel.pipeline.syncOperations
                let decoder = try operations.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
                try operations.addHandler(
                    BadRequestHandler(connectionGuard: connectionGuard, logger: logger), position: .after(decoder))
            } catch {
                return channel.eventLoop.makeFailedFuture(error)
            }
            return value
        }
    }

    package func handle(value: Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}

/// Closes its connection when the gate is full, when the first request's head has not
/// arrived within `limits.handshakeSeconds` of accepting it (the TLS handshake included), when
/// that head is over `limits.headBytes` (answered 431), when nothing at all was read for
/// `limits.idleSeconds`, and when the peer read nothing for as long: the connection stayed
/// unwritable (what waits for it is over NIO's high-water mark) however much it sends.
package final class ConnectionGuardHandler: ChannelInboundHandler, RemovableChannelHandler {
    package typealias InboundIn = ByteBuffer
    package typealias InboundOut = ByteBuffer
    package typealias OutboundOut = ByteBuffer

    private let gate: ConnectionGate
    private let logger: Logger
    private var address: String?
    private var deadline: Scheduled<Void>?
    /// Set while the connection is unwritable: when it will be closed if it stays so.
    private var stall: Scheduled<Void>?
    /// Bytes of the first request read so far, until its head is complete.
    private var headBytes = 0
    private var headComplete = false
    /// The last bytes read, to find a head's end split over two reads.
    private var tail: [UInt8] = []

    package init(gate: ConnectionGate, logger: Logger) {
        self.gate = gate
        self.logger = logger
    }

    package func channelActive(context: ChannelHandlerContext) {
        let address = context.remoteAddress?.ipAddress ?? "unknown"
        guard gate.admit(address) else {
            logger.notice("Refusing a connection: too many open", metadata: ["address": "\(address)"])
            context.close(promise: nil)
            return
        }
        self.address = address
        let seconds = gate.limits.handshakeSeconds
        let channel = context.channel
        deadline = context.eventLoop.scheduleTask(in: .seconds(Int64(seconds))) { [logger] in
            logger.notice("Closing a connection that sent no request head in time", metadata: ["address": "\(address)"])
            channel.close(promise: nil)
        }
        context.fireChannelActive()
    }

    package func channelInactive(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
        stall?.cancel()
        stall = nil
        if let address {
            gate.release(address)
            self.address = nil
        }
        context.fireChannelInactive()
    }

    package func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if !headComplete {
            let buffer = unwrapInboundIn(data)
            let end = Self.endOfHead(in: buffer.readableBytesView, after: &tail)
            headBytes += end ?? buffer.readableBytes
            if headBytes > gate.limits.headBytes {
                refuseLargeHead(context: context)
                return
            }
            if end != nil {
                headComplete = true
                deadline?.cancel()
                deadline = nil
            }
        }
        context.fireChannelRead(data)
    }

    package func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable {
            stall?.cancel()
            stall = nil
        } else if stall == nil {
            let channel = context.channel
            stall = context.eventLoop.scheduleTask(in: .seconds(Int64(gate.limits.idleSeconds))) { [logger, address] in
                guard !channel.isWritable else { return }
                logger.notice("Closing a connection that reads nothing", metadata: ["address": "\(address ?? "?")"])
                channel.close(promise: nil)
            }
        }
        context.fireChannelWritabilityChanged()
    }

    package func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is ChannelShouldQuiesceEvent, !headComplete {
            // The server is stopping and this connection has asked for nothing yet: nothing to
            // finish, so it is closed now rather than when its handshake deadline comes.
            context.close(promise: nil)
            return
        }
        if let idle = event as? IdleStateHandler.IdleStateEvent, idle == .read {
            logger.notice("Closing a connection silent for too long", metadata: ["address": "\(address ?? "?")"])
            context.close(promise: nil)
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    private func refuseLargeHead(context: ChannelHandlerContext) {
        logger.notice("Refusing a request head over the limit", metadata: ["address": "\(address ?? "?")"])
        refuse(context: context, status: "431 Request Header Fields Too Large", reason: "The request head is over the limit.")
    }

    /// Answers the connection's request with `status`, written as bytes from here, before any
    /// HTTP handler (which may be in no state to write it), and closes the connection.
    package func refuse(_ channel: any Channel, status: String, reason: String) {
        guard let context = try? channel.pipeline.syncOperations.context(handler: self) else {
            channel.close(promise: nil)
            return
        }
        refuse(context: context, status: status, reason: reason)
    }

    private func refuse(context: ChannelHandlerContext, status: String, reason: String) {
        headComplete = true
        deadline?.cancel()
        deadline = nil
        let body = reason + "\r\n"
        let answer = "HTTP/1.1 \(status)\r\nContent-Type: text/plain; charset=utf-8\r\n"
            + "Connection: close\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: answer))).whenComplete { _ in
            channel.close(promise: nil)
        }
    }

    /// How many of `bytes`, read after `tail`, come up to the end of a request head (an empty
    /// line: CRLF CRLF, or LF LF from a lenient client); `nil` if the head does not end in
    /// them. Keeps the last bytes in `tail`.
    package static func endOfHead(in bytes: some Collection<UInt8>, after tail: inout [UInt8]) -> Int? {
        var last = tail
        for (offset, byte) in bytes.enumerated() {
            if byte == UInt8(ascii: "\n") {
                // "\n\n" or "\n\r\n": the line before this one was empty.
                if last.last == UInt8(ascii: "\n") { return offset + 1 }
                if last.count >= 2, last[last.count - 1] == UInt8(ascii: "\r"), last[last.count - 2] == UInt8(ascii: "\n") {
                    return offset + 1
                }
            }
            last.append(byte)
            if last.count > 2 { last.removeFirst(last.count - 2) }
        }
        tail = last
        return nil
    }
}

package extension HTTPServerBuilder {
    /// HTTP/1.1 with WebSocket upgrades over TLS, with `gate`'s bounds on every connection: each
    /// WebSocket served by `webSocket`, each connection given the identity presented when it
    /// is accepted.
    static func guardedTLS(
        webSocket: WebSocketService,
        configuration: HTTP1WebSocketUpgradeChannel.Configuration,
        gate: ConnectionGate,
        identity: PresentedIdentity
    ) -> HTTPServerBuilder {
        HTTPServerBuilder { responder in
            switch webSocket {
            case let .tasks(webSocketResponder):
                return PresentingTLSChannel(
                    base: GuardedChannel(
                        base: HTTP1WebSocketUpgradeChannel(
                            responder: responder, webSocketResponder: webSocketResponder, configuration: configuration),
                        gate: gate),
                    identity: identity)
            case let .handlers(route):
                let channel = WebSocketUpgradeChannel(
                    responder: responder, route: route, configuration: configuration.http1,
                    maxFrameSize: configuration.ws.maxFrameSize)
                channel.warmUp(logger: Logger(label: "parley.warm-up"))
                return PresentingTLSChannel(base: GuardedChannel(base: channel, gate: gate), identity: identity)
            }
        }
    }
}
