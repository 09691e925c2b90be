import Crypto
import NIOCore
import NIOSSL
import Wire

/// Which server certificate a client accepts.
public enum ServerTrust: Sendable, Hashable {
    /// Exactly the certificate whose DER has this SHA-256, the one the server printed at start.
    /// Its name, issuer and dates are not checked: the pin says everything.
    case pinned(CertificateFingerprint)
    /// Any certificate that chains to a root in this PEM file and names the server (for a
    /// self-made certificate, its own `tls/certificate.pem` is such a file).
    case certificateAuthority(path: String)
    /// Any certificate that chains to a root the system trusts (Debian's
    /// `/etc/ssl/certs/ca-certificates.crt`) and names the server: a public CA's, renewed as
    /// often as it likes.
    case systemTrustStore

    /// The client side of TLS for one connection. A pin is checked by the handshake's
    /// verification callback (`PinCheck`), which takes the place of BoringSSL's checks.
    func tlsConfiguration() throws(ServerTrustError) -> TLSConfiguration {
        var tls = TLSConfiguration.makeClientConfiguration()
        // After the WebSocket closing handshake nothing is left to protect, yet when both ends
        // close at once the client sometimes waited TLS's default 5 s for a close_notify.
        tls.shutdownTimeout = .seconds(1)
        switch self {
        case .pinned:
            // Anything but `.none`, which would skip the callback. Names are not checked,
            // because the pin, not the name, identifies the server; and no root is, so the
            // system's are not read for every connection.
            tls.certificateVerification = .noHostnameVerification
            tls.trustRoots = .certificates([])
        case let .certificateAuthority(path):
            let roots: [NIOSSLCertificate]
            do {
                roots = try NIOSSLCertificate.fromPEMFile(path)
            } catch {
                throw .unreadableAuthority(path, "\(error)")
            }
            guard !roots.isEmpty else { throw .unreadableAuthority(path, "no certificate in the file") }
            tls.trustRoots = .certificates(roots)
            tls.certificateVerification = .fullVerification
        case .systemTrustStore:
            tls.trustRoots = .default
            tls.certificateVerification = .fullVerification
        }
        return tls
    }
}

extension CertificateFingerprint {
    /// The fingerprint of a certificate as the server computes it: SHA-256 of its DER.
    init(of certificate: NIOSSLCertificate) throws {
        self.init(sha256Digest: SHA256.hash(data: try certificate.toDERBytes()))
    }
}

/// Why a client did not trust, or could not reach, a server. The message says which server,
/// and for a pin both fingerprints, so a person can tell a typo from an impostor.
public struct ServerTrustError: Error, Hashable, Sendable, CustomStringConvertible {
    private enum Reason: Hashable, Sendable {
        case pinMismatch(server: String, pinned: CertificateFingerprint, presented: CertificateFingerprint)
        case noCertificate(server: String, detail: String)
        case unreadableAuthority(path: String, detail: String)
        case rejected(server: String, detail: String)
    }

    private let reason: Reason

    private init(_ reason: Reason) {
        self.reason = reason
    }

    static func pinMismatch(_ server: String, pinned: CertificateFingerprint, presented: CertificateFingerprint) -> Self {
        Self(.pinMismatch(server: server, pinned: pinned, presented: presented))
    }

    static func noCertificate(_ server: String, _ detail: String) -> Self {
        Self(.noCertificate(server: server, detail: detail))
    }

    static func unreadableAuthority(_ path: String, _ detail: String) -> Self {
        Self(.unreadableAuthority(path: path, detail: detail))
    }

    static func rejected(_ server: String, _ detail: String) -> Self {
        Self(.rejected(server: server, detail: detail))
    }

    /// The fingerprint the server presented, when it was not the pinned one.
    public var presented: CertificateFingerprint? {
        if case let .pinMismatch(_, _, presented) = reason { presented } else { nil }
    }

    /// The pinned fingerprint, when the server presented another.
    public var pinned: CertificateFingerprint? {
        if case let .pinMismatch(_, pinned, _) = reason { pinned } else { nil }
    }

    /// The server (`HOST:PORT`) that presented another certificate than the pinned one.
    public var mismatchedServer: String? {
        if case let .pinMismatch(server, _, _) = reason { server } else { nil }
    }

    /// Whether the server presented a certificate other than the pinned one.
    public var isPinMismatch: Bool {
        if case .pinMismatch = reason { true } else { false }
    }

    public var description: String {
        switch reason {
        case let .pinMismatch(server, pinned, presented):
            "\(server) presented the certificate with SHA-256 \(presented), not the pinned \(pinned); not connecting"
        case let .noCertificate(server, detail):
            "\(server) did not present a TLS certificate: \(detail)"
        case let .unreadableAuthority(path, detail):
            "cannot read trusted certificates from \(path): \(detail)"
        case let .rejected(server, detail):
            "the TLS handshake with \(server) failed: \(detail)"
        }
    }
}
