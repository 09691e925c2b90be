import Admin
import Engine
import Fairness
import Foundation
import GameCatalog
import Hummingbird
import Logging
import NIOCore
import NIOWebSocket
import Pipelines
import Reads
import ServiceLifecycle
import Storage
import StoragePostgres
import StorageSQLite
import Transcript
import Transport

/// The whole Parley server, built by one function so that tests run exactly what
/// `parley serve` runs: the data folder's lock (one server per folder), the event log (the SQLite file in the data folder, the
/// PostgreSQL database of `store.url`, or the log given), the
/// participant-identifier secret, the relay rebuilt from the log, and the TLS application
/// with the relay behind `/ws`.
///
/// `reading` reads the settings again for a reload (`POST /admin/api/reload`, and `SIGHUP`
/// when `reloadsOnHangup`); by default a reload keeps `configuration` and reads its certificate
/// files again.
public func buildParleyServer(
    configuration: ServerConfiguration,
    logger: Logger,
    eventLog: (any EventLog)? = nil,
    reading: (@Sendable () async throws -> ServerConfiguration)? = nil,
    reloadsOnHangup: Bool = false,
    onServerRunning: @escaping @Sendable (RunningServer) async -> Void = { _ in }
) async throws -> some ApplicationProtocol {
    DescriptorLimit.raise(toServe: configuration.limits.connections, logger: logger)
    try FileManager.default.createDirectory(atPath: configuration.dataDirectory, withIntermediateDirectories: true)
    // Before anything in the folder is read or written.
    let lock = try DataFolderLock(folder: configuration.dataDirectory)
    let log: any EventLog
    if let eventLog {
        log = eventLog
    } else if let url = configuration.storeURL {
        let postgres = try await PostgresEventLog(url: url, logger: logger)
        logger.info("The store is PostgreSQL", metadata: ["store": "\(postgres.location)"])
        log = postgres
    } else {
        log = try SQLiteEventLog(folder: URL(fileURLWithPath: configuration.dataDirectory))
    }
    // Which node this is among the servers sharing a store: for its counts and `/metrics`.
    let node = try configuration.nodeName ?? NodeName.loadOrCreate(in: configuration.dataDirectory)
    // The key the server signs with, shared like the secret by servers sharing a store.
    let signingKey = try configuration.storeURL == nil
        ? ServerSigningKey.loadOrCreate(in: configuration.dataDirectory) : await ServerSigningKey.shared(in: log)
    var engineConfiguration = EngineConfiguration(
        publicURL: configuration.publicBaseURL(),
        maxParticipants: configuration.maxParticipants,
        maxSpectators: configuration.maxSpectators,
        maxURLLength: configuration.limits.urlLength,
        maxRecordBytes: PayloadLimit.standard.maximumBytes,
        turnTimeouts: configuration.turnTimeouts.mapValues(\.seconds), signer: signingKey.signer
    ).with(stickerQuotaBytes: configuration.stickerQuotaBytes).with(maxConversationsPerAccount: configuration.maxConversationsPerAccount)
    engineConfiguration.lie = configuration.lie?.alter
    engineConfiguration.timeControls = configuration.timeControls
    // Servers that share a store share the secret too, so that a player has the same
    // identifiers on each.
    let secret = configuration.storeURL == nil
        ? try ServerSecret.loadOrCreate(in: configuration.dataDirectory) : try await ServerSecret.shared(in: log)
    let relay = try await ConversationRouter.start(
        configuration: engineConfiguration,
        catalog: configuration.catalog,
        secret: secret,
        log: log, heartbeat: Heartbeat(dataDirectory: configuration.dataDirectory, store: log), residency: configuration.residency,
        pipelines: configuration.pipelines == 0 ? nil : configuration.pipelines, node: node, logger: logger,
        clock: configuration.clock.clock)
    logger.info(
        "Signing key Ed25519 \(signingKey.publicKey.base64) (SHA-256 \(signingKey.publicKey.fingerprint)), published at /.well-known/parley-key")
    let limits = configuration.limits
    // What the pages and the admin read of the games, from the store.
    let reads = StoredReads(log: log, context: EngineContext(
        configuration: engineConfiguration, catalog: configuration.catalog, identifiers: ParticipantIdentifiers(secret: secret)))
    let serverName = "parley \(ParleyVersion.current)"
    let identity = try ServerIdentity.load(for: configuration)
    if identity.isNew {
        logger.notice("Made a self-signed certificate for this server", metadata: [
            "certificate": "\(identity.certificatePath)", "sha256": "\(identity.fingerprint)",
        ])
    }
    let presented = try PresentedIdentity(identity)
    let adminToken = AdminToken(configuration.adminToken)
    let reload = ServerReload(
        started: configuration, presented: presented, adminToken: adminToken, read: reading ?? { configuration }, logger: logger)
    // A log that was handed in belongs to whoever opened it.
    var services: [any Service] = eventLog == nil ? [lock, StoreCloser(log: log), relay] : [lock, relay]
    if reloadsOnHangup { services.append(OperatorSignals(reload: reload, drainSeconds: configuration.drainSeconds, logger: logger)) }
    return try buildApplication(
        configuration: configuration, logger: logger,
        services: services,
        routes: { router in
            router.get("/metrics") { _, _ in
                let text = relay.metrics.exposition(
                    statistics: relay.statistics(), resident: relay.publishedResidentCount, turnsTimed: relay.publishedTurnCount)
                return Response(
                    status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                    body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
            }
            router.get("/.well-known/parley-key") { _, _ in
                Response(
                    status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
                    body: ResponseBody(byteBuffer: ByteBuffer(string: signingKey.publicKey.publishedDocument)))
            }
            AdminRoutes.add(
                to: router, relay: relay, reads: reads, log: log,
                settings: AdminRoutes.Settings(
                    token: adminToken, allowsRemote: configuration.adminAllowsRemote, clock: configuration.clock.clock,
                    catalog: configuration.catalog, dataDirectory: configuration.dataDirectory, reload: { try await reload.reload() }),
                logger: logger)
            StickerRoutes.add(
                to: router, relay: relay, limits: limits, posts: KeyedRateLimiter<AccountID>(perMinute: configuration.stickerPostsPerMinute, clock: configuration.clock.clock))
        },
        problem: { relay.storeProblem },
        webSocket: .handlers(WebSocketRoute(path: "/ws") { channel, logger in
            let writer = try channel.pipeline.syncOperations.handler(type: OutboxWriter.self)
            return [
                // Masked, with no reserved opcode (RFC 6455 5.1, 5.2): checked while the mask is there.
                ClientFrameRules(),
                // Whole messages, of at most four frames' worth (more closes the connection, 1009).
                NIOWebSocketFrameAggregator(
                    minNonFinalFragmentSize: 0, maxAccumulatedFrameCount: 1024, maxAccumulatedFrameSize: limits.serverFrameBytes),
                ClientConnection(router: relay, limits: limits, serverName: serverName, writer: writer, logger: logger),
            ]
        }),
        identity: presented,
        chainKey: signingKey.publicKey,
        games: reads,
        onServerRunning: { running in
            // With port 0 the state URLs can name the port only once it is bound.
            await relay.setPublicURL(configuration.publicBaseURL(port: running.port))
            relay.metrics.name(node: node)
            await onServerRunning(running)
        })
}

/// The version the server announces in its challenge and `parley --version` prints.
public enum ParleyVersion {
    public static let current = "0.1.0"
}

/// `parley serve` for a package that serves games of its own: `catalog`'s games, the flags of
/// `parley serve` read from `arguments` (the program's own by default; `--help` lists them),
/// then the environment and `config.json`, as `parley serve` reads them. Runs until SIGINT or
/// SIGTERM; a bad flag or setting, or a server that cannot start, is reported as `parley
/// serve` reports it (`Error: admin.token: …`), and the program exits with its code.
public func serveParley(
    catalog: GameCatalog, arguments: [String] = Array(CommandLine.arguments.dropFirst()),
    logger: Logger = Logger(label: "parley")
) async -> Never {
    do {
        let options = try ServeOptions.parse(arguments)
        let loader = try options.loader(catalog: catalog)
        let configuration = try await loader.load()
        ServerLogHandler.bootstrap(format: configuration.logFormat, level: configuration.logLevel)
        try await serveParley(configuration: configuration, logger: Logger(label: logger.label), reading: { try await loader.load() })
        ServeOptions.exit()
    } catch {
        ServeOptions.exit(withError: error)
    }
}

/// Runs the server until SIGINT or SIGTERM (Ctrl-C), as `parley serve` does: for a program
/// that reads its settings itself (`ServerConfigurationLoader`), its games in
/// `ServerConfiguration.catalog`. `reading` reads them again on SIGHUP (see `ServerReload`).
///
/// On SIGTERM or SIGINT the server stops accepting connections, closes each open one with 1001
/// `stopping: connect again` once what was queued for it is written, stores what it accepted, and
/// exits; what is still open after `server.drainSeconds` is cut.
public func serveParley(
    configuration: ServerConfiguration, logger: Logger, reading: (@Sendable () async throws -> ServerConfiguration)? = nil
) async throws {
    let app = try await buildParleyServer(configuration: configuration, logger: logger, reading: reading, reloadsOnHangup: true)
    var group = ServiceGroupConfiguration(services: [app], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
    group.maximumGracefulShutdownDuration = .seconds(configuration.drainSeconds)
    group.maximumCancellationDuration = .seconds(5)
    try await ServiceGroup(configuration: group).run()
}

/// A running server for as long as `body` runs, then stopped gracefully: for tests, and for a
/// program that embeds one. `configuration.port` 0 takes any free port; `body` is told which.
public func withParleyServer<T: Sendable>(
    configuration: ServerConfiguration, logger: Logger, _ body: @Sendable (RunningServer) async throws -> T
) async throws -> T {
    let (started, running) = AsyncStream<RunningServer>.makeStream()
    let app = try await buildParleyServer(configuration: configuration, logger: logger, onServerRunning: { server in
        running.yield(server)
    })
    let serviceGroup = ServiceGroup(configuration: .init(services: [app], logger: logger))
    return try await withThrowingTaskGroup(of: T?.self) { group in
        group.addTask {
            try await serviceGroup.run()
            return nil
        }
        var iterator = started.makeAsyncIterator()
        guard let server = await iterator.next() else {
            await serviceGroup.triggerGracefulShutdown()
            throw ServerStartError()
        }
        do {
            let result = try await body(server)
            await serviceGroup.triggerGracefulShutdown()
            try await group.waitForAll()
            return result
        } catch {
            await serviceGroup.triggerGracefulShutdown()
            try? await group.waitForAll()
            throw error
        }
    }
}

/// The server stopped before it listened.
public struct ServerStartError: Error, CustomStringConvertible {
    public var description: String { "The server stopped before it was listening." }
}
