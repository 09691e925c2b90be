import Client
import Foundation
import Play

/// N tables of bots playing games back to back against one server, measured by a `LoadMeter`
/// from the moment the last table is seated until the run's limit. With several nodes, table
/// `i`'s opener connects to node `i` (of their number), and its joiner as `split` says.
public struct LoadRun: Sendable {
    /// Where a table's joiner connects when there are several nodes.
    public enum Split: String, Sendable, CaseIterable {
        /// To node `i + 1`: every game is played across two nodes, each of which relays its moves.
        case seats
        /// To the opener's node: a node hears of the other nodes' games only from the store.
        case tables
    }

    public var endpoints: [ServerEndpoint]
    public var split = Split.seats
    public var tables: Int
    public var games: [BenchVariant]
    public var strategy: String
    /// Each bot's average pause before a move: zero saturates the server (every game always
    /// has a move in flight, so a round trip is the number of games over the throughput);
    /// a pause offers a fixed load, under which the round trip is the server's own.
    public var think: Duration = .zero
    /// Connections opened at once while seating the tables.
    public var window = 32
    public var seed: UInt64 = 1

    public init(endpoints: [ServerEndpoint], tables: Int, games: [BenchVariant], strategy: String) {
        self.endpoints = endpoints
        self.tables = tables
        self.games = games
        self.strategy = strategy
    }

    /// What the run measured. The samples of the server (`nil` when it cannot be read) and
    /// of this process are taken before seating, when play starts, and when it stops with
    /// every connection still open.
    public struct Result: Sendable {
        public var figures: LoadFigures
        /// Connections still open when play stopped.
        public var held: Int
        public var seated: Int
        public var seatingTime: Duration
        public var server: [ProcessSample?]
        public var client: [ProcessSample?]
    }

    public func run(limit: LoadMeter.Limit, server: @escaping @Sendable () -> ProcessSample?) async -> Result {
        let meter = LoadMeter(limit: limit)
        var serverSamples = [server()]
        var clientSamples = [ProcessSample.read()]
        let seatingStart = ContinuousClock.now
        let (seated, refused) = await Staggered.open(tables, window: window) { [endpoints, games, split] index in
            try await LoopTable.open(
                at: endpoints[index % endpoints.count], joinerAt: endpoints[(index + (split == .seats ? 1 : 0)) % endpoints.count],
                game: games[index % games.count])
        }
        let seatingTime = ContinuousClock.now - seatingStart
        for error in refused.prefix(3) { meter.failed("a table could not be seated: \(error)") }
        serverSamples.append(server())
        clientSamples.append(ProcessSample.read())
        meter.start()
        for (index, table) in seated.enumerated() {
            do {
                try table.play(strategy: strategy, meter: meter, think: think, seed: seed &+ UInt64(index) &* 2)
            } catch {
                meter.failed("\(error)")
            }
        }
        await meter.waitUntilStopped()
        let held = meter.seatsPlaying
        serverSamples.append(server())
        clientSamples.append(ProcessSample.read())
        for table in seated { table.close() }
        return Result(figures: meter.snapshot(), held: held, seated: seated.count * 2, seatingTime: seatingTime,
                      server: serverSamples, client: clientSamples)
    }
}
