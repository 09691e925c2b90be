import ArgumentParser
import Logging
import Server

/// `parley serve`: runs the server until SIGINT or SIGTERM (Ctrl-C), which Hummingbird's
/// service lifecycle turns into a graceful shutdown.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the game server over HTTPS and WebSocket.",
        discussion: """
            Settings come from, strongest first: these flags; environment variables named \
            PARLEY_ and the key in upper case (PARLEY_SERVER_PORT, PARLEY_LIMITS_FRAME_BYTES, \
            PARLEY_ADMIN_TOKEN); the JSON file (--config, else ./config.json if present); the \
            built-in defaults, which equal the repository's config.json.

            Without tls.certificate and tls.key the server makes its own certificate under \
            DATA/tls/ on the first start and prints its SHA-256 fingerprint; clients pin that \
            fingerprint or trust DATA/tls/certificate.pem.
            """
    )

    @Option(help: ArgumentHelp("A JSON settings file.", valueName: "path"))
    var config: String?

    @Option(help: ArgumentHelp("The address to listen on (server.host).", valueName: "address"))
    var host: String?

    @Option(help: ArgumentHelp("The port to listen on, 0 for any free one (server.port).", valueName: "port"))
    var port: Int?

    @Option(help: ArgumentHelp("The data folder (data.directory).", valueName: "path"))
    var data: String?

    @Option(name: .customLong("set"), help: ArgumentHelp(
        "Any setting by its key, such as limits.frameBytes=1024 or timeouts.battleship=120; repeatable.",
        valueName: "key=value"))
    var settings: [String] = []

    func validate() throws {
        let known = ServerConfigurationLoader.knownKeys()
        for setting in settings {
            let parts = setting.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { throw ValidationError("--set \(setting): write key=value.") }
            guard known.contains(String(parts[0])) else {
                throw ValidationError("--set \(setting): \(parts[0]) is not a setting; they are \(known.sorted().joined(separator: ", ")).")
            }
        }
    }

    func run() async throws {
        let logger = Logger(label: "parley")
        let loader = ServerConfigurationLoader(
            file: config,
            overrides: .init(host: host, port: port, dataDirectory: data, settings: Dictionary(
                settings.map { setting in
                    let parts = setting.split(separator: "=", maxSplits: 1).map(String.init)
                    return (parts[0], parts[1])
                }, uniquingKeysWith: { _, last in last }))
        )
        let configuration = try await loader.load()
        try await serveParley(configuration: configuration, logger: logger)
    }
}
