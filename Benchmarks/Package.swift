// swift-tools-version:6.3
import Foundation
import PackageDescription

/// SwiftPM names a path dependency after its folder, not its manifest's name, and Parley's
/// folder is named differently in each clone or worktree: the name is read off this file's path.
let parley = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

/// Micro-benchmarks of Parley's pure hot path, apart from the root package so that its
/// `swift build` and `swift test` never build package-benchmark. Run them from this folder
/// with `swift package benchmark`; see README.md.
/// Linux only: the server reads /proc and calls Glibc, so no Apple platform is declared.
let package = Package(
    name: "ParleyBenchmarks",
    dependencies: [
        .package(path: ".."),
        // The interposer counts mallocs; without it the benchmarks run but show no malloc counts.
        .package(url: "https://github.com/ordo-one/benchmark.git", exact: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .target(
            name: "ClassicPlayout",
            dependencies: [.product(name: "Battleship", package: parley), .product(name: "GameRules", package: parley)]
        ),
        .executableTarget(
            name: "WireBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "Wire", package: parley),
                .product(name: "Transcript", package: parley),
                .product(name: "GameRules", package: parley),
            ],
            path: "Benchmarks/WireBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "GameRulesBenchmarks",
            dependencies: [
                "ClassicPlayout",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "Battleship", package: parley),
                .product(name: "GameRules", package: parley),
            ],
            path: "Benchmarks/GameRulesBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "EngineBenchmarks",
            dependencies: [
                "ClassicPlayout",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "Engine", package: parley),
                .product(name: "GameCatalog", package: parley),
                .product(name: "GameRules", package: parley),
                .product(name: "Transcript", package: parley),
                .product(name: "Wire", package: parley),
            ],
            path: "Benchmarks/EngineBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
