import Foundation
import Server
import Testing

/// `parley serve --set KEY=VALUE` reaches every setting, and beats the environment.
@Suite struct SettingFlagTests {
    @Test func anySettingCanBeSetByFlag() async throws {
        let loader = ServerConfigurationLoader(
            environment: ["PARLEY_LIMITS_FRAME_BYTES": "2048", "PARLEY_SERVER_PUBLIC_URL": "https://env.example"],
            overrides: .init(port: 9000, settings: [
                "limits.frameBytes": "1024", "timeouts.battleship": "30", "server.publicURL": "https://flag.example",
                "conversations.maxParticipants": "4",
            ]),
            defaultFile: "/nonexistent/config.json")
        let configuration = try await loader.load()
        #expect(configuration.port == 9000)
        #expect(configuration.limits.frameBytes == 1024)
        #expect(configuration.turnTimeouts["battleship"] == .seconds(30))
        #expect(configuration.publicURL == "https://flag.example")
        #expect(configuration.maxParticipants == 4)
    }

    @Test func aBadFlagValueNamesTheKey() async {
        let loader = ServerConfigurationLoader(
            environment: [:], overrides: .init(settings: ["limits.burst": "-3"]), defaultFile: "/nonexistent/config.json")
        do {
            _ = try await loader.load()
            Issue.record("a negative burst was accepted")
        } catch {
            #expect("\(error)".hasPrefix("limits.burst"), "\(error)")
        }
        #expect(ServerConfigurationLoader.knownKeys().contains("timeouts.icecream"))
    }
}
