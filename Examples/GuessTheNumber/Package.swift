// swift-tools-version:6.2
import PackageDescription

/// A game from another package: Guess the Number, defined here with Parley's library products
/// and served with Parley's server beside the standard games.
let package = Package(
    name: "GuessTheNumber",
    products: [
        .library(name: "GuessTheNumber", targets: ["GuessTheNumber"]),
        .executable(name: "guess-server", targets: ["guess-server"]),
    ],
    dependencies: [
        .package(name: "Parley", path: "../.."),
        // The tests' loggers: a package declares what it imports, Parley's dependencies too.
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
    ],
    targets: [
        .target(
            name: "GuessTheNumber",
            dependencies: [
                .product(name: "GameRules", package: "Parley"),
                .product(name: "GamePresentation", package: "Parley"),
            ]),
        .executableTarget(
            name: "guess-server",
            dependencies: [
                "GuessTheNumber",
                .product(name: "GameCatalog", package: "Parley"),
                .product(name: "Server", package: "Parley"),
            ]),
        .testTarget(
            name: "GuessTheNumberTests",
            dependencies: [
                "GuessTheNumber",
                .product(name: "GameRules", package: "Parley"),
                .product(name: "GameCatalog", package: "Parley"),
                .product(name: "Server", package: "Parley"),
                .product(name: "Client", package: "Parley"),
                .product(name: "Play", package: "Parley"),
                .product(name: "Logging", package: "swift-log"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
