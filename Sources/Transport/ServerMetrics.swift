import CoreMetrics
import Foundation
import Prometheus
import Synchronization
import Timekeeping

/// What the server counts, through swift-metrics into its own Prometheus registry (one per
/// server, not the process-wide `MetricsSystem`, so that several servers in one process, as
/// in the tests, keep separate counts). `GET /metrics` emits the registry as text.
public final class ServerMetrics: Sendable {
    package let registry = PrometheusCollectorRegistry()
    private let factory: PrometheusMetricsFactory
    private let connections: Meter
    private let accepted: CoreMetrics.Counter
    private let moveDuration: CoreMetrics.Timer
    private let gamesInProgress: Meter
    private let gamesFinished: Meter
    private let conversations: Meter
    private let resident: Meter
    private let turnsTimed: Meter
    private let loads: CoreMetrics.Counter
    private let evictions: CoreMetrics.Counter
    private let tookIn: CoreMetrics.Counter
    private let carried: CoreMetrics.Counter
    private let lostRaces: CoreMetrics.Counter
    /// Accepted moves by the second they were answered in, for the last few seconds.
    private let acceptedBySecond = Mutex<[Int: Int]>([:])
    /// Where the seconds of `acceptedBySecond` are read.
    private let clock: any ServerClock

    public init(clock: any ServerClock = SystemClock()) {
        self.clock = clock
        var factory = PrometheusMetricsFactory(registry: registry)
        // A move's round trip inside the server, from its frame's arrival to its answer: the
        // group commit makes this the time of one durable write plus the batch's wait.
        factory.durationHistogramBuckets["parley_move_duration_seconds"] = [
            .microseconds(250), .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5),
            .milliseconds(10), .milliseconds(20), .milliseconds(50), .milliseconds(100), .milliseconds(250),
            .milliseconds(500), .seconds(1), .seconds(2.5),
        ]
        self.factory = factory
        connections = Meter(label: "parley_connections", factory: factory)
        accepted = CoreMetrics.Counter(label: "parley_messages_accepted_total", factory: factory)
        moveDuration = CoreMetrics.Timer(label: "parley_move_duration_seconds", factory: factory)
        gamesInProgress = Meter(label: "parley_games", dimensions: [("state", "in_progress")], factory: factory)
        gamesFinished = Meter(label: "parley_games", dimensions: [("state", "finished")], factory: factory)
        conversations = Meter(label: "parley_conversations", factory: factory)
        resident = Meter(label: "parley_conversations_resident", factory: factory)
        turnsTimed = Meter(label: "parley_turns_timed", factory: factory)
        loads = CoreMetrics.Counter(label: "parley_conversation_loads_total", factory: factory)
        evictions = CoreMetrics.Counter(label: "parley_conversation_evictions_total", factory: factory)
        tookIn = CoreMetrics.Counter(label: "parley_events_stored_elsewhere_total", factory: factory)
        carried = CoreMetrics.Counter(label: "parley_events_carried_by_notices_total", factory: factory)
        lostRaces = CoreMetrics.Counter(label: "parley_batches_lost_race_total", factory: factory)
    }

    /// A conversation read back into memory from the store, or taken out of memory.
    package func loaded() { loads.increment() }
    package func evicted() { evictions.increment() }

    /// Events another server stored that this one took in; batches decided again because another
    /// server stored first (a shared store).
    package func tookIn(_ count: Int) { tookIn.increment(by: count) }
    /// Of the records another server stored, those its notice carried (no read of the store).
    package func carried(_ count: Int) { if count > 0 { carried.increment(by: count) } }
    package func lostRace() { lostRaces.increment() }

    /// Says which server this is (`parley_node_info{node="NAME"} 1`), for nodes that share a store.
    package func name(node: String) {
        Gauge(label: "parley_node_info", dimensions: [("node", node)], factory: factory).record(1)
    }

    package func connected() { connections.increment() }
    package func disconnected() { connections.decrement() }

    package func acceptedMove(after duration: Duration) {
        accepted.increment()
        let now = Int(clock.now.date.timeIntervalSince1970)
        acceptedBySecond.withLock { counts in
            counts[now, default: 0] += 1
            if counts.count > 20 { counts = counts.filter { $0.key > now - 12 } }
        }
        moveDuration.recordNanoseconds(Int64(duration.components.seconds) * 1_000_000_000
            + duration.components.attoseconds / 1_000_000_000)
    }

    /// Moves accepted a second over the last ten whole seconds (the current one is still filling).
    package func recentMovesPerSecond() -> Double {
        let now = Int(clock.now.date.timeIntervalSince1970)
        let recent = acceptedBySecond.withLock { counts in (now - 10..<now).reduce(0) { $0 + (counts[$1] ?? 0) } }
        return Double(recent) / 10
    }

    /// A request refused, by the error code it got (`stale`, `not-your-turn`, `rate-limited`, …).
    package func rejected(_ reason: String) {
        CoreMetrics.Counter(label: "parley_messages_rejected_total", dimensions: [("reason", reason)], factory: factory)
            .increment()
    }

    /// The registry as Prometheus text, with the game counts as they are now. `turnsTimed`: the
    /// turns whose deadlines the server times, one for each conversation timed from the store
    /// without being loaded.
    package func exposition(gamesInProgress: Int, gamesFinished: Int, conversations: Int, resident: Int, turnsTimed: Int) -> String {
        self.resident.set(resident)
        self.turnsTimed.set(turnsTimed)
        self.gamesInProgress.set(gamesInProgress)
        self.gamesFinished.set(gamesFinished)
        self.conversations.set(conversations)
        return registry.emitToString()
    }
}
