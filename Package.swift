// swift-tools-version:6.2
import PackageDescription

/// The rules are optimized in debug builds too: the tests play thousands of seeded games
/// through them, and unoptimized generic code runs those several times slower.
let rulesSettings: [SwiftSetting] = [.unsafeFlags(["-O"], .when(configuration: .debug))]

let package = Package(
    name: "Parley",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "parley", targets: ["parley"]),
        .library(name: "GameRules", targets: ["GameRules"]),
        .library(name: "GameCatalog", targets: ["GameCatalog"]),
        .library(name: "Transcript", targets: ["Transcript"]),
        .library(name: "Wire", targets: ["Wire"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto.git", "3.12.3"..<"5.0.0"),
    ],
    targets: [
        // Pure modules: no networking, storage or clock.
        .target(name: "GameRules", swiftSettings: rulesSettings),
        .target(name: "Battleship", dependencies: ["GameRules"], path: "Games/Battleship/Sources", swiftSettings: rulesSettings),
        .target(name: "IceCream", dependencies: ["GameRules"], path: "Games/IceCream/Sources", swiftSettings: rulesSettings),
        .target(name: "GameCatalog", dependencies: ["GameRules", "Battleship", "IceCream"]),
        .target(name: "Transcript", dependencies: ["GameRules", .product(name: "Crypto", package: "swift-crypto")]),
        .target(name: "Wire", dependencies: ["Transcript", "GameRules"]),

        // The one executable.
        .executableTarget(
            name: "parley",
            dependencies: [
                "GameCatalog",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        .testTarget(name: "GameRulesTests", dependencies: ["GameRules"]),
        .testTarget(name: "BattleshipTests", dependencies: ["Battleship", "GameRules"], path: "Games/Battleship/Tests"),
        .testTarget(name: "IceCreamTests", dependencies: ["IceCream", "GameRules"], path: "Games/IceCream/Tests"),
        .testTarget(name: "GameCatalogTests", dependencies: ["GameCatalog", "GameRules", "Battleship", "IceCream"]),
        .testTarget(name: "TranscriptTests", dependencies: ["Transcript", "GameRules"]),
        .testTarget(name: "WireTests", dependencies: ["Wire", "Transcript", "GameRules"], resources: [.copy("Golden")]),
    ],
    swiftLanguageModes: [.v6]
)
