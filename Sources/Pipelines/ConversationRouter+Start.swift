import Engine
import Foundation
import GameCatalog
import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle
import Storage
import Transcript
import Transport
import Wire
import Timekeeping

extension ConversationRouter: Service {}

package extension ConversationRouter {
    /// A relay over `log` with `pipelines` pipelines (one per core when `nil`). Start-up reads no
    /// history: only the store's index (the statistics, the downtimes, and which conversations
    /// have a turn clock running, whose deadlines it times without loading them). A data folder
    /// whose index was never built (written before there was one) is replayed once, in full, to
    /// build it.
    /// With `heartbeat`, the time the server was down since its last sign of life is recorded
    /// first (an `Record.downtime`), so that no turn's clock ran meanwhile.
    static func start(
        configuration: EngineConfiguration, catalog: GameCatalog = .standard, secret: [UInt8], log: any EventLog,
        heartbeat: Heartbeat? = nil, residency: Residency = Residency(), pipelines count: Int? = nil, node: String = "",
        eventLoops: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton, logger: Logger,
        clock: any ServerClock = SystemClock()
    ) async throws -> ConversationRouter {
        switch try await log.indexValue(IndexKind.format, key: "index") {
        case nil:
            try await buildIndex(of: log, configuration: configuration, catalog: catalog, secret: secret, logger: logger)
            try await indexStoredMessages(of: log, catalog: catalog, logger: logger)
        case "1":
            try await addWatchInvites(to: log, logger: logger)
            try await indexStoredMessages(of: log, catalog: catalog, logger: logger)
        case "2", "3", "4": try await indexStoredMessages(of: log, catalog: catalog, logger: logger)
        default: break
        }
        if let heartbeat {
            let now = clock.now.date
            if let downtime = await heartbeat.downtime(now: now), case let .downtime(lastAlive, _) = downtime {
                _ = try await log.append(
                    [NewLogRecord(stream: "", payload: try WireJSON.encode(downtime))],
                    indexing: [IndexKind.downtimeChange(from: lastAlive, to: now)])
                logger.notice("Turn clocks stood still while the server was down", metadata: [
                    "since": "\(lastAlive.formatted(.iso8601))", "seconds": "\(Int(now.timeIntervalSince(lastAlive)))",
                ])
            }
            await heartbeat.beat(at: now)
        }
        // On a shared store, each node keeps its own counts (`NODE/0`, `NODE/1`, …).
        let totalsPrefix = log.isShared ? node + "/" : ""
        try await addUpTotals(in: log, prefix: totalsPrefix)
        let count = max(1, count ?? ProcessInfo.processInfo.activeProcessorCount)
        let connections = Connections()
        let metrics = ServerMetrics(clock: clock)
        var pipelines: [Pipeline] = []
        let conversationCounts = ConversationCounts()
        // Spread over the event loops that serve connections (Hummingbird's are the singleton's).
        var loops = eventLoops.makeIterator()
        for index in 0..<count {
            let partition = Partition(index: index, count: count)
            pipelines.append(Pipeline(
                engine: try await engineFromIndex(
                    of: log, configuration: configuration, catalog: catalog, secret: secret, partition: partition,
                    totalsPrefix: totalsPrefix),
                secret: secret, log: log, connections: connections, heartbeat: index == 0 ? heartbeat : nil,
                residency: residency.share(of: count), conversationCounts: conversationCounts,
                eventLoop: loops.next() ?? eventLoops.next(), logger: logger,
                metrics: metrics, clock: clock))
        }
        for pipeline in pipelines {
            await pipeline.meet(pipelines)
            try await pipeline.timeClocksInStore()
            await pipeline.publish()
        }
        let relay = ConversationRouter(
            pipelines: pipelines, connections: connections, log: log, configuration: configuration, metrics: metrics,
            logger: logger, clock: clock)
        let timed = await relay.timerCount
        logger.info("Started from the store's index", metadata: ["clocks": "\(timed)", "pipelines": "\(count)"])
        return relay
    }

    /// Adds up the statistics that the pipelines of earlier runs kept, one entry each, into the
    /// first pipeline's entry, in one transaction: the number of pipelines may differ now.
    static func addUpTotals(in log: any EventLog, prefix: String = "") async throws {
        let entries = try await log.indexEntries(IndexKind.totals, prefix: prefix)
        guard entries.contains(where: { $0.key != prefix + "0" }) else { return }
        var sum = EngineStatistics()
        for entry in entries {
            guard let totals = try? JSONDecoder().decode(EngineStatistics.self, from: Data(entry.value.utf8)) else {
                throw LogError(.corrupt, "The totals \"\(entry.key)\" in the store's index do not decode.")
            }
            sum = sum + totals
        }
        let changes = entries.filter { $0.key != prefix + "0" }.map { IndexChange.remove(IndexKind.totals, $0.key) }
            + [.set(IndexKind.totals, prefix + "0", sum.json)]
        _ = try await log.append([], indexing: changes)
    }

    /// An engine for `partition` that knows what the index says of the whole server, and nothing
    /// of any conversation yet.
    static func engineFromIndex(
        of log: any EventLog, configuration: EngineConfiguration, catalog: GameCatalog = .standard, secret: [UInt8],
        partition: Partition, totalsPrefix: String = ""
    ) async throws -> Engine {
        try Engine(
            configuration: configuration, catalog: catalog, identifiers: ParticipantIdentifiers(secret: secret),
            startingFrom: IndexStart(
                partition: partition, totalsKeyPrefix: totalsPrefix,
                totals: try await log.indexValue(IndexKind.totals, key: totalsPrefix + String(partition.index)),
                downtimes: try await log.indexEntries(IndexKind.downtime, prefix: "")))
    }

    /// Brings an index of layout 1 to layout 2, which indexes each conversation's invite to
    /// watch beside its invite, in one transaction. A conversation indexed under one code is
    /// one of layout 1 (a node sharing the store may have migrated the others meanwhile).
    static func addWatchInvites(to log: any EventLog, logger: Logger) async throws {
        let entries = try await log.indexEntries(IndexKind.invite, prefix: "")
        let codes = Dictionary(grouping: entries, by: \.value)
        let changes = codes.values.compactMap { codes in
            codes.count == 1 ? IndexChange.set(IndexKind.invite, IndexKind.watchInviteKey(of: codes[0].key), codes[0].value) : nil
        }
        _ = try await log.append([], indexing: changes)
        logger.notice("Indexed the invites to watch of the store's conversations", metadata: ["conversations": "\(changes.count)"])
    }

    /// Brings an index of layout 2, 3 or 4 to layout 5, which indexes the message that started
    /// each game (`IndexKind.start`), every message, every finished session and every game
    /// (`IndexPass`): every
    /// stored event is read once, in pages, and the entries written with the new layout in one
    /// transaction. Writing the same entries twice (a node sharing the store migrating at the same
    /// time) changes nothing.
    static func indexStoredMessages(of log: any EventLog, catalog: GameCatalog, logger: Logger) async throws {
        var changes: [IndexChange] = []
        var pass = IndexPass(catalog: catalog)
        var position: Int64 = 0
        while true {
            let page = try await log.records(after: position, limit: 1000)
            guard let last = page.last else { break }
            for record in page where StoredStream(record.stream).holdsRecords {
                changes += try pass.changes(for: Record(stored: record.payload), at: record.position)
            }
            position = last.position
        }
        _ = try await log.append([], indexing: changes + [.set(IndexKind.format, "index", IndexKind.version)])
        logger.notice("Indexed the messages and the games of the store", metadata: ["entries": "\(changes.count)"])
    }

    /// Replays a whole log that has no index, and writes its index in one transaction.
    static func buildIndex(
        of log: any EventLog, configuration: EngineConfiguration, catalog: GameCatalog = .standard, secret: [UInt8], logger: Logger
    ) async throws {
        let build = try await indexBuild(of: log, configuration: configuration, catalog: catalog, secret: secret, logger: logger)
        let changes = build.changes
        _ = try await log.append([], indexing: changes)
        logger.notice("Built the store's index from the whole event log", metadata: ["entries": "\(changes.count)"])
    }

    /// An engine that holds every event of `log`, replayed in order.
    static func engineHolding(
        _ log: any EventLog, configuration: EngineConfiguration, catalog: GameCatalog = .standard, secret: [UInt8], logger: Logger
    ) async throws -> Engine {
        try await indexBuild(of: log, configuration: configuration, catalog: catalog, secret: secret, logger: logger).engine
    }

    /// Every event of `log` replayed in order, to build its index.
    private static func indexBuild(
        of log: any EventLog, configuration: EngineConfiguration, catalog: GameCatalog, secret: [UInt8], logger: Logger
    ) async throws -> IndexBuild {
        var build = IndexBuild(configuration: configuration, catalog: catalog, identifiers: ParticipantIdentifiers(secret: secret))
        var position: Int64 = 0
        var count = 0
        while true {
            let page = try await log.records(after: position, limit: 1000)
            guard let last = page.last else { break }
            // Stickers' bytes are not events.
            for record in page where StoredStream(record.stream).holdsRecords {
                try build.add(Record(stored: record.payload))
            }
            position = last.position
            count += page.count
        }
        logger.info("Replayed the event log", metadata: ["events": "\(count)"])
        return build
    }
}
