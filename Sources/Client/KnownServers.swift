import Files
import Foundation
import Wire

/// The servers this install trusts, as ssh's known_hosts: one `HOST:PORT FINGERPRINT` a line.
/// The first connection to a server asks the user and remembers the answer; a server that
/// later presents another certificate is refused loudly.
public struct KnownServers: Sendable {
    public let path: String

    public init(path: String) { self.path = path }

    /// The fingerprint remembered for `server`; `nil` if none is. A file that is there but
    /// cannot be read is an error, not a first connection: it would ask again about servers the
    /// user trusted, and writing it would drop their pins.
    public func fingerprint(for server: String) throws -> CertificateFingerprint? {
        for line in try lines() {
            let parts = line.split(separator: " ")
            if parts.count == 2, parts[0] == server { return CertificateFingerprint(String(parts[1])) }
        }
        return nil
    }

    /// Remembers `fingerprint` for `server`, keeping every other line; the file is replaced
    /// whole (mode 0600), so a crash never leaves it half-written.
    public func remember(_ fingerprint: CertificateFingerprint, for server: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        let kept = try lines().filter { !$0.hasPrefix(server + " ") }
        let text = (kept.map(String.init) + ["\(server) \(fingerprint)"]).joined(separator: "\n") + "\n"
        try PrivateFile.replace(path, contents: text, mode: 0o600)
    }

    /// The file's lines; none when there is no file.
    private func lines() throws -> [Substring] {
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        do {
            return try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        } catch {
            throw KnownServersError(path: path, reason: "\(error.localizedDescription)")
        }
    }
}

/// The file of trusted servers is there but cannot be read.
public struct KnownServersError: Error, CustomStringConvertible {
    public let path: String
    public let reason: String

    public var description: String {
        "Cannot read the trusted servers in \(path) (\(reason)); fix its permissions rather than trust anew."
    }
}

extension ServerEndpoint {
    /// The SHA-256 of the certificate the server presents, read without trusting it: what the
    /// user is asked to trust on a first connection.
    public func presentedFingerprint() async throws -> CertificateFingerprint {
        let nobody = CertificateFingerprint(sha256Digest: [UInt8](repeating: 0, count: 32))
        do {
            try await CertificateProbe(endpoint: self).check(nobody)
            return nobody
        } catch let error as ServerTrustError {
            guard let presented = error.presented else { throw error }
            return presented
        }
    }
}
