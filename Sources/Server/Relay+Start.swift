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
    static func start(
        configuration: EngineConfiguration, secret: [UInt8], log: any EventLog, logger: Logger
    ) async throws -> Relay {
        let engine = try await replay(log, configuration: configuration, secret: secret, logger: logger)
        let relay = Relay(engine: engine, secret: secret, log: log, logger: logger)
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
