import Foundation
import Server
import ServerTestSupport
import TestSupport
import Testing
import Transport

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

    /// `serveParley(catalog:)` reads `parley serve`'s flags: a setting of the catalog's own game
    /// is one, and a bad value is refused with its key, for the program to say.
    @Test func serveFlagsKnowTheCatalogsGames() async throws {
        let options = try ServeOptions.parse(["--port", "0", "--set", "timeouts.nim=30"])
        do {
            _ = try options.loader(catalog: .standard, environment: [:])
            Issue.record("timeouts.nim was taken for a server without Nim")
        } catch {
            #expect("\(error)".contains("timeouts.nim is not a setting"), "\(error)")
        }
        let configuration = try await options.loader(catalog: NimGame.catalog, environment: [:]).load()
        #expect(configuration.turnTimeouts["nim"] == .seconds(30))
        #expect(configuration.port == 0)

        let short = try ServeOptions.parse(["--set", "admin.token=short"]).loader(catalog: NimGame.catalog, environment: [:])
        do {
            _ = try await short.load()
            Issue.record("a short admin token was accepted")
        } catch {
            #expect("\(error)".hasPrefix("admin.token: must be at least 16 characters"), "\(error)")
        }
    }
}
