import Client
import Foundation
import Logging
import Server
import TestSupport
import Testing
import Transport
import Wire

/// A certificate authority made with openssl for one test, as an operator's CA would be: a
/// root, an intermediate it signs, and server certificates the intermediate signs, each written
/// with its chain (leaf, then intermediate) as a server configures it.
package struct TestAuthority: Sendable {
    package let folder: String
    /// The root: what a client trusts (`--ca`).
    package var root: String { folder + "/root.pem" }

    package init() async throws {
        guard Spawn.exists("openssl") else {
            throw Spawn.Failure(description: "openssl is not installed (apt-get install openssl); the certificate tests need it")
        }
        folder = LiveServer.temporaryDirectory()
        try await run(["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
                       "-keyout", folder + "/root.key", "-out", root, "-days", "3", "-subj", "/CN=Parley Test Root",
                       "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign"])
        try await sign(name: "intermediate", subject: "/CN=Parley Test Intermediate", by: "root",
                       extensions: "basicConstraints=critical,CA:TRUE,pathlen:0\nkeyUsage=critical,keyCertSign,cRLSign\n")
    }

    /// A new key and a certificate for `host` (a DNS name), signed by the intermediate; returns
    /// the chain file (leaf then intermediate) and the key file.
    package func issue(_ name: String, for host: String) async throws -> (certificate: String, key: String) {
        try await sign(name: name, subject: "/CN=\(host)", by: "intermediate",
                       extensions: "basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=serverAuth\nsubjectAltName=DNS:\(host)\n")
        let chain = folder + "/\(name)-chain.pem"
        let leaf = try String(contentsOfFile: folder + "/\(name).pem", encoding: .utf8)
        let intermediate = try String(contentsOfFile: folder + "/intermediate.pem", encoding: .utf8)
        try (leaf + intermediate).write(toFile: chain, atomically: true, encoding: .utf8)
        return (chain, folder + "/\(name).key")
    }

    private func sign(name: String, subject: String, by issuer: String, extensions: String) async throws {
        let base = folder + "/" + name
        try extensions.write(toFile: base + ".ext", atomically: true, encoding: .utf8)
        try await run(["req", "-new", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
                       "-keyout", base + ".key", "-out", base + ".csr", "-subj", subject])
        try await run(["x509", "-req", "-in", base + ".csr", "-CA", folder + "/\(issuer).pem", "-CAkey", folder + "/\(issuer).key",
                       "-CAcreateserial", "-out", base + ".pem", "-days", "2", "-extfile", base + ".ext"])
    }

    private func run(_ arguments: [String]) async throws {
        let (status, output) = try await Spawn.run("openssl", arguments, withErrors: true)
        guard status == 0 else { throw Spawn.Failure(description: "openssl \(arguments.first ?? "") failed: \(output)") }
    }
}

/// What the certificate tests look at and do, as a client and an operator would.
package extension TestAuthority {
    /// The certificate a new connection is shown, read as a client that pins another sees it.
    static func presented(on port: Int) async throws -> CertificateFingerprint {
        let wrongPin = CertificateFingerprint(sha256Digest: Array(repeating: 0, count: 32))
        let endpoint = ServerEndpoint(host: "127.0.0.1", port: port, trust: .pinned(wrongPin))
        do {
            _ = try await ParleyConnection.open(to: endpoint, key: InstallKey(), logger: Logger(label: "probe"))
        } catch let error as ServerTrustError {
            return try #require(error.presented, "\(error)")
        }
        throw ConnectionError.unexpected("a wrong pin was accepted")
    }

    static func fingerprint(ofChain path: String) throws -> CertificateFingerprint {
        try ServerIdentity.load(configured: (path, path.replacingOccurrences(of: "-chain.pem", with: ".key")), dataDirectory: "/nonexistent", now: Date()).fingerprint
    }

    static func reload(_ server: RunningServer) async throws -> HTTPS.Answer {
        try await HTTPS.request(
            "https://127.0.0.1:\(server.port)/admin/api/reload", method: .POST,
            headers: [("Authorization", "Bearer \(LiveServer.adminToken)")])
    }

    /// The configured files, which the operator's renewal (certbot, a CA's client) overwrites.
    static func install(_ issued: (certificate: String, key: String), in folder: String) throws {
        for (from, to) in [(issued.certificate, "server.pem"), (issued.key, "server.key")] {
            let target = folder + "/" + to
            try? FileManager.default.removeItem(atPath: target)
            try FileManager.default.copyItem(atPath: from, toPath: target)
        }
    }
}
