import GameCatalog
import Foundation
import Server
import ServerTestSupport
import Testing
import Transport

@Suite(.timeLimit(.minutes(1)))
struct ServerConfigurationLoaderTests {
    /// A loader that sees only what the test gives it: no process environment, and no
    /// ./config.json unless the test writes one.
    func loader(
        json: String? = nil, in folder: borrowing TemporaryFolder,
        environment: [String: String] = [:], flags: ServerConfigurationLoader.Overrides = .init()
    ) throws -> ServerConfigurationLoader {
        var file: String?
        if let json {
            file = folder.file("settings.json")
            try Data(json.utf8).write(to: URL(fileURLWithPath: file!))
        }
        return ServerConfigurationLoader(
            file: file, environment: environment, overrides: flags, defaultFile: folder.file("absent.json"))
    }

    func failure(_ loader: ServerConfigurationLoader) async -> ConfigurationError? {
        await #expect(throws: ConfigurationError.self) { try await loader.load() }
    }

    @Test func withNothingSetTheDefaultsApply() async throws {
        let folder = try TemporaryFolder()
        let configuration = try await loader(in: folder).load()
        #expect(configuration == ServerConfiguration())
        #expect(configuration.port == 8443)
        #expect(configuration.limits.frameBytes == 65536)
        #expect(configuration.turnTimeouts["battleship"] == .seconds(300))
        #expect(configuration.adminToken == nil)
        #expect(configuration.publicBaseURL() == "https://localhost:8443")
    }

    @Test func theRepositorysConfigFileHoldsTheBuiltInDefaults() async throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let file = repository.appendingPathComponent("config.json").path
        let configuration = try await ServerConfigurationLoader(file: file, environment: [:]).load()
        #expect(configuration == ServerConfiguration())
        // And it holds every setting that has a default, with that default, so that it shows them all.
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any])
        var written: [String: String] = [:]
        for (section, values) in json {
            for (key, value) in values as? [String: Any] ?? [:] {
                written[section + "." + key] = (value as? String).map { "\"\($0)\"" } ?? "\(value)"
            }
        }
        let defaults = ServerConfiguration()
        var expected: [String: String] = [:]
        for setting in Setting.all() {
            if let value = setting.value(defaults) { expected[setting.key] = "\(value)" }
        }
        // JSON's booleans come back as numbers from JSONSerialization.
        expected["admin.allowRemote"] = expected["admin.allowRemote"].map { $0 == "false" ? "0" : "1" }
        #expect(written == expected)
    }

    /// docs/SETTINGS.md is made from the settings' descriptions; after changing one, write it
    /// again with `swift run parley settings > docs/SETTINGS.md`.
    @Test func theSettingsPageIsMadeFromTheSettings() throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let page = try String(contentsOf: repository.appendingPathComponent("docs/SETTINGS.md"), encoding: .utf8)
        #expect(page == Setting.document(for: .standard), "run: swift run parley settings > docs/SETTINGS.md")
        #expect(page.contains("| `limits.urlLength` | whole number, 1 to 1048576 | `8192` | no | `PARLEY_LIMITS_URL_LENGTH` |"))
        #expect(page.contains("| `admin.token` | text | unset | yes | `PARLEY_ADMIN_TOKEN` |"))
        #expect(page.contains("`timeouts.fourinarow`"))
    }

    @Test func theJSONFileOverridesTheDefaults() async throws {
        let folder = try TemporaryFolder()
        let json = """
            {"server": {"host": "0.0.0.0", "port": 9000, "publicURL": "https://games.example.org"},
             "data": {"directory": "/var/lib/parley"},
             "tls": {"certificate": "/etc/parley/cert.pem", "key": "/etc/parley/key.pem"},
             "limits": {"frameBytes": 4096, "burst": 5},
             "conversations": {"maxParticipants": 4},
             "timeouts": {"icecream": 90},
             "admin": {"token": "0123456789abcdef0123"}}
            """
        let configuration = try await loader(json: json, in: folder).load()
        #expect(configuration.host == "0.0.0.0")
        #expect(configuration.port == 9000)
        #expect(configuration.publicBaseURL(port: 1234) == "https://games.example.org")
        #expect(configuration.dataDirectory == "/var/lib/parley")
        #expect(configuration.tls == .init(certificate: "/etc/parley/cert.pem", key: "/etc/parley/key.pem"))
        #expect(configuration.limits == ServerLimits(frameBytes: 4096, burst: 5))
        #expect(configuration.maxParticipants == 4)
        #expect(configuration.turnTimeouts["icecream"] == .seconds(90), "the file's")
        #expect(configuration.turnTimeouts["battleship"] == .seconds(300), "the game's own default")
        #expect(Set(configuration.turnTimeouts.keys) == Set(GameCatalog.standard.ids.map(\.rawValue)))
        #expect(configuration.adminToken == "0123456789abcdef0123")
    }

    @Test func environmentVariablesBeatTheFile() async throws {
        let folder = try TemporaryFolder()
        let environment = [
            "PARLEY_SERVER_PORT": "9100", "PARLEY_LIMITS_FRAME_BYTES": "8192",
            "PARLEY_SERVER_PUBLIC_URL": "https://env.example.org:9100",
            // Without the prefix a variable is someone else's.
            "SERVER_HOST": "10.0.0.1",
        ]
        let json = #"{"server": {"port": 9000, "host": "0.0.0.0"}, "limits": {"frameBytes": 4096}}"#
        let configuration = try await loader(json: json, in: folder, environment: environment).load()
        #expect(configuration.port == 9100)
        #expect(configuration.limits.frameBytes == 8192)
        #expect(configuration.publicURL == "https://env.example.org:9100")
        #expect(configuration.host == "0.0.0.0")
    }

    @Test func flagsBeatEnvironmentVariables() async throws {
        let folder = try TemporaryFolder()
        let environment = ["PARLEY_SERVER_PORT": "9100", "PARLEY_SERVER_HOST": "10.0.0.1", "PARLEY_DATA_DIRECTORY": "env"]
        let flags = ServerConfigurationLoader.Overrides(host: "::1", port: 9200, dataDirectory: "flags")
        let configuration = try await loader(
            json: #"{"server": {"port": 9000}}"#, in: folder, environment: environment, flags: flags
        ).load()
        #expect(configuration.host == "::1")
        #expect(configuration.port == 9200)
        #expect(configuration.dataDirectory == "flags")
    }

    @Test func aPortOutOfRangeNamesTheKeyFromEveryLayer() async throws {
        let folder = try TemporaryFolder()
        let expected = "server.port: 70000 is not a port (1-65535, or 0 for any free port)"
        #expect(await failure(try loader(json: #"{"server": {"port": 70000}}"#, in: folder))?.description == expected)
        #expect(await failure(try loader(in: folder, environment: ["PARLEY_SERVER_PORT": "70000"]))?.description == expected)
        #expect(await failure(try loader(in: folder, flags: .init(port: 70000)))?.description == expected)
    }

    @Test func theTimeControlsAreAListOfSeconds() async throws {
        let folder = try TemporaryFolder()
        #expect(try await loader(in: folder).load().timeControls == [60, 300, 86400, 259200, 604800])
        let configuration = try await loader(json: #"{"matchmaking": {"timeControls": "300, 60,300"}}"#, in: folder).load()
        #expect(configuration.timeControls == [60, 300], "in order, each once")
    }

    @Test func aValueOfTheWrongTypeNamesTheKey() async throws {
        let folder = try TemporaryFolder()
        let json = await failure(try loader(json: #"{"limits": {"burst": "many"}}"#, in: folder))
        #expect(json?.key == "limits.burst")
        let environment = await failure(try loader(in: folder, environment: ["PARLEY_SERVER_PORT": "eighty"]))
        #expect(environment?.description == #"server.port: expected a whole number, not "eighty""#)
        let text = await failure(try loader(json: #"{"server": {"host": 8}}"#, in: folder))
        #expect(text?.key == "server.host")
    }

    @Test(arguments: [
        (#"{"limits": {"messagesPerSecond": -1}}"#, "limits.messagesPerSecond"),
        (#"{"limits": {"connectionsPerAccount": 0}}"#, "limits.connectionsPerAccount"),
        (#"{"conversations": {"maxParticipants": 1}}"#, "conversations.maxParticipants"),
        (#"{"timeouts": {"battleship": 0}}"#, "timeouts.battleship"),
        (#"{"server": {"publicURL": "games.example.org"}}"#, "server.publicURL"),
        (#"{"tls": {"certificate": "/etc/cert.pem"}}"#, "tls.key"),
        (#"{"admin": {"token": "short"}}"#, "admin.token"),
        (#"{"data": {"directory": ""}}"#, "data.directory"),
        (#"{"store": {"url": "mysql://db.example.org/parley"}}"#, "store.url"),
        (#"{"store": {"url": "postgres:///parley"}}"#, "store.url"),
        (#"{"limits": {"pingSeconds": 120}}"#, "limits.pingSeconds"),
        (#"{"limits": {"pingSeconds": 0}}"#, "limits.pingSeconds"),
        (#"{"stickers": {"postsPerMinute": 0}}"#, "stickers.postsPerMinute"),
        (#"{"stickers": {"quotaBytes": -1}}"#, "stickers.quotaBytes"),
        (#"{"matchmaking": {"timeControls": "60,five minutes"}}"#, "matchmaking.timeControls"),
        (#"{"matchmaking": {"timeControls": "5"}}"#, "matchmaking.timeControls"),
        (#"{"matchmaking": {"timeControls": ""}}"#, "matchmaking.timeControls"),
        (#"{"log": {"level": "loud"}}"#, "log.level"),
        (#"{"log": {"format": "xml"}}"#, "log.format"),
        (#"{"server": {"drainSeconds": 0}}"#, "server.drainSeconds"),
    ])
    func aBadSettingNamesItsKey(json: String, key: String) async throws {
        let folder = try TemporaryFolder()
        let error = await failure(try loader(json: json, in: folder))
        #expect(error?.key == key)
        #expect(error?.description.hasPrefix("\(key): ") == true)
    }

    @Test func aMissingOrMalformedFileIsNamed() async throws {
        let folder = try TemporaryFolder()
        let missing = ServerConfigurationLoader(file: folder.file("nope.json"), environment: [:])
        #expect(await failure(missing)?.description == "configuration file \(folder.file("nope.json")): does not exist")
        let malformed = await failure(try loader(json: #"{"server": "#, in: folder))
        #expect(malformed?.description.hasPrefix("configuration file \(folder.file("settings.json")):") == true)
        #expect(malformed?.key == nil)
    }
}
