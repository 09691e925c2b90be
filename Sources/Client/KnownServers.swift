import Foundation
import Wire

/// The servers this install trusts, as ssh's known_hosts: one `HOST:PORT FINGERPRINT` a line.
/// The first connection to a server asks the user and remembers the answer; a server that
/// later presents another certificate is refused loudly.
public struct KnownServers: Sendable {
    public let path: String

    public init(path: String) { self.path = path }

    public func fingerprint(for server: String) -> CertificateFingerprint? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ")
            if parts.count == 2, parts[0] == server { return CertificateFingerprint(String(parts[1])) }
        }
        return nil
    }

    public func remember(_ fingerprint: CertificateFingerprint, for server: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let existing = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        let kept = existing.split(separator: "\n").filter { !$0.hasPrefix(server + " ") }
        let text = (kept.map(String.init) + ["\(server) \(fingerprint)"]).joined(separator: "\n") + "\n"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }
}

extension ServerEndpoint {
    /// The SHA-256 of the certificate the server presents, read without trusting it: what the
    /// user is asked to trust on a first connection.
    public func presentedFingerprint() async throws -> CertificateFingerprint {
        let nobody = CertificateFingerprint(sha256Digest: [UInt8](repeating: 0, count: 32))
        do {
            _ = try await CertificateProbe(endpoint: self).certificate(matching: nobody)
            return nobody
        } catch let error as ServerTrustError {
            guard let presented = error.presented else { throw error }
            return presented
        }
    }
}
