import Admin
import ArgumentParser
import Foundation
import GameCatalog
import Pipelines
import Transport

/// The flags of `parley serve`, for every program that serves Parley: `parley serve` itself,
/// and a package that serves games of its own with `serveParley(catalog:)`.
public struct ServeOptions: ParsableArguments {
    @Option(help: ArgumentHelp("A JSON settings file.", valueName: "path"))
    public var config: String?

    @Option(help: ArgumentHelp("The address to listen on (server.host).", valueName: "address"))
    public var host: String?

    @Option(help: ArgumentHelp("The port to listen on, 0 for any free one (server.port).", valueName: "port"))
    public var port: Int?

    @Option(help: ArgumentHelp("The data folder (data.directory).", valueName: "path"))
    public var data: String?

    @Option(name: .customLong("log-format"), help: ArgumentHelp(
        "How the log is written to standard error: text, or json (one object a line) (log.format).", valueName: "format"))
    public var logFormat: String?

    @Option(name: .customLong("log-level"), help: ArgumentHelp(
        "The least level logged: trace, debug, info, notice, warning, error, critical (log.level).", valueName: "level"))
    public var logLevel: String?

    @Option(name: .customLong("set"), help: ArgumentHelp(
        "Any setting by its key, such as limits.frameBytes=1024 or timeouts.battleship=120; repeatable.",
        valueName: "key=value"))
    public var settings: [String] = []

    public init() {}

    public func validate() throws {
        for setting in settings where setting.split(separator: "=", maxSplits: 1).count != 2 {
            throw ValidationError("--set \(setting): write key=value.")
        }
    }

    /// The settings these flags give, over the environment's, the file's and the defaults, for
    /// a server of `catalog`'s games (each has its `timeouts.GAME`). Throws for a key that is no
    /// setting, naming those there are.
    public func loader(
        catalog: GameCatalog = .standard, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(ValidationError) -> ServerConfigurationLoader {
        let known = ServerConfigurationLoader.knownKeys(for: catalog)
        var named: [String: String] = [:]
        for setting in settings {
            let parts = setting.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { throw ValidationError("--set \(setting): write key=value.") }
            guard known.contains(parts[0]) else {
                throw ValidationError("--set \(setting): \(parts[0]) is not a setting; they are \(known.sorted().joined(separator: ", ")).")
            }
            named[parts[0]] = parts[1]
        }
        if let logFormat { named[Setting.logFormat.key] = logFormat }
        if let logLevel { named[Setting.logLevel.key] = logLevel }
        return ServerConfigurationLoader(
            file: config, environment: environment,
            overrides: .init(host: host, port: port, dataDirectory: data, settings: named), catalog: catalog)
    }
}
