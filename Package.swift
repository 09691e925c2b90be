// swift-tools-version:6.2
import Foundation
import PackageDescription

/// The rules are optimized in debug builds too when `PARLEY_OPTIMIZE_RULES=1` (scripts/test sets
/// it): the tests play thousands of seeded games through them, and unoptimized generic code runs
/// those several times slower. Without it nothing carries unsafe flags, which SwiftPM refuses in
/// a package another depends on (Examples/GuessTheNumber).
let rulesSettings: [SwiftSetting] = ProcessInfo.processInfo.environment["PARLEY_OPTIMIZE_RULES"] == "1"
    ? [.unsafeFlags(["-O"], .when(configuration: .debug))] : []

/// The web client's files (Sources/WebClient/Web), each embedded in the server's binary.
enum WebClientFiles {
    static let names = [
        "index.html", "style.css", "app.js", "connection.js", "keys.js", "verify.js", "bytes.js", "dom.js", "items.js",
        "conversation.js", "store.js", "seeking.js",
    ]
}

/// What each target of tests over real sockets may import: the server's modules, the client,
/// and what those tests share.
let socketTestDependencies: [Target.Dependency] = [
    "Server", "Admin", "Pipelines", "Transport", "Client", "Play", "Engine", "Fairness", "Reads", "Files", "GameCatalog", "Wire",
    "Transcript", "Bench", "Stickers", "Storage", "StoragePostgres", "StorageSQLite", "TestSupport", "ServerTestSupport", "Timekeeping",
    "Ratings",
    .product(name: "Crypto", package: "swift-crypto"),
    .product(name: "GRDB", package: "GRDB.swift"),
    .product(name: "Hummingbird", package: "hummingbird"),
    .product(name: "HummingbirdTesting", package: "hummingbird"),
    .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
    .product(name: "AsyncHTTPClient", package: "async-http-client"),
    .product(name: "NIOSSL", package: "swift-nio-ssl"),
    .product(name: "NIOCore", package: "swift-nio"),
    .product(name: "NIOPosix", package: "swift-nio"),
    .product(name: "NIOTLS", package: "swift-nio"),
    .product(name: "NIOHTTP1", package: "swift-nio"),
    .product(name: "NIOWebSocket", package: "swift-nio"),
    .product(name: "NIOEmbedded", package: "swift-nio"),
    .product(name: "Logging", package: "swift-log"),
    .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
]

/// Linux only: the server reads /proc and calls Glibc, so no Apple platform is declared.
let package = Package(
    name: "Parley",
    products: [
        .executable(name: "parley", targets: ["parley"]),
        .library(name: "GameRules", targets: ["GameRules"]),
        .library(name: "Battleship", targets: ["Battleship"]),
        .library(name: "Engine", targets: ["Engine"]),
        .library(name: "GameCatalog", targets: ["GameCatalog"]),
        .library(name: "Transcript", targets: ["Transcript"]),
        .library(name: "Wire", targets: ["Wire"]),
        .library(name: "Fairness", targets: ["Fairness"]),
        .library(name: "GamePresentation", targets: ["GamePresentation"]),
        .library(name: "Server", targets: ["Server"]),
        .library(name: "Timekeeping", targets: ["Timekeeping"]),
        .library(name: "Client", targets: ["Client"]),
        .library(name: "Play", targets: ["Play"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto.git", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-collections.git", from: "1.1.0"),
        .package(url: "https://github.com/apple/swift-certificates.git", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-configuration.git", from: "1.4.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket.git", from: "2.8.1"),
        .package(url: "https://github.com/hummingbird-project/swift-websocket.git", from: "1.6.2"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift.git", from: "0.2.0"),
        .package(url: "https://github.com/adam-fowler/compress-nio.git", from: "1.5.0"),
    ],
    targets: [
        // Pure modules: no networking, storage or clock.
        .target(name: "GameRules", swiftSettings: rulesSettings),
        // Where the server reads the time: the system's clock, or a test's that moves when told.
        .target(name: "Timekeeping"),
        .target(name: "Ratings"),
        .target(name: "Matchmaking", dependencies: ["Transcript"]),
        .target(name: "GamePresentation", dependencies: ["GameRules"]),
        .target(
            name: "Battleship", dependencies: ["GameRules", "GamePresentation"], path: "Games/Battleship/Sources",
            resources: [.embedInCode("Web/battleship.js")], swiftSettings: rulesSettings),
        .target(
            name: "IceCream", dependencies: ["GameRules", "GamePresentation"], path: "Games/IceCream/Sources",
            resources: [.embedInCode("Web/icecream.js")], swiftSettings: rulesSettings),
        .target(
            name: "FourInARow", dependencies: ["GameRules", "GamePresentation"], path: "Games/FourInARow/Sources",
            resources: [.embedInCode("Web/fourinarow.js")], swiftSettings: rulesSettings),
        .target(name: "GameCatalog", dependencies: ["GameRules", "GamePresentation", "Battleship", "IceCream", "FourInARow"]),
        .target(name: "Transcript", dependencies: ["GameRules", .product(name: "Crypto", package: "swift-crypto")]),
        .target(name: "Wire", dependencies: ["Transcript", "GameRules"]),
        .target(name: "Fairness", dependencies: ["GameRules", .product(name: "Crypto", package: "swift-crypto")]),
        // A sticker's image: its header read, and a game's picture written as a PNG.
        .target(name: "Stickers", dependencies: [
            .product(name: "CompressNIO", package: "compress-nio"), .product(name: "NIOCore", package: "swift-nio"),
        ]),
        .target(name: "Engine", dependencies: [
            "Fairness", "GameRules", "GameCatalog", "Matchmaking", "Ratings", "Storage", "Transcript", "Wire",
            .product(name: "Crypto", package: "swift-crypto"), .product(name: "DequeModule", package: "swift-collections"),
        ]),
        .target(name: "Storage"),
        .target(name: "TerminalUI", dependencies: ["Fairness", "GameRules", "GameCatalog", "GamePresentation", "Transcript", "Wire"]),
        .target(name: "WebPages", dependencies: ["Fairness", "GameRules", "GameCatalog", "GamePresentation", "Wire"]),
        // The web client: plain JavaScript modules, HTML and CSS, served by the server as they are.
        .target(
            name: "WebClient", dependencies: ["GameRules", "GameCatalog", "GamePresentation"],
            resources: WebClientFiles.names.map { .embedInCode("Web/\($0)") }),
        .target(
            name: "Play",
            dependencies: [
                "Client", "Fairness", "Wire", "Transcript", "GameCatalog", "GamePresentation", "GameRules", "TerminalUI",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),

        // I/O at the edge.
        .target(name: "Files"),
        .target(
            name: "StorageSQLite",
            dependencies: ["Storage", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .target(
            name: "StoragePostgres",
            dependencies: [
                "Storage",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The edge: TLS, the WebSocket upgrade, connections and what guards them, outboxes.
        // It knows the pipelines only through `ConnectionRouting`, and never imports the Engine.
        .target(
            name: "Transport",
            dependencies: [
                "Files", "Timekeeping", "Transcript", "WebPages", "Wire",
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                // Warms a connection's pipeline up on an embedded channel before listening.
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ]
        ),
        // The pipelines: the router, each pipeline's loop (decide, store, keep, deliver), its
        // residency, shared store and timers.
        .target(
            name: "Pipelines",
            dependencies: [
                "Engine", "GameCatalog", "GameRules", "Stickers", "Storage", "Timekeeping", "Transcript", "Transport", "Wire",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        // `/admin`: the operator's gate, API and pages, and the data folder's backup.
        .target(
            name: "Admin",
            dependencies: [
                "Engine", "GameCatalog", "Pipelines", "Reads", "Storage", "Timekeeping", "Transcript", "Transport", "WebPages", "Wire",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        // The server put together: configuration, the data folder, the routes, `ParleyServer`.
        .target(
            name: "Server",
            dependencies: [
                "Admin", "Engine", "Fairness", "Reads", "Files", "GameCatalog", "GamePresentation", "GameRules", "Pipelines", "Stickers",
                "Storage", "StoragePostgres", "StorageSQLite", "Timekeeping", "Transcript", "Transport", "Wire", "WebClient", "WebPages",
                // ServeOptions: the flags of `parley serve`, for every program that serves Parley.
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ]
        ),
        .target(
            name: "Client",
            dependencies: [
                "Files", "Transcript", "Wire",
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
                // TrustedWebSocketChannel: WebSocketClient from its parts, with a TLS verification callback.
                .product(name: "WSClient", package: "swift-websocket"),
                .product(name: "WSCore", package: "swift-websocket"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOTLS", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),

        .target(
            name: "Bench",
            dependencies: [
                "Server", "Client", "Play", "Wire", "Engine", "GameCatalog", "Storage", "StorageSQLite", "Transcript", "Transport",
                .product(name: "Histogram", package: "hdrhistogram-swift"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),

        // The one executable.
        .target(name: "FuzzTargets", dependencies: ["Engine", "Fairness", "GameCatalog", "GameRules", "Transcript", "Wire"]),
        // Built with `-sanitize=fuzzer,address -DFUZZING` by scripts/fuzz; otherwise it replays
        // inputs given as files.
        .executableTarget(name: "parley-fuzz", dependencies: ["FuzzTargets"]),
        .executableTarget(
            name: "parley",
            dependencies: [
                "GameCatalog", "GamePresentation", "Server", "Client", "Fairness", "Play", "TerminalUI", "Bench", "Wire", "GameRules",
                "Transport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),

        .testTarget(name: "GameRulesTests", dependencies: ["GameRules"]),
        .testTarget(name: "FuzzTests", dependencies: ["FuzzTargets"], resources: [.copy("Corpus")]),
        .testTarget(name: "BattleshipTests", dependencies: ["Battleship", "GamePresentation", "GameRules"], path: "Games/Battleship/Tests"),
        .testTarget(
            name: "FourInARowTests", dependencies: ["FourInARow", "GamePresentation", "GameRules"], path: "Games/FourInARow/Tests"),
        .testTarget(name: "IceCreamTests", dependencies: ["IceCream", "GamePresentation", "GameRules"], path: "Games/IceCream/Tests"),
        .testTarget(name: "GameCatalogTests", dependencies: ["GameCatalog", "GameRules", "Battleship", "IceCream"]),
        .testTarget(name: "TranscriptTests", dependencies: ["Transcript", "GameRules"]),
        .testTarget(
            name: "EngineTests", dependencies: ["Engine", "Fairness", "GameCatalog", "GameRules", "Storage", "Transcript", "Wire", "TestSupport"]),
        .testTarget(name: "StickersTests", dependencies: ["Stickers", "GameCatalog", "GamePresentation", "GameRules"]),
        .testTarget(name: "FairnessTests", dependencies: ["Fairness", "GameRules", "GameCatalog", .product(name: "Crypto", package: "swift-crypto")]),
        // What tests share: programs spawned without Foundation's Process, a real PostgreSQL.
        // What pages read of stored games, from the store alone, off the pipelines.
        .target(name: "Reads", dependencies: ["Engine", "Fairness", "Storage", "Transcript", "Wire"]),
        .testTarget(
            name: "ReadsTests",
            dependencies: ["Reads", "Engine", "Fairness", "GameCatalog", "Storage", "StorageSQLite", "Transcript", "Wire", "TestSupport"]),
        .target(name: "TestSupport", dependencies: ["Engine", "GameCatalog", "GamePresentation", "GameRules", "Storage"], path: "Tests/TestSupport"),
        .testTarget(
            name: "StorageTests",
            dependencies: [
                "Storage", "StorageSQLite", "StoragePostgres", "TestSupport",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        .testTarget(
            name: "TerminalUITests",
            dependencies: ["TerminalUI", "GameCatalog", "GamePresentation", "GameRules", "Battleship", "IceCream", "Transcript", "Wire"]),
        .testTarget(name: "TimekeepingTests", dependencies: ["Timekeeping"]),
        .testTarget(name: "RatingsTests", dependencies: ["Ratings"]),
        .testTarget(name: "MatchmakingTests", dependencies: ["Matchmaking", "Transcript"]),
        // What the tests over real sockets share: a live server and its players, raw sockets,
        // two nodes, the `parley` program, tmux, Chromium and its driver.
        .target(
            name: "ServerTestSupport",
            dependencies: [
                "Server", "Client", "Engine", "Storage", "StoragePostgres", "TestSupport", "Timekeeping", "Transcript", "Wire",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOTLS", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            path: "Tests/ServerTestSupport"
        ),
        .testTarget(name: "TransportTests", dependencies: socketTestDependencies),
        .testTarget(name: "PipelinesTests", dependencies: socketTestDependencies, exclude: ["Fixtures"]),
        .testTarget(name: "AdminTests", dependencies: socketTestDependencies),
        .testTarget(name: "ServerTests", dependencies: socketTestDependencies),
        .testTarget(name: "ClientTests", dependencies: socketTestDependencies),
        .testTarget(name: "TerminalTests", dependencies: socketTestDependencies),
        // Servers loaded, killed and played by programs: bots by the dozen, crash loops, a
        // hostile suite, clients in Python.
        .testTarget(name: "EndToEndTests", dependencies: socketTestDependencies, exclude: ["Python"]),
        // The web client and the pages in Chromium.
        .testTarget(name: "BrowserTests", dependencies: socketTestDependencies),
        .testTarget(
            name: "PlayTests",
            dependencies: [
                "Play", "Client", "TerminalUI", "Engine", "Fairness", "GameCatalog", "GamePresentation", "GameRules", "Transcript", "Wire",
                "TestSupport",
            ]),
        .testTarget(name: "WebPagesTests", dependencies: ["WebPages", "Fairness"]),
        .testTarget(
            name: "GamePresentationTests",
            dependencies: ["GamePresentation", "GameCatalog", "GameRules", "WebPages", "TerminalUI", "Play", "Transcript", "Wire"]),
        .testTarget(name: "WireTests", dependencies: ["Wire", "Transcript", "GameRules"], resources: [.copy("Golden")]),
    ],
    swiftLanguageModes: [.v6]
)
