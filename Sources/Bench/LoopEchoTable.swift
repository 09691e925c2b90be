import Client
import NIOCore
import NIOWebSocket

/// The baseline's counterpart of a `LoopTable`: two connections taking turns, one message in
/// flight at a time, so that the echo sees the same concurrency as the games, each connection
/// run by a channel handler like the bots' (`LoopConnection`), so that both are measured with
/// clients of the same kind.
final class LoopEchoTable: TextTable, @unchecked Sendable {
    /// About as long as a Parley move: in a mixed run the proposed states average about 420
    /// characters (seed 66, ice cream 28, classic 1,170), so a `send` frame averages about 600
    /// bytes, with a median near 250.
    static let message = String(repeating: "x", count: 400)

    private let connections: [TextConnection]
    /// Touched by one connection's event loop at a time: the message in flight passes the turn.
    private var turn = 0
    private var start = ContinuousClock.now
    private var meter: LoadMeter?

    private init(_ connections: [TextConnection]) {
        self.connections = connections
    }

    static func open(at endpoint: ServerEndpoint) async throws -> LoopEchoTable {
        let table = LoopEchoTable([TextConnection(seat: 0), TextConnection(seat: 1)])
        try await table.connections.open(at: endpoint, for: table)
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

    func received(_ text: String, seat: Int) {
        guard let meter else { return }
        if text.utf8.count == Self.message.utf8.count {
            meter.echoed(roundTrip: .now - start)
        } else {
            meter.failed("the echo came back changed")
        }
        turn += 1
        connections[turn % 2].eventLoop?.execute { self.send() }
    }

    func failed(_ error: any Error) {
        guard let meter, !meter.isStopped else { return }
        meter.failed("\(error)")
    }

    func close() {
        for connection in connections { connection.close() }
    }
}

/// What a table of `TextConnection`s hears from them, on their event loops.
protocol TextTable: AnyObject {
    func received(_ text: String, seat: Int)
    func failed(_ error: any Error)
}

/// One connection of a `LoopEchoTable` or a `LoopFloorTable`, which sends and reads text
/// frames; its state is touched on its event loop.
final class TextConnection: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    let seat: Int
    weak var table: (any TextTable)?
    private var context: ChannelHandlerContext?

    init(seat: Int) {
        self.seat = seat
    }

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
        case .text: table?.received(String(buffer: frame.unmaskedData), seat: seat)
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

extension [TextConnection] {
    /// Connects each to `endpoint`, reporting to `table`; closes them all if one fails.
    func open(at endpoint: ServerEndpoint, for table: some TextTable) async throws {
        do {
            for connection in self {
                connection.table = table
                _ = try await endpoint.openChannel { connection }
            }
        } catch {
            for connection in self { connection.close() }
            throw error
        }
    }
}
