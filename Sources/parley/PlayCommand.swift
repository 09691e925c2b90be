import ArgumentParser
import Client
import Foundation
import Logging
import Play
import Wire

/// `parley play`: the client with which people play over the network.
struct PlayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Play over the network: connect to a Parley server, open or join conversations, play.",
        discussion: """
            The first connection to a server shows its certificate's SHA-256 fingerprint and asks \
            whether to trust it, as ssh does, and remembers the answer in HOME/known_servers; a \
            server whose certificate later changes is refused. The install's key is made on the \
            first run in HOME/install-key.pem. Defaults for --server, --fingerprint and --name \
            come from HOME/client.json when present. HOME is --home, else $PARLEY_HOME, else \
            ~/.config/parley.
            """
    )

    @Option(help: ArgumentHelp("The server, such as wss://localhost:8443.", valueName: "url"))
    var server: String?

    @Option(help: ArgumentHelp("Trust exactly the certificate with this SHA-256.", valueName: "sha256"))
    var fingerprint: String?

    @Option(help: "The name others see.")
    var name: String?

    @Option(help: ArgumentHelp("The client's folder.", valueName: "path"))
    var home: String?

    @Flag(help: "Read commands from standard input and print events as plain lines (for scripts and screen readers).")
    var lines = false

    @Flag(name: .customLong("trust-new"), help: "Trust a server met for the first time without asking.")
    var trustNew = false

    func run() async throws {
        let folder = home ?? ProcessInfo.processInfo.environment["PARLEY_HOME"]
            ?? (NSHomeDirectory() as NSString).appendingPathComponent(".config/parley")
        let settings = ClientSettings.load(from: (folder as NSString).appendingPathComponent("client.json"))
        let (host, port) = try Self.address(of: server ?? settings.server ?? "wss://localhost:8443")
        let known = KnownServers(path: (folder as NSString).appendingPathComponent("known_servers"))
        let trustingAll = trustNew
        let ask: @Sendable (String) -> Bool = { question in trustingAll || Self.ask(question) }
        let pin = (fingerprint ?? settings.fingerprint).flatMap { CertificateFingerprint($0) }
        let trust = try await TrustOnFirstUse(known: known, ask: ask).trust(host: host, port: port, pinned: pin)
        let key = try InstallKey.loadOrCreate(at: (folder as NSString).appendingPathComponent("install-key.pem"))
        guard lines else {
            throw ValidationError("The full-screen client is on its way; use --lines for now.")
        }
        var logger = Logger(label: "parley-play")
        logger.logLevel = .error
        let client = ParleyClient(
            endpoint: ServerEndpoint(host: host, port: port, trust: trust), key: key, name: name ?? settings.name,
            logger: logger)
        await client.start()
        let session = LineSession(client: client) { line in Self.write(line + "\n") }
        await session.run(input: Self.standardInput())
        await client.stop()
    }

    static func address(of url: String) throws -> (String, Int) {
        guard let components = URLComponents(string: url), let host = components.host,
            ["wss", "https"].contains(components.scheme ?? "")
        else { throw ValidationError("--server \(url): write wss://HOST:PORT.") }
        return (host, components.port ?? 443)
    }

    static func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    static func ask(_ question: String) -> Bool {
        write(question + " ")
        return ["y", "yes"].contains(readLine()?.trimmingCharacters(in: .whitespaces).lowercased() ?? "")
    }

    static func standardInput() -> AsyncStream<String> {
        let (lines, input) = AsyncStream<String>.makeStream()
        Thread.detachNewThread {
            while let line = readLine() { input.yield(line) }
            input.finish()
        }
        return lines
    }
}
