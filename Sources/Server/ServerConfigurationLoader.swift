import Admin
import Configuration
import Foundation
import GameCatalog
import Pipelines
import Transport

/// Reads a `ServerConfiguration` from, strongest first:
///
/// 1. flags (`parley serve --host --port --data`), given as `overrides`;
/// 2. environment variables: `PARLEY_` followed by the key in upper case, with `_` between
///    its parts and between the words of a camelCase part: `server.port` is
///    `PARLEY_SERVER_PORT`, `limits.frameBytes` is `PARLEY_LIMITS_FRAME_BYTES`,
///    `server.publicURL` is `PARLEY_SERVER_PUBLIC_URL`, `admin.token` is `PARLEY_ADMIN_TOKEN`;
/// 3. a JSON file: `file` (`--config PATH`), else `defaultFile` (./config.json) if it exists;
/// 4. the built-in defaults, `ServerConfiguration()`, which equal the repository's config.json.
///
/// Only `PARLEY_` variables are read, so an unrelated `SERVER_PORT` in the environment does not
/// move the server.
public struct ServerConfigurationLoader: Sendable {
    /// The settings that `parley serve` takes as flags.
    public struct Overrides: Sendable, Equatable {
        public var host: String?
        public var port: Int?
        public var dataDirectory: String?
        /// Any other setting, by its key (`--set limits.frameBytes=1024`); a whole number is
        /// read as a number, `true` and `false` as booleans, anything else as text.
        public var settings: [String: String]

        public init(host: String? = nil, port: Int? = nil, dataDirectory: String? = nil, settings: [String: String] = [:]) {
            self.host = host
            self.port = port
            self.dataDirectory = dataDirectory
            self.settings = settings
        }
    }

    /// Every key a setting can have, for checking `--set` flags.
    public static func knownKeys(for catalog: GameCatalog = .standard) -> Set<String> {
        Set(Setting.all(for: catalog).map(\.key))
    }

    public static let environmentPrefix = "PARLEY_"

    /// A file that must exist (`--config`); `nil` falls back to `defaultFile` if present.
    public var file: String?
    public var defaultFile: String
    public var environment: [String: String]
    public var overrides: Overrides
    /// The games the server hosts, whose `timeouts.GAME` are read.
    public var catalog: GameCatalog
    public var gameIDs: [String] { catalog.ids.map(\.rawValue) }

    public init(
        file: String? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        overrides: Overrides = Overrides(),
        catalog: GameCatalog = .standard,
        defaultFile: String = "config.json"
    ) {
        self.file = file
        self.environment = environment
        self.overrides = overrides
        self.catalog = catalog
        self.defaultFile = defaultFile
    }

    public func load() async throws(ConfigurationError) -> ServerConfiguration {
        var providers: [any ConfigProvider] = [flagProvider(), environmentProvider()]
        if let fileProvider = try await fileProvider() {
            providers.append(fileProvider)
        }
        return try await ConfigurationReading(ConfigReader(providers: providers), catalog: catalog).configuration()
    }

    private func flagProvider() -> InMemoryProvider {
        var values: [AbsoluteConfigKey: ConfigValue] = [:]
        for (key, text) in overrides.settings {
            let content: ConfigContent = if let number = Int(text) {
                .int(number)
            } else if let flag = Bool(text) {
                .bool(flag)
            } else {
                .string(text)
            }
            values[Self.configKey(key)] = ConfigValue(content, isSecret: Setting.named(key, in: catalog)?.isSecret ?? false)
        }
        if let host = overrides.host { values[Self.configKey(Setting.host.key)] = ConfigValue(.string(host), isSecret: false) }
        if let port = overrides.port { values[Self.configKey(Setting.port.key)] = ConfigValue(.int(port), isSecret: false) }
        if let data = overrides.dataDirectory {
            values[Self.configKey(Setting.dataDirectory.key)] = ConfigValue(.string(data), isSecret: false)
        }
        return InMemoryProvider(name: "flags", values: values)
    }

    private static func configKey(_ key: String) -> AbsoluteConfigKey {
        AbsoluteConfigKey(key.split(separator: ".").map(String.init))
    }

    /// The `PARLEY_` variables with the prefix taken off, so that swift-configuration's own
    /// key encoding (`server.port` → `SERVER_PORT`) finds them.
    private func environmentProvider() -> EnvironmentVariablesProvider {
        var variables: [String: String] = [:]
        for (name, value) in environment where name.hasPrefix(Self.environmentPrefix) {
            variables[String(name.dropFirst(Self.environmentPrefix.count))] = value
        }
        return EnvironmentVariablesProvider(environmentVariables: variables, secretsSpecifier: .specific(
            Set(Setting.all(for: catalog).filter(\.isSecret).map(\.environmentKey))))
    }

    private func fileProvider() async throws(ConfigurationError) -> (any ConfigProvider)? {
        let path: String
        if let file {
            path = file
        } else if FileManager.default.fileExists(atPath: defaultFile) {
            path = defaultFile
        } else {
            return nil
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .unreadable(path, "does not exist")
        }
        guard !isDirectory.boolValue, FileManager.default.isReadableFile(atPath: path) else {
            throw .unreadable(path, "cannot be read")
        }
        do {
            return try await FileProvider<JSONSnapshot>(filePath: .init(path))
        } catch {
            throw .unreadable(path, "is not a JSON object of settings (\(error))")
        }
    }
}
