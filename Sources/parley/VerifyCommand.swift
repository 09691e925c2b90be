import ArgumentParser
import Client
import Fairness
import Foundation
import GameCatalog
import Play
import Wire

/// `parley verify`: checks signed state URLs offline against the server's published key.
struct VerifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check that state URLs are signed by a Parley server and chained as received.",
        discussion: """
            Each argument is a state URL or a file of them: one URL per line, or JSON lines with a "url". \
            Messages of one session are checked in the order given: each must name the one before it. \
            Exits 1 when anything fails. docs/FAIRNESS.md says what a signature proves.
            """)

    @Option(help: ArgumentHelp(
        "The server's key as published at /.well-known/parley-key (the JSON document, or the bare base64 key). Without it the key is fetched from each URL's server, trusting it as parley play does.",
        valueName: "file"))
    var key: String?

    @Option(help: ArgumentHelp("Trust exactly the certificate with this SHA-256 when fetching the key.", valueName: "sha256"))
    var fingerprint: String?

    @Option(help: ArgumentHelp("The client's folder (its known servers).", valueName: "path"))
    var home: String?

    @Flag(name: .customLong("trust-new"), help: "Trust a server met for the first time without asking.")
    var trustNew = false

    @Argument(help: ArgumentHelp("State URLs, or files of them.", valueName: "url-or-file"))
    var inputs: [String]

    func run() async throws {
        var given: ChainPublicKey?
        if let key {
            guard let text = try? String(contentsOfFile: key, encoding: .utf8) else {
                throw ValidationError("--key \(key): cannot read the file.")
            }
            guard let read = ChainPublicKey(published: text) else {
                throw ValidationError("--key \(key): not a key as /.well-known/parley-key publishes it.")
            }
            given = read
            print("Key Ed25519 \(read.base64) (SHA-256 \(read.fingerprint)), from \(key).")
        }
        var keys: [String: ChainPublicKey] = [:]
        var report = ChainReport()
        for (source, url) in try messages() {
            let server = Self.server(of: url)
            var key = given ?? server.flatMap { keys[$0] }
            if key == nil, let server {
                key = try await fetchKey(for: url)
                keys[server] = key
            }
            guard let key else {
                report.fail(source, "\(url.prefix(60))… names no https server to fetch its key from; give --key FILE.")
                continue
            }
            report.check(url, from: source, key: key, boards: GameCatalog.standard.hiddenBoards)
        }
        for line in report.lines { print(line) }
        print(report.summary)
        if report.failures > 0 { throw ExitCode(1) }
    }

    /// Every URL given, with where it came from.
    private func messages() throws -> [(String, String)] {
        var found: [(String, String)] = []
        for input in inputs {
            if input.contains("://") || input.hasPrefix("?") {
                found.append((input.count > 40 ? "argument \(found.count + 1)" : input, input))
                continue
            }
            guard let text = try? String(contentsOfFile: input, encoding: .utf8) else {
                throw ValidationError("\(input): neither a URL nor a file that can be read.")
            }
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                guard !trimmed.isEmpty else { continue }
                // A JSON line without a URL (an export's conversation) is not a message.
                guard let url = Self.url(inLine: trimmed) else { continue }
                found.append(("\(input):\(number + 1)", url))
            }
        }
        return found
    }

    /// A line's URL: the line, or the `url` of a JSON object (also under `message`, as in an
    /// `event` frame, or its `reveal`); `nil` for a JSON object without one.
    static func url(inLine line: String) -> String? {
        guard line.hasPrefix("{") else { return line }
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return line }
        if let url = object["url"] as? String { return url }
        if let message = object["message"] as? [String: Any], let url = message["url"] as? String { return url }
        if let reveal = object["reveal"] as? String { return reveal }
        return nil
    }

    /// `host:port` of a URL's server, for its key; `nil` for a URL that names no https server.
    static func server(of url: String) -> String? {
        guard url.hasPrefix("https://"), let (host, port) = try? ConnectionOptions.address(of: url) else { return nil }
        return "\(host):\(port)"
    }

    /// The key published by the server of `url`, trusted as `parley play` trusts it.
    private func fetchKey(for url: String) async throws -> ChainPublicKey {
        let (host, port) = try ConnectionOptions.address(of: url)
        let trustingAll = trustNew
        let trust = try await TrustOnFirstUse(
            known: ConnectionOptions.known(in: ConnectionOptions.folder(home: home)),
            ask: { trustingAll || ConnectionOptions.ask($0) }
        ).trust(host: host, port: port, pinned: try ConnectionOptions.pin(fingerprint))
        let page = try await ServerEndpoint(host: host, port: port, trust: trust).get("/.well-known/parley-key")
        let address = "https://\(host):\(port)/.well-known/parley-key"
        guard page.status == 200, let key = ChainPublicKey(published: page.body) else {
            throw ValidationError("\(address) gave no key (HTTP \(page.status)); give --key FILE.")
        }
        print("Key Ed25519 \(key.base64) (SHA-256 \(key.fingerprint)), from \(address).")
        return key
    }
}
