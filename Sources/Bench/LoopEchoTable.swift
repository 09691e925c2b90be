import Client
import NIOCore
import NIOWebSocket

/// The baseline's counterpart of a `LoopTable`: two connections taking turns, one message in
/// flight at a time, so that the echo sees the same concurrency as the games, each connection
/// run by a channel handler like the bots' (`LoopConnection`), so that both are measured with
/// clients of the same kind.
final class LoopEchoTable: @unchecked Sendable {
    /// About as long as a Parley move: in a mixed run the proposed states average about 420
    /// characters (seed 66, ice cream 28, classic 1,170), so a `send` frame averages about 600
    /// bytes, with a median near 250.
    static let message = String(repeating: "x", count: 400)

    private let connections: [EchoHandler]
    /// Touched by one connection's event loop at a time: the message in flight passes the turn.
    private var turn = 0
    private var start = ContinuousClock.now
    private var meter: LoadMeter?

    private init(_ connections: [EchoHandler]) {
        self.connections = connections
    }

    static func open(at endpoint: ServerEndpoint) async throws -> LoopEchoTable {
        let first = EchoHandler(), second = EchoHandler()
        let table = LoopEchoTable([first, second])
        do {
            for handler in [first, second] {
                handler.table = table
                _ = try await endpoint.openChannel { handler }
            }
        } catch {
            table.close()
            throw error
        }
        return table
    }

    /// Echoes on each connection in turn until the meter stops.
    func play(meter: LoadMeter) {
        connections[0].eventLoop?.execute {
            self.meter = meter
            self.send()
        }
    }

    private func send() {
        guard let meter, !meter.isStopped else { return }
        start = .now
        connections[turn % 2].send(Self.message)
    }

    fileprivate func received(_ text: String) {
        guard let meter else { return }
        if text.utf8.count == Self.message.utf8.count {
            meter.echoed(roundTrip: .now - start)
        } else {
            meter.failed("the echo came back changed")
        }
        turn += 1
        connections[turn % 2].eventLoop?.execute { self.send() }
    }

    fileprivate func failed(_ error: any Error) {
        guard let meter, !meter.isStopped else { return }
        meter.failed("\(error)")
    }

    func close() {
        for connection in connections { connection.close() }
    }
}

/// One connection of a `LoopEchoTable`; its state is touched on its event loop.
private final class EchoHandler: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    weak var table: LoopEchoTable?
    private var context: ChannelHandlerContext?

    var eventLoop: (any EventLoop)? { context?.eventLoop }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    func send(_ text: String) {
        guard let context else { return }
        let buffer = context.channel.allocator.buffer(string: text)
        context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .text, maskKey: .random(), data: buffer)), promise: nil)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        switch frame.opcode {
        case .text: table?.received(String(buffer: frame.unmaskedData))
        case .ping:
            context.writeAndFlush(
                wrapOutboundOut(WebSocketFrame(fin: true, opcode: .pong, maskKey: .random(), data: frame.unmaskedData)), promise: nil)
        case .connectionClose: context.close(promise: nil)
        default: break
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        table?.failed(error)
        context.close(promise: nil)
    }

    func close() {
        eventLoop?.execute { self.context?.close(promise: nil) }
    }
}
