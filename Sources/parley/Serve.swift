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

            The settings, each with its default (docs/SETTINGS.md, or `parley settings`, says \
            more):
            """ + "\n" + Setting.helpList(for: .standard)
    )

    @OptionGroup var options: ServeOptions

    func run() async throws {
        let loader = try options.loader(catalog: .standard)
        let configuration = try await loader.load()
        ServerLogHandler.bootstrap(format: configuration.logFormat, level: configuration.logLevel)
        Allocator.mapLargeAllocationsApart()
        try await serveParley(configuration: configuration, logger: Logger(label: "parley"), reading: { try await loader.load() })
    }
}
