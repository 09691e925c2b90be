import ArgumentParser
import Client
import Foundation
import Logging
import Play
import Transport
import Wire

/// How `parley play` and `parley bot` reach a server: the address, the trust, and the install.
struct ConnectionOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "The server, such as wss://localhost:8443; several, comma-separated, for nodes sharing one store: the client moves to the next when one is gone.",
        valueName: "url"))
    var server: String?

    @Option(help: ArgumentHelp("Trust exactly the certificate with this SHA-256.", valueName: "sha256"))
    var fingerprint: String?

    @Option(help: ArgumentHelp(
        "Trust a certificate from these authorities (a PEM file, or 'system' for the system's) that names the server, instead of a pin: a renewed certificate is trusted like the first.",
        valueName: "pem"))
    var ca: String?

    @Option(help: "The name others see.")
    var name: String?

    @Option(help: ArgumentHelp("The client's folder (its key, known servers, client.json).", valueName: "path"))
    var home: String?

    @Flag(name: .customLong("trust-new"), help: "Trust a server met for the first time without asking.")
    var trustNew = false

    func validate() throws {
        if ca != nil, fingerprint != nil { throw ValidationError("Give --ca or --fingerprint, not both.") }
        if let ca, ca != "system", !FileManager.default.fileExists(atPath: ca) {
            throw ValidationError("--ca \(ca): no such file; give a PEM file of certificate authorities, or 'system'.")
        }
    }

    /// A started client: the server trusted (asking on first use), the install's key made or read.
    /// A `quiet` client logs nothing, as the full-screen client owns the terminal.
    func client(defaultName: String? = nil, quiet: Bool = false) async throws -> ParleyClient {
        let settings = self.settings
        let addresses = try (server ?? settings.server ?? "wss://localhost:8443").split(separator: ",")
            .map { try Self.address(of: String($0).trimmingCharacters(in: .whitespaces)) }
        let trustingAll = trustNew
        let ask: @Sendable (String) -> Bool = { question in trustingAll || Self.ask(question) }
        let pin = try Self.pin(fingerprint ?? settings.fingerprint)
        var endpoints: [ServerEndpoint] = []
        for (host, port) in addresses {
            let trust: ServerTrust = switch ca {
            case "system"?: .systemTrustStore
            case let path?: .certificateAuthority(path: path)
            case nil: try await TrustOnFirstUse(known: known, ask: ask).trust(host: host, port: port, pinned: pin)
            }
            endpoints.append(ServerEndpoint(host: host, port: port, trust: trust))
        }
        let key = try InstallKey.loadOrCreate(at: (folder as NSString).appendingPathComponent("install-key.pem"))
        var logger = quiet ? Logger(label: "parley-client", factory: { _ in SwiftLogNoOpLogHandler() })
            : Logger(label: "parley-client")
        logger.logLevel = .error
        let client = ParleyClient(
            endpoints: endpoints, key: key,
            name: name ?? settings.name ?? defaultName, logger: logger)
        await client.start()
        return client
    }

    /// The client's folder: --home, else $PARLEY_HOME, else ~/.config/parley.
    var folder: String { Self.folder(home: home) }

    static func folder(home: String?) -> String {
        home ?? ProcessInfo.processInfo.environment["PARLEY_HOME"]
            ?? (NSHomeDirectory() as NSString).appendingPathComponent(".config/parley")
    }

    /// A fingerprint given is the one to trust: one that is not a fingerprint is refused, not ignored.
    static func pin(_ text: String?) throws -> CertificateFingerprint? {
        do {
            return try text.map { text throws(FingerprintError) in try CertificateFingerprint.typed(text) }
        } catch {
            throw ValidationError("--fingerprint \(error)")
        }
    }

    var settings: ClientSettings {
        ClientSettings.load(from: (folder as NSString).appendingPathComponent("client.json"))
    }

    var known: KnownServers { Self.known(in: folder) }

    static func known(in folder: String) -> KnownServers {
        KnownServers(path: (folder as NSString).appendingPathComponent("known_servers"))
    }

    /// Ends the command as a starting client would, loudly, when a running one stopped because
    /// its server presented another certificate.
    func stop(_ untrusted: ServerTrustError?) throws {
        guard let untrusted else { return }
        let pinnedByHand = fingerprint != nil || settings.fingerprint != nil
        guard !pinnedByHand, let server = untrusted.mismatchedServer, let pinned = untrusted.pinned,
            let presented = untrusted.presented
        else { throw LineError("\(untrusted).") }
        throw LineError(TrustOnFirstUse.warning(server: server, remembered: pinned, presented: presented, known: known))
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
}
