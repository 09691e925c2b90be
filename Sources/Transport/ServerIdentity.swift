import Crypto
import Files
import Foundation
import NIOSSL
import Wire

/// The certificate and key the server presents, and the fingerprint players pin.
///
/// When `tls.certificate` and `tls.key` are configured it reads those; otherwise it uses
/// `DATA/tls/certificate.pem` and `DATA/tls/key.pem`, making them on the first start, so the
/// fingerprint players pinned stays the same from one start to the next.
public struct ServerIdentity: Sendable {
    /// The leaf first, then any intermediates, as configured.
    public let certificateChain: [NIOSSLCertificate]
    public let privateKey: NIOSSLPrivateKey
    /// SHA-256 of the leaf certificate's DER.
    public let fingerprint: CertificateFingerprint
    /// The PEM file of the certificate: what a client trusts with `.certificateAuthority(path)`.
    public let certificatePath: String
    /// Whether this start made the certificate (the log says so: players must pin it).
    public let isNew: Bool

    /// Reads the configured identity (`configured`: the paths of a certificate chain and its
    /// key), or the self-made one under `dataDirectory/tls`, making it if there is none yet.
    /// - Parameter now: when a new certificate's validity starts.
    public static func load(
        configured: (certificate: String, key: String)?, dataDirectory: String, now: Date
    ) throws(ServerIdentityError) -> Self {
        if let files = configured {
            return try read(certificate: files.certificate, key: files.key, isNew: false)
        }
        let folder = URL(fileURLWithPath: dataDirectory).appendingPathComponent("tls")
        let certificate = folder.appendingPathComponent("certificate.pem").path
        let key = folder.appendingPathComponent("key.pem").path
        // An empty file is one a start killed while writing it left behind (versions before
        // files were written whole): as good as none.
        let present = { (path: String) in (FileManager.default.contents(atPath: path)?.isEmpty == false) }
        switch (present(certificate), present(key)) {
        case (true, true):
            return try read(certificate: certificate, key: key, isNew: false)
        case (true, false):
            throw .halfMade(present: certificate, missing: key)
        case (false, true):
            // The start that made the key was killed before the certificate: nobody can have
            // pinned a certificate that was never written, so one is made for the key.
            let pem: String
            let existing: P256.Signing.PrivateKey
            do {
                pem = try String(contentsOfFile: key, encoding: .utf8)
                existing = try P256.Signing.PrivateKey(pemRepresentation: pem)
            } catch {
                throw .unreadable(key, "a key without its certificate, and not a P-256 PEM key to make one for (\(error))")
            }
            try make(in: folder.path, certificate: certificate, key: key, for: existing, now: now)
            return try read(certificate: certificate, key: key, isNew: true)
        case (false, false):
            try make(in: folder.path, certificate: certificate, key: key, for: nil, now: now)
            return try read(certificate: certificate, key: key, isNew: true)
        }
    }

    /// The server side of TLS with this identity.
    public var tlsConfiguration: TLSConfiguration {
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: certificateChain.map { .certificate($0) },
            privateKey: .privateKey(privateKey)
        )
        // TLS 1.2 and 1.3 only, and for 1.2 only forward-secret AEAD suites: no TLS 1.0 or 1.1,
        // no CBC or SHA-1 suites (TLS 1.3's suites are all AEAD).
        configuration.minimumTLSVersion = .tlsv12
        configuration.cipherSuiteValues = [
            .TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256, .TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384,
            .TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256, .TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256,
            .TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384, .TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256,
        ]
        // A client that closed the WebSocket and then the socket, without TLS's close_notify
        // (Python's ssl, for one), holds a half-closed socket only this long, not NIO's 5 s.
        configuration.shutdownTimeout = .seconds(1)
        return configuration
    }

    private static func read(certificate: String, key: String, isNew: Bool) throws(ServerIdentityError) -> Self {
        let chain: [NIOSSLCertificate]
        let privateKey: NIOSSLPrivateKey
        do {
            chain = try NIOSSLCertificate.fromPEMFile(certificate)
        } catch {
            throw .unreadable(certificate, "not a PEM certificate (\(error))")
        }
        guard let leaf = chain.first else { throw .unreadable(certificate, "no certificate in the file") }
        do {
            privateKey = try NIOSSLPrivateKey(file: key, format: .pem)
        } catch {
            throw .unreadable(key, "not a PEM private key (\(error))")
        }
        let identity: Self
        do {
            let digest = SHA256.hash(data: try leaf.toDERBytes())
            identity = Self(
                certificateChain: chain, privateKey: privateKey, fingerprint: CertificateFingerprint(sha256Digest: digest),
                certificatePath: certificate, isNew: isNew)
            // Building a context checks that the key belongs to the certificate, so a mismatch
            // is reported here, naming both files, rather than at the first handshake.
            _ = try NIOSSLContext(configuration: identity.tlsConfiguration)
        } catch {
            throw .keyMismatch(certificate: certificate, key: key, "\(error)")
        }
        return identity
    }

    /// Makes a certificate, for `existing` or a new key, and writes what is missing, each file
    /// whole (`PrivateFile`).
    private static func make(
        in folder: String, certificate: String, key: String, for existing: P256.Signing.PrivateKey?, now: Date
    ) throws(ServerIdentityError) {
        let made: SelfSignedCertificate
        do {
            try FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            made = try SelfSignedCertificate(now: now, key: existing ?? P256.Signing.PrivateKey())
        } catch {
            throw .cannotCreate(folder, "\(error)")
        }
        do {
            // The key first: a start killed in between leaves a key without a certificate, which
            // the next start makes whole, instead of a certificate whose key is lost.
            if existing == nil {
                try PrivateFile.replace(key, contents: made.keyPEM, mode: 0o600)
            }
            try PrivateFile.replace(certificate, contents: made.certificatePEM, mode: 0o644)
        } catch {
            throw .cannotCreate(error.path, error.reason)
        }
    }
}
