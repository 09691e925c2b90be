import Crypto
import Foundation
import Logging
import NIOCore
import NIOWebSocket
import Server
import ServiceLifecycle
import Storage
import StorageSQLite
import Synchronization
import Transport

/// The floor: what a server must spend on a move of Parley's protocol, and no more. The same
/// TLS WebSocket application as Parley's (`buildApplication`), its connections served as the
/// relay's are, by channel handlers on their event loops. For each move a player sends it signs
/// one Ed25519 signature for each distinct view the move has (`FloorMove.signatures`) and
/// queues the move to its event loop's `FloorPipeline`, which stores what queued together in
/// one append to a SQLite event log (`synchronous=FULL`, group commit, as Parley's store) and
/// only then writes the mover one frame and the other player one: one frame read and two written
/// over two connections, as Parley reads and writes a move (its acceptance and event leave in
/// one write). No rules, no views, no chain, no clocks, no index: `parley bench --floor`
/// compares Parley's CPU a move with it.
public enum FloorServer {
    /// The answer to a `join`: the table may play once both its seats have it.
    static let joined = "joined"

    /// Serves the floor on `host:port` with its log and certificate in `dataDirectory`, until
    /// SIGTERM or SIGINT; says where it listens as `parley serve` does.
    public static func run(host: String, port: Int, dataDirectory: String, logger: Logger) async throws {
        let log = try SQLiteEventLog(folder: URL(fileURLWithPath: dataDirectory))
        var configuration = ServerConfiguration(host: host, port: port, dataDirectory: dataDirectory)
        configuration.limits.connectionsPerAddress = 100_000
        configuration.limits.messagesPerSecond = 100_000
        configuration.limits.burst = 100_000
        let floor = Floor(log: log)
        let route = WebSocketRoute(path: "/ws") { channel, _ in
            [FloorConnection(floor: floor, pipeline: floor.pipeline(on: channel.eventLoop))]
        }
        let app = try buildApplication(configuration: configuration, logger: logger, webSocketRoute: route)
        let group = ServiceGroup(configuration: .init(services: [app], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        do {
            try await group.run()
        } catch {
            await log.close()
            throw error
        }
        await log.close()
    }
}

/// What the floor's connections share: the log, the signing key, each table's two seats and
/// each event loop's pipeline.
final class Floor: Sendable {
    let log: SQLiteEventLog
    let key = Curve25519.Signing.PrivateKey()
    private let seats = Mutex<[String: [Int: FloorConnection]]>([:])
    private let pipelines = Mutex<[ObjectIdentifier: FloorPipeline]>([:])

    init(log: SQLiteEventLog) {
        self.log = log
    }

    func seat(_ connection: FloorConnection, at place: FloorSeat) {
        seats.withLock { $0[place.table, default: [:]][place.seat] = connection }
    }

    func partner(of place: FloorSeat) -> FloorConnection? {
        seats.withLock { $0[place.table]?[1 - place.seat] }
    }

    /// The pipeline of `eventLoop`, started with its first connection.
    func pipeline(on eventLoop: any EventLoop) -> FloorPipeline {
        let (pipeline, made) = pipelines.withLock { pipelines in
            if let pipeline = pipelines[ObjectIdentifier(eventLoop)] { return (pipeline, false) }
            let pipeline = FloorPipeline(eventLoop: eventLoop, floor: self)
            pipelines[ObjectIdentifier(eventLoop)] = pipeline
            return (pipeline, true)
        }
        if made { Task { await pipeline.run() } }
        return pipeline
    }
}

struct FloorSeat: Sendable {
    let table: String
    let seat: Int
}

/// One event loop's moves, taken together as they queue (Parley's pipelines batch the same
/// way), stored in one append and then answered; it runs on the event loop.
actor FloorPipeline {
    struct Move {
        let record: String
        let mover: FloorConnection
    }

    private struct Inbox {
        var moves: [Move] = []
        var waiter: CheckedContinuation<Void, Never>?
    }

    nonisolated let eventLoop: any EventLoop
    private let floor: Floor
    private nonisolated let inbox = Mutex(Inbox())

    nonisolated var unownedExecutor: UnownedSerialExecutor { eventLoop.executor.asUnownedSerialExecutor() }

    init(eventLoop: any EventLoop, floor: Floor) {
        self.eventLoop = eventLoop
        self.floor = floor
    }

    nonisolated func submit(_ move: Move) {
        inbox.withLock { inbox in
            inbox.moves.append(move)
            defer { inbox.waiter = nil }
            return inbox.waiter
        }?.resume()
    }

    func run() async {
        while true {
            let moves = await take()
            do {
                _ = try await floor.log.append(
                    moves.map { NewLogRecord(stream: $0.mover.seat?.table ?? "", payload: Data($0.record.utf8)) },
                    indexing: [], expecting: [:])
            } catch {
                for move in moves { move.mover.close() }
                continue
            }
            for move in moves {
                move.mover.send(FloorMove.accepted + move.record)
                if let seat = move.mover.seat { floor.partner(of: seat)?.send(move.record) }
            }
        }
    }

    private func take() async -> [Move] {
        while true {
            let moves = inbox.withLock { inbox in
                defer { inbox.moves = [] }
                return inbox.moves
            }
            if !moves.isEmpty { return moves }
            await withCheckedContinuation { continuation in
                let ready = inbox.withLock { inbox in
                    if inbox.moves.isEmpty { inbox.waiter = continuation }
                    return !inbox.moves.isEmpty
                }
                if ready { continuation.resume() }
            }
        }
    }
}

/// One connection of the floor, on its event loop: `join`, then moves, each signed and queued.
final class FloorConnection: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    private let floor: Floor
    private let pipeline: FloorPipeline
    private var context: ChannelHandlerContext?
    /// Set once, by `join`, before its first move.
    private(set) var seat: FloorSeat?

    init(floor: Floor, pipeline: FloorPipeline) {
        self.floor = floor
        self.pipeline = pipeline
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        switch frame.opcode {
        case .text:
            let text = String(buffer: frame.unmaskedData)
            if let joining = FloorMove.join(text) {
                seat = joining
                floor.seat(self, at: joining)
                send(FloorServer.joined)
            } else if seat != nil, let move = FloorMove(text) {
                do {
                    var record = text
                    for copy in 0..<move.signatures {
                        record += " " + (try floor.key.signature(for: Array(text.utf8) + [UInt8(copy)])).base64EncodedString()
                    }
                    pipeline.submit(FloorPipeline.Move(record: record, mover: self))
                } catch {
                    // A move it cannot sign is not stored with fewer signatures: the table stops.
                    context.close(promise: nil)
                }
            } else {
                context.close(promise: nil)
            }
        case .connectionClose:
            context.close(promise: nil)
        default:
            break
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    /// Writes `text` as one frame, from any thread.
    func send(_ text: String) {
        guard let eventLoop = context?.eventLoop else { return }
        if eventLoop.inEventLoop {
            write(text)
        } else {
            eventLoop.execute { self.write(text) }
        }
    }

    private func write(_ text: String) {
        guard let context else { return }
        let buffer = context.channel.allocator.buffer(string: text)
        context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .text, data: buffer)), promise: nil)
    }

    func close() {
        context?.eventLoop.execute { self.context?.close(promise: nil) }
    }
}

/// The floor's frames, as text: `join TABLE SEAT` once on each connection, then
/// `move SIGNATURES BODY` for each move; the mover hears `ok ` and the record, the other
/// player the record (the move and its signatures).
struct FloorMove {
    static let accepted = "ok "

    /// How many Ed25519 signatures its copies need: one for each distinct view.
    let signatures: Int

    /// Reads `move N …`, N from 1 to 4, by its first bytes.
    init?(_ frame: String) {
        let bytes = frame.utf8
        guard bytes.count > 7, bytes.starts(with: "move ".utf8) else { return nil }
        let digit = bytes[bytes.index(bytes.startIndex, offsetBy: 5)], space = bytes[bytes.index(bytes.startIndex, offsetBy: 6)]
        guard (UInt8(ascii: "1")...UInt8(ascii: "4")).contains(digit), space == UInt8(ascii: " ") else { return nil }
        signatures = Int(digit - UInt8(ascii: "0"))
    }

    static func join(_ frame: String) -> FloorSeat? {
        guard frame.utf8.starts(with: "join ".utf8) else { return nil }
        let parts = frame.split(separator: " ")
        guard parts.count == 3, let seat = Int(parts[2]), seat == 0 || seat == 1 else { return nil }
        return FloorSeat(table: String(parts[1]), seat: seat)
    }

    static func join(table: String, seat: Int) -> String { "join \(table) \(seat)" }

    static func move(signatures: Int, body: String) -> String { "move \(signatures) \(body)" }
}
