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
    /// A relay whose engine holds everything `log` holds: every stored event is replayed, in
    /// order, before the first connection is served.
    /// With `heartbeat`, the time the server was down since its last sign of life is recorded
    /// first (an `EngineEvent.downtime`), so that no turn's clock ran meanwhile.
    static func start(
        configuration: EngineConfiguration, secret: [UInt8], log: any EventLog, heartbeat: Heartbeat? = nil,
        residency: Residency = Residency(), logger: Logger
    ) async throws -> Relay {
        var engine = try await replay(log, configuration: configuration, secret: secret, logger: logger)
        if let heartbeat {
            let now = Date()
            if let lastAlive = heartbeat.lastAlive(), let downtime = engine.downtime(lastAlive: lastAlive, now: now) {
                _ = try await log.append([NewLogRecord(stream: "", payload: try WireJSON.encode(downtime))])
                try engine.apply(downtime)
                logger.notice("Turn clocks stood still while the server was down", metadata: [
                    "since": "\(lastAlive.formatted(.iso8601))", "seconds": "\(Int(now.timeIntervalSince(lastAlive)))",
                ])
            }
            heartbeat.beat(at: now)
        }
        // Only what a turn clock keeps busy stays in memory; the rest loads when it is next used.
        for id in engine.residentConversations where !engine.hasRunningClock(id) { engine.evict(id) }
        let relay = Relay(engine: engine, secret: secret, log: log, heartbeat: heartbeat, residency: residency, logger: logger)
        for deadline in engine.deadlines() { await relay.schedule(deadline) }
        return relay
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
