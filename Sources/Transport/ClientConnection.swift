import Foundation
import Logging
import NIOCore
import NIOSSL
import NIOWebSocket
import Transcript
import Wire

/// One WebSocket connection to the server, from its upgrade on: the challenge and its answer,
/// then frames in both directions until either side closes. Whatever goes wrong here closes this
/// connection only.
///
/// A channel handler on the connection's event loop, after NIO's frame decoder and a
/// `NIOWebSocketFrameAggregator`, so it reads whole messages. No task waits for a connection:
/// each frame read is checked and handed to its pipeline at once (`ConversationRouter.dispatch`), and the
/// frames out are written by the connection's `OutboxWriter`, also on the event loop. The frames
/// it writes itself (the challenge, refusals before the welcome, pongs, pings, the close) go
/// through NIO's frame encoder.
///
/// Read and written on its event loop only.
package final class ClientConnection: ChannelInboundHandler, RemovableChannelHandler, @unchecked Sendable {
    package typealias InboundIn = WebSocketFrame
    package typealias OutboundOut = WebSocketFrame

    private let router: any ConnectionRouting
    private let limits: ServerLimits
    private let serverName: String
    private let writer: OutboxWriter
    /// Its lines name the connection and, once authenticated, the account.
    private let logger: Logger

    /// The close reason (with 1001) of a server that stops: it will be back, or another node is
    /// there; what was accepted is stored.
    package static let stoppingReason = "stopping: connect again"

    /// How long the client has to answer the server's close before the connection is cut.
    package static let closeTimeout = TimeAmount.seconds(15)

    private enum State {
        /// Upgraded, the challenge not yet sent.
        case upgraded
        /// The challenge is sent; the first message must answer it.
        case authenticating(nonce: String)
        case open(Authenticated)
        /// Nothing more is read: the connection is closing, and the session, if there was one,
        /// ends with it.
        case closing(Authenticated?)
    }

    /// What an authenticated connection holds.
    private struct Authenticated {
        let account: AccountID
        let connection: Int
        let outbox: Outbox
    }

    private var state = State.upgraded
    private var admission: FrameAdmission
    private var context: ChannelHandlerContext?
    /// Closes a connection that has not authenticated in time.
    private var authenticateDeadline: Scheduled<Void>?
    private var pinger: RepeatedTask?
    /// The last ping's payload, until its pong comes.
    private var unansweredPing: ByteBuffer?
    private var closeSent = false
    private var closeDeadline: Scheduled<Void>?
    /// Set while a frame is still being handed over (`ConversationRouter.dispatch` returned a remainder): the
    /// frames read meanwhile wait here, so one connection's frames keep their order.
    private var handingOver = false
    private var waiting: [ClientFrame] = []

    package init(router: any ConnectionRouting, limits: ServerLimits, serverName: String, writer: OutboxWriter, logger: Logger) {
        self.router = router
        self.limits = limits
        self.serverName = serverName
        self.writer = writer
        self.logger = logger
        admission = FrameAdmission(limits: limits, metrics: router.metrics, clock: router.clock)
    }

    /// `extra` and, once authenticated, the connection's number and account: made when a line is
    /// logged, rather than kept in the logger of every connection (a dictionary each).
    private func metadata(_ extra: Logger.Metadata = [:]) -> Logger.Metadata {
        guard case let .open(session) = state else { return extra }
        return extra.merging(["connection": "\(session.connection)", "account": "\(session.account)"]) { old, _ in old }
    }

    // MARK: The channel's events

    package func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        let nonce = Authenticator.makeNonce()
        state = .authenticating(nonce: nonce)
        write(.challenge(.init(nonce: nonce, server: serverName)), context: context)
        // A connection that does not authenticate in time is told so and closed (1008); one
        // that does not even answer the close is cut off after `closeTimeout`.
        let seconds = limits.authenticateSeconds
        authenticateDeadline = context.eventLoop.scheduleTask(in: .seconds(Int64(seconds))) {
            self.refuse(ErrorFrame(code: "unauthenticated", reason: "No authenticate frame within \(seconds) s of the challenge."))
        }
        // A ping not answered by the next one closes the connection.
        let interval = TimeAmount.seconds(Int64(limits.pingSeconds))
        pinger = context.eventLoop.scheduleRepeatedTask(initialDelay: interval, delay: interval) { _ in
            self.ping()
        }
    }

    package func handlerRemoved(context: ChannelHandlerContext) {
        end()
        self.context = nil
    }

    package func channelInactive(context: ChannelHandlerContext) {
        end()
        context.fireChannelInactive()
    }

    package func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        // No extension is negotiated, so no reserved bit may be set (RFC 6455, 5.2).
        guard frame.reservedBits.isEmpty else {
            close(.protocolError, reason: nil)
            return
        }
        switch frame.opcode {
        case .text, .binary:
            read(frame)
        case .ping:
            guard !closeSent else { return }
            context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .pong, data: frame.unmaskedData)), promise: nil)
        case .pong:
            if let ping = unansweredPing, frame.unmaskedData == ping { unansweredPing = nil }
        case .connectionClose:
            receivedClose(frame)
        default:
            break
        }
    }

    package func errorCaught(context: ChannelHandlerContext, error: any Error) {
        switch error {
        case NIOWebSocketFrameAggregator.Error.accumulatedFrameSizeIsTooLarge:
            close(.messageTooLarge, reason: nil)
        case is NIOWebSocketFrameAggregator.Error, is ClientFrameRules.Violation:
            close(.protocolError, reason: nil)
        case is NIOWebSocketError:
            // NIO's protocol error handler has answered it with a close, and closes.
            stopReading()
        default:
            // A client that went away without a close frame is nothing an operator must act on.
            if Self.isDeparture(error) {
                logger.debug("A client left without closing", metadata: metadata(["error": "\(error)"]))
            } else {
                logger.notice("WebSocket connection failed", metadata: metadata(["error": "\(error)"]))
            }
            stopReading()
            context.close(promise: nil)
        }
    }

    package func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is ChannelShouldQuiesceEvent {
            // The server is stopping: what is queued goes out, then the close, whose reason
            // tells the client to connect again (to another node, if it knows one).
            finish(.goingAway, reason: Self.stoppingReason)
            return
        }
        if case ChannelEvent.inputClosed = event {
            // The client will send nothing more (it shut its side without a close frame): the
            // connection ends here.
            stopReading()
            context.close(promise: nil)
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    /// Whether `error` only says that the peer is gone: its TLS or TCP connection ended without
    /// a goodbye.
    package static func isDeparture(_ error: any Error) -> Bool {
        switch error {
        case NIOSSLError.uncleanShutdown, ChannelError.eof, ChannelError.ioOnClosedChannel, ChannelError.outputClosed:
            return true
        case let error as IOError:
            return [ECONNRESET, EPIPE, ETIMEDOUT].contains(error.errnoCode)
        default:
            return false
        }
    }

    // MARK: Messages

    /// A whole text or binary message.
    private func read(_ frame: WebSocketFrame) {
        // RFC 6455 8.1: text that is not UTF-8 fails the connection, unanswered.
        let text: String?
        if frame.opcode == .text {
            guard let valid = String(validating: frame.unmaskedData.readableBytesView, as: UTF8.self) else {
                close(.dataInconsistentWithMessage, reason: nil)
                return
            }
            text = valid
        } else {
            text = nil
        }
        switch state {
        case let .authenticating(nonce):
            authenticate(text, nonce: nonce)
        case let .open(session):
            switch admission.admit(text, outbox: session.outbox) {
            case let .submit(frame):
                handOver(frame, session: session)
            case .answered:
                break
            case .flooding:
                logger.notice("Closing a flooding connection", metadata: metadata())
                finish(.policyViolation, reason: "rate limit")
            }
        case .upgraded, .closing:
            break
        }
    }

    /// The first message: the account it proves and the name it gives, or a refusal.
    private func authenticate(_ text: String?, nonce: String) {
        authenticateDeadline?.cancel()
        authenticateDeadline = nil
        guard let text, case let .authenticate(frame)? = try? ClientFrame(json: text),
            let account = Authenticator.account(for: frame, nonce: nonce)
        else {
            refuse(ErrorFrame(code: "unauthenticated",
                reason: "The first frame must be an authenticate frame signing this connection's challenge."))
            return
        }
        // A name is checked as `rename` checks it: one that could never be kept refuses the
        // connection, rather than being welcomed with a name nobody else will see.
        var name: String?
        if let typed = frame.name {
            let (kept, refusal) = router.check(name: typed)
            guard let kept else {
                refuse(refusal)
                return
            }
            name = kept
        }
        // Bounded: a reader too slow for its share of frames is closed rather than let grow
        // without end, and catches up with `resume` when it comes back.
        let eventLoop = context?.eventLoop
        let outbox = Outbox(
            limit: limits.outboxFrames, maxFrameBytes: limits.serverFrameBytes, origin: context?.remoteAddress?.ipAddress, name: name,
            wake: { [writer] in writer.wake($0) }, overflowed: {
            eventLoop?.execute { self.close(.goingAway, reason: "closing") }
        })
        // The welcome is queued before the connection can be relayed anything: an event ahead
        // of it would break the handshake the protocol promises.
        outbox.deliver(.welcome(.init(account: account.rawValue, name: name)))
        guard let connection = router.connect(account, outbox: outbox, limit: limits.connectionsPerAccount) else {
            // Refused before the outbox starts: the welcome waiting in it is never sent.
            refuse(ErrorFrame(code: "too-many-connections", reason:
                "This account already holds \(limits.connectionsPerAccount) connections to this server; close one first."))
            return
        }
        let session = Authenticated(account: account, connection: connection, outbox: outbox)
        state = .open(session)
        outbox.start()
        if let name { handOver(.rename(.init(id: "", name: name)), session: session, answered: false) }
    }

    /// Hands a frame to its pipeline, after the frames before it. `answered: false` for a
    /// request made on the connection's behalf, whose answer nobody waits for.
    private func handOver(_ frame: ClientFrame, session: Authenticated, answered: Bool = true) {
        guard !handingOver else {
            waiting.append(frame)
            return
        }
        guard let remainder = router.dispatch(frame, from: session.account, connection: answered ? session.connection : nil)
        else { return }
        handingOver = true
        let eventLoop = context?.eventLoop
        Task {
            await remainder()
            eventLoop?.execute { self.handedOver() }
        }
    }

    /// The frame being handed over is: the ones that waited for it go on.
    private func handedOver() {
        handingOver = false
        guard case let .open(session) = state else {
            waiting = []
            return
        }
        while !handingOver, !waiting.isEmpty {
            handOver(waiting.removeFirst(), session: session)
        }
    }

    // MARK: Pings and closing

    /// Pings the client, or closes the connection (1001) if it did not answer the last ping.
    private func ping() {
        guard let context, !closeSent else { return }
        guard unansweredPing == nil else {
            close(.goingAway, reason: "Ping timeout")
            return
        }
        var payload = context.channel.allocator.buffer(capacity: 16)
        for _ in 0..<2 { payload.writeInteger(UInt64.random(in: .min ... .max)) }
        unansweredPing = payload
        context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .ping, data: payload)), promise: nil)
    }

    /// Tells the client why it is refused, and closes the connection (1008).
    private func refuse(_ error: ErrorFrame) {
        guard let context else { return }
        write(.error(error), context: context)
        close(.policyViolation, reason: error.code)
    }

    /// Stops reading; what is queued for the client goes out, then the close.
    private func finish(_ code: WebSocketErrorCode, reason: String) {
        guard case let .open(session) = state else {
            close(code, reason: reason)
            return
        }
        stopReading()
        let eventLoop = context?.eventLoop
        session.outbox.finish(then: { eventLoop?.execute { self.close(code, reason: reason) } })
    }

    /// Sends the close, once, and closes the connection when the client answers it or after
    /// `closeTimeout`.
    private func close(_ code: WebSocketErrorCode, reason: String?) {
        stopReading()
        guard let context, !closeSent else { return }
        closeSent = true
        var data = context.channel.allocator.buffer(capacity: 2 + (reason?.utf8.count ?? 0))
        data.write(webSocketErrorCode: code)
        if let reason { data.writeString(reason) }
        context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: data)), promise: nil)
        let channel = context.channel
        closeDeadline = context.eventLoop.scheduleTask(in: Self.closeTimeout) { channel.close(promise: nil) }
    }

    /// The client's close: the answer to the server's, or its own, answered with 1000 (RFC 6455
    /// 5.5.1). Either way the connection closes; frames still queued for it are not sent.
    private func receivedClose(_ frame: WebSocketFrame) {
        // The connection is gone from the moment its close arrives (its seeks with it), not
        // when TLS has finished closing: a client that drops the socket without TLS's
        // close_notify would otherwise be counted, and paired, until the TLS shutdown timed out.
        end()
        guard let context else { return }
        guard !closeSent else {
            context.close(promise: nil)
            return
        }
        closeSent = true
        var data = context.channel.allocator.buffer(capacity: 2)
        data.write(webSocketErrorCode: .normalClosure)
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: data)))
            .whenComplete { _ in channel.close(promise: nil) }
    }

    /// Reads nothing more: the session, if any, ends with the connection.
    private func stopReading() {
        authenticateDeadline?.cancel()
        authenticateDeadline = nil
        switch state {
        case let .open(session): state = .closing(session)
        case .upgraded, .authenticating: state = .closing(nil)
        case .closing: break
        }
    }

    /// The connection is gone: the router forgets it and its timers stop.
    private func end() {
        stopReading()
        pinger?.cancel()
        pinger = nil
        closeDeadline?.cancel()
        closeDeadline = nil
        waiting = []
        if case let .closing(session?) = state {
            state = .closing(nil)
            router.disconnect(session.account, connection: session.connection)
            session.outbox.finish()
        }
    }

    /// Writes a frame through NIO's encoder: for the frames before the outbox exists.
    private func write(_ frame: ServerFrame, context: ChannelHandlerContext) {
        let data = context.channel.allocator.buffer(bytes: FrameWriter.json(frame))
        context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .text, data: data)), promise: nil)
    }
}
