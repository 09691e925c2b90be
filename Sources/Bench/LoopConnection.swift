import Client
import NIOCore
import NIOWebSocket
import Wire

/// A load generator's connection to a Parley server, run by a channel handler on its event
/// loop: it authenticates as a new install, then hands each server frame, in order and on the
/// event loop, to the one listener (`listen`). Nothing waits in a task for it, so a bot costs
/// the machine little beside the server it measures (`ParleyConnection`, the players' client,
/// gives each connection a reader and a writer task and hops between them and the event loop
/// for every frame: as much CPU per move as the server spent).
///
/// Its state is touched on the channel's event loop only.
final class LoopConnection: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    private let key = InstallKey()
    private var context: ChannelHandlerContext?
    private var welcome: EventLoopPromise<String>?
    private var welcomed = false
    /// Answers awaited by `request`, by request id.
    private var answers: [String: EventLoopPromise<ServerFrame>] = [:]
    private var listener: ((ServerFrame) -> Void)?
    /// Frames that came before anyone listened.
    private var early: [ServerFrame] = []
    private var whenClosed: [() -> Void] = []
    private(set) var isOpen = true

    private init() {}

    /// Connects and authenticates; returns once welcomed.
    static func open(to endpoint: ServerEndpoint) async throws -> LoopConnection {
        let connection = LoopConnection()
        let channel = try await endpoint.openChannel { connection }
        let welcomed = try await channel.eventLoop.submit { () -> EventLoopFuture<String> in
            if connection.welcomed { return channel.eventLoop.makeSucceededFuture("") }
            if !connection.isOpen { return channel.eventLoop.makeFailedFuture(ConnectionError.closed) }
            let promise = channel.eventLoop.makePromise(of: String.self)
            connection.welcome = promise
            return promise.futureResult
        }.get()
        _ = try await welcomed.get()
        return connection
    }

    var eventLoop: (any EventLoop)? { context?.eventLoop }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        switch frame.opcode {
        case .text:
            let text = String(buffer: frame.unmaskedData)
            guard let server = try? ServerFrame(json: text) else {
                fail(ConnectionError.unexpected("an unreadable frame: \(text.prefix(80))"))
                return
            }
            receive(server)
        case .ping:
            write(WebSocketFrame(fin: true, opcode: .pong, maskKey: .random(), data: frame.unmaskedData))
        case .connectionClose:
            context.close(promise: nil)
        default:
            break
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        fail(ConnectionError.closed)
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        fail(error)
        context.close(promise: nil)
    }

    private func receive(_ frame: ServerFrame) {
        if !welcomed {
            switch frame {
            case let .challenge(challenge):
                do {
                    send(.authenticate(try key.authenticate(challenge, name: nil)))
                } catch {
                    fail(error)
                }
            case let .welcome(welcome):
                welcomed = true
                self.welcome?.succeed(welcome.account)
                self.welcome = nil
            case let .error(error):
                fail(ConnectionError.refused(error))
            default:
                fail(ConnectionError.unexpected("\(frame) before the welcome"))
            }
            return
        }
        if let id = frame.requestID, let answer = answers.removeValue(forKey: id) {
            answer.succeed(frame)
        } else if let listener {
            listener(frame)
        } else {
            early.append(frame)
        }
    }

    /// Writes `frame`. On the event loop.
    func send(_ frame: ClientFrame) {
        guard let context else { return }
        var buffer = context.channel.allocator.buffer(capacity: 256)
        buffer.writeBytes(FrameWriter.json(frame))
        write(WebSocketFrame(fin: true, opcode: .text, maskKey: .random(), data: buffer))
    }

    private func write(_ frame: WebSocketFrame) {
        context?.writeAndFlush(wrapOutboundOut(frame), promise: nil)
    }

    /// Sends `frame` and returns its answer: for seating, before anyone listens.
    func request(_ frame: ClientFrame) async throws -> ServerFrame {
        guard let id = frame.requestID, let eventLoop else { throw ConnectionError.closed }
        return try await eventLoop.flatSubmit { () -> EventLoopFuture<ServerFrame> in
            guard self.isOpen else { return eventLoop.makeFailedFuture(ConnectionError.closed) }
            let promise = eventLoop.makePromise(of: ServerFrame.self)
            self.answers[id] = promise
            self.send(frame)
            return promise.futureResult
        }.get()
    }

    /// From now on every frame that is not the answer to a `request` goes to `body`, the ones
    /// that came before first; `closed` is called once when the connection ends. On the event
    /// loop.
    func listen(_ body: @escaping (ServerFrame) -> Void, closed: @escaping () -> Void) {
        listener = body
        let frames = early
        early = []
        for frame in frames { body(frame) }
        if isOpen { whenClosed.append(closed) } else { closed() }
    }

    func close() {
        eventLoop?.execute { self.context?.close(promise: nil) }
    }

    private func fail(_ error: any Error) {
        guard isOpen else { return }
        isOpen = false
        welcome?.fail(error)
        welcome = nil
        let waiting = answers
        answers = [:]
        for (_, answer) in waiting { answer.fail(error) }
        let closed = whenClosed
        whenClosed = []
        for then in closed { then() }
        // The listener (a bot) holds this connection: let it go.
        listener = nil
        context?.close(promise: nil)
    }
}
