import Crypto
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

    /// Reads the configured identity, or the self-made one, making it if there is none yet.
    /// - Parameter now: when a new certificate's validity starts.
    public static func load(for configuration: ServerConfiguration, now: Date = Date()) throws(ServerIdentityError) -> Self {
        if let files = configuration.tls {
            return try read(certificate: files.certificate, key: files.key, isNew: false)
        }
        let folder = URL(fileURLWithPath: configuration.dataDirectory).appendingPathComponent("tls")
        let certificate = folder.appendingPathComponent("certificate.pem").path
        let key = folder.appendingPathComponent("key.pem").path
        let files = FileManager.default
        switch (files.fileExists(atPath: certificate), files.fileExists(atPath: key)) {
        case (true, true):
            return try read(certificate: certificate, key: key, isNew: false)
        case (true, false):
            throw .halfMade(present: certificate, missing: key)
        case (false, true):
            throw .halfMade(present: key, missing: certificate)
        case (false, false):
            try make(in: folder.path, certificate: certificate, key: key, now: now)
            return try read(certificate: certificate, key: key, isNew: true)
        }
    }

    /// The server side of TLS with this identity.
    public var tlsConfiguration: TLSConfiguration {
        TLSConfiguration.makeServerConfiguration(
            certificateChain: certificateChain.map { .certificate($0) },
            privateKey: .privateKey(privateKey)
        )
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

    private static func make(in folder: String, certificate: String, key: String, now: Date) throws(ServerIdentityError) {
        let made: SelfSignedCertificate
        do {
            try FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            made = try SelfSignedCertificate(now: now)
        } catch {
            throw .cannotCreate(folder, "\(error)")
        }
        // The key first: a start killed in between leaves a key without a certificate, which
        // `load` reports, instead of a certificate whose key is lost.
        try PrivateFile.create(key, contents: made.keyPEM, mode: 0o600)
        try PrivateFile.create(certificate, contents: made.certificatePEM, mode: 0o644)
    }
}
