import Client
import Foundation
import NIOCore
import Synchronization

/// A table of the floor (`FloorServer`): two connections taking turns as a game's bots do, one
/// move in flight, each sent once the other player has heard the one before and, with `think`,
/// after the same pause a bot takes. A move's round trip runs from sending it to its `ok`.
final class LoopFloorTable: TextTable, Sendable {
    private struct State {
        var meter: LoadMeter?
        var joined = 0
        /// When each seat sent its move in flight.
        var sent: [ContinuousClock.Instant] = [.now, .now]
        var generator = SystemRandomNumberGenerator()
    }

    private let connections: [TextConnection]
    private let id = UUID().uuidString
    private let signatures: Int
    private let think: Duration
    private let state = Mutex(State())

    private init(signatures: Int, think: Duration) {
        connections = [TextConnection(seat: 0), TextConnection(seat: 1)]
        self.signatures = signatures
        self.think = think
    }

    /// A table whose moves need `signatures` signatures each, seated at `endpoint`.
    static func open(at endpoint: ServerEndpoint, signatures: Int, think: Duration) async throws -> LoopFloorTable {
        let table = LoopFloorTable(signatures: signatures, think: think)
        try await table.connections.open(at: endpoint, for: table)
        for connection in table.connections {
            connection.eventLoop?.execute { connection.send(FloorMove.join(table: table.id, seat: connection.seat)) }
        }
        return table
    }

    /// Moves in turn until the meter stops, once both seats have joined.
    func play(meter: LoadMeter) {
        let ready = state.withLock { state in
            state.meter = meter
            return state.joined == 2
        }
        if ready { move(from: 0) }
    }

    private func move(from seat: Int) {
        let pause: Duration? = state.withLock { state in
            guard let meter = state.meter, !meter.isStopped else { return nil }
            return think > .zero ? think * Double.random(in: 0.5...1.5, using: &state.generator) : .zero
        }
        guard let pause, let eventLoop = connections[seat].eventLoop else { return }
        if pause == .zero, eventLoop.inEventLoop {
            send(from: seat)
        } else {
            let (seconds, attoseconds) = pause.components
            eventLoop.scheduleTask(in: .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)) { self.send(from: seat) }
        }
    }

    /// On the seat's event loop.
    private func send(from seat: Int) {
        state.withLock { $0.sent[seat] = .now }
        connections[seat].send(FloorMove.move(signatures: signatures, body: LoopEchoTable.message))
    }

    func received(_ text: String, seat: Int) {
        if text == FloorServer.joined {
            let ready = state.withLock { state in
                state.joined += 1
                return state.joined == 2 && state.meter != nil
            }
            if ready { move(from: 0) }
        } else if text.hasPrefix(FloorMove.accepted) {
            let (meter, sent) = state.withLock { ($0.meter, $0.sent[seat]) }
            meter?.accepted(roundTrip: .now - sent)
        } else {
            // The other player's move: this seat's turn.
            move(from: seat)
        }
    }

    func failed(_ error: any Error) {
        guard let meter = state.withLock({ $0.meter }), !meter.isStopped else { return }
        meter.failed("\(error)")
    }

    func close() {
        for connection in connections { connection.close() }
    }
}

/// The floor's counterpart of a `LoadRun`: as many floor tables as the run has bot tables,
/// table `i` signing as many views as a move of `games[i % count]` has, for as long.
public struct FloorRun: Sendable {
    public var endpoint: ServerEndpoint
    public var tables: Int
    public var games: [BenchVariant]
    public var think: Duration = .zero
    public var window = 32

    public init(endpoint: ServerEndpoint, tables: Int, games: [BenchVariant]) {
        self.endpoint = endpoint
        self.tables = tables
        self.games = games
    }

    /// The figures, and the server's samples when play started and when it stopped.
    public func run(limit: LoadMeter.Limit, server: @escaping @Sendable () -> ProcessSample?) async -> (LoadFigures, [ProcessSample?]) {
        let meter = LoadMeter(limit: limit)
        let (opened, refused) = await Staggered.open(tables, window: window) { [endpoint, games, think] index in
            try await LoopFloorTable.open(at: endpoint, signatures: games[index % games.count].signedViews, think: think)
        }
        for error in refused.prefix(3) { meter.failed("a floor table could not be opened: \(error)") }
        var samples = [server()]
        meter.start()
        for table in opened { table.play(meter: meter) }
        await meter.waitUntilStopped()
        samples.append(server())
        for table in opened { table.close() }
        return (meter.snapshot(), samples)
    }
}
