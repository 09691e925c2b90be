import Foundation
import Server
import ServerTestSupport
import TestSupport
import Testing

/// What the release packs beside the program (packaging/): the systemd unit passes systemd's
/// own checks with the hardening a service deserves, the settings load, and install.sh parses.
/// `scripts/check-release` checks a built tarball as a whole (docs/OPERATIONS.md).
@Suite struct ReleaseTests {
    static let packaging = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("packaging").path

    /// The unit with its program where this build has it: `verify` checks that it exists.
    static func unit() throws -> String {
        let text = try String(contentsOfFile: packaging + "/parley.service", encoding: .utf8)
            .replacingOccurrences(of: "/usr/local/bin/parley", with: try Programs.parley())
        let folder = LiveServer.temporaryDirectory()
        let path = folder + "/parley.service"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static func systemdAnalyze(_ arguments: [String]) async throws -> (status: Int32, output: String) {
        guard Spawn.exists("systemd-analyze") else {
            throw Spawn.Failure(description: "systemd-analyze is not installed (apt-get install systemd); the unit's test needs it")
        }
        return try await Spawn.run("systemd-analyze", arguments, withErrors: true)
    }

    @Test func theUnitPassesSystemdsVerification() async throws {
        let (status, output) = try await Self.systemdAnalyze(["verify", try Self.unit()])
        #expect(status == 0, "\(output)")
        #expect(output.isEmpty, "systemd-analyze verify warned: \(output)")
    }

    @Test func theUnitIsHardened() async throws {
        let unit = try Self.unit()
        let (status, output) = try await Self.systemdAnalyze(["security", "--offline=yes", unit])
        #expect(status == 0, "\(output)")
        // "→ Overall exposure level for parley.service: 1.2 OK 🙂": 10 is a service left open.
        let line = try #require(output.split(separator: "\n").last { $0.contains("Overall exposure level") })
        let score = try #require(line.split(separator: ":").last?.split(separator: " ").first.flatMap { Double($0) })
        #expect(score <= 2.0, "\(line)")
        let text = try String(contentsOfFile: unit, encoding: .utf8)
        for setting in ["User=parley", "NoNewPrivileges=yes", "ProtectSystem=strict", "CapabilityBoundingSet=\n",
                        "ExecReload=/bin/kill -HUP $MAINPID", "KillSignal=SIGTERM"] {
            #expect(text.contains(setting), "the unit lacks \(setting)")
        }
        // The one capability to bind a low port, for an operator who asks.
        #expect(text.contains("# AmbientCapabilities=CAP_NET_BIND_SERVICE"))
    }

    @Test func thePackagedSettingsLoadAndServeEveryAddressFromTheServicesFolder() async throws {
        let configuration = try await ServerConfigurationLoader(file: Self.packaging + "/config.json", environment: [:]).load()
        #expect(configuration.host == "0.0.0.0")
        #expect(configuration.dataDirectory == "/var/lib/parley")
        #expect(configuration.logFormat == .json)
        #expect(configuration.drainSeconds < 30, "within the unit's TimeoutStopSec")
    }

    @Test func theInstallScriptParses() async throws {
        let (status, output) = try await Spawn.run("sh", ["-n", Self.packaging + "/install.sh"], withErrors: true)
        #expect(status == 0, "\(output)")
    }
}
