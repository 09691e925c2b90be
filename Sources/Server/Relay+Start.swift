import Engine
import Foundation
import GameCatalog
import Logging
import ServiceLifecycle
import Storage
import Transcript
import Wire

extension Relay: Service {}

extension Relay {
    /// A relay over `log`. Start-up reads no history: only the store's index (the statistics,
    /// the downtimes, and which conversations have a turn clock running, which it loads so that
    /// their deadlines fire). A data folder whose index was never built (written before there
    /// was one) is replayed once, in full, to build it.
    /// With `heartbeat`, the time the server was down since its last sign of life is recorded
    /// first (an `EngineEvent.downtime`), so that no turn's clock ran meanwhile.
    static func start(
        configuration: EngineConfiguration, secret: [UInt8], log: any EventLog, heartbeat: Heartbeat? = nil,
        residency: Residency = Residency(), logger: Logger
    ) async throws -> Relay {
        if try await log.indexValue(IndexKind.format, key: "index") == nil {
            try await buildIndex(of: log, configuration: configuration, secret: secret, logger: logger)
        }
        var engine = try await engineFromIndex(of: log, configuration: configuration, secret: secret)
        if let heartbeat {
            let now = Date()
            if let lastAlive = heartbeat.lastAlive(), let downtime = engine.downtime(lastAlive: lastAlive, now: now) {
                try engine.apply(downtime)
                _ = try await log.append(
                    [NewLogRecord(stream: "", payload: try WireJSON.encode(downtime))],
                    indexing: engine.indexChanges(for: [downtime]))
                logger.notice("Turn clocks stood still while the server was down", metadata: [
                    "since": "\(lastAlive.formatted(.iso8601))", "seconds": "\(Int(now.timeIntervalSince(lastAlive)))",
                ])
            }
            heartbeat.beat(at: now)
        }
        let relay = Relay(engine: engine, secret: secret, log: log, heartbeat: heartbeat, residency: residency, logger: logger)
        try await relay.loadRunningClocks()
        let loaded = await relay.residentCount
        logger.info("Started from the store's index", metadata: ["loaded": "\(loaded)"])
        return relay
    }

    /// An engine that knows what the index says of the whole server, and nothing of any
    /// conversation yet.
    static func engineFromIndex(of log: any EventLog, configuration: EngineConfiguration, secret: [UInt8]) async throws -> Engine {
        var engine = Engine(
            configuration: configuration, catalog: .standard, identifiers: ParticipantIdentifiers(secret: secret))
        try engine.startFromIndex(
            totals: try await log.indexValue(IndexKind.totals, key: "all"),
            downtimes: try await log.indexEntries(IndexKind.downtime, prefix: ""))
        return engine
    }

    /// Loads the conversations whose turn clocks run, and times their deadlines.
    func loadRunningClocks() async throws {
        for entry in try await log.indexEntries(IndexKind.clock, prefix: "") {
            try await load(entry.key)
        }
        stopTimers()
        for deadline in engine.deadlines() { schedule(deadline) }
    }

    /// Replays a whole log that has no index, and writes its index in one transaction.
    static func buildIndex(of log: any EventLog, configuration: EngineConfiguration, secret: [UInt8], logger: Logger) async throws {
        let engine = try await replay(log, configuration: configuration, secret: secret, logger: logger)
        let changes = engine.completeIndex()
        _ = try await log.append([], indexing: changes)
        logger.notice("Built the store's index from the whole event log", metadata: ["entries": "\(changes.count)"])
    }

    /// An engine that holds every event of `log`, replayed in order.
    static func replay(
        _ log: any EventLog, configuration: EngineConfiguration, secret: [UInt8], logger: Logger
    ) async throws -> Engine {
        var engine = Engine(
            configuration: configuration, catalog: .standard, identifiers: ParticipantIdentifiers(secret: secret))
        var position: Int64 = 0
        var count = 0
        while true {
            let page = try await log.records(after: position, limit: 1000)
            guard let last = page.last else { break }
            for record in page {
                try engine.apply(WireJSON.decode(EngineEvent.self, from: record.payload))
            }
            position = last.position
            count += page.count
        }
        logger.info("Replayed the event log", metadata: ["events": "\(count)"])
        return engine
    }
}
