import Crypto
import Foundation
import X509

/// The certificate a server makes for itself when none is configured: a P-256 key and a
/// certificate for `localhost` that signs itself. Clients trust it by pinning its fingerprint
/// (or by trusting the PEM file as a certificate authority), never through a public CA.
package struct SelfSignedCertificate {
    /// PEM of the certificate (`CERTIFICATE`) and of its key (PKCS#8 `PRIVATE KEY`).
    package let certificatePEM: String
    package let keyPEM: String

    /// Ten years: a certificate that players pin should not expire under them, and renewing
    /// it means everyone pins again.
    package static let lifetime: TimeInterval = 10 * 365 * 24 * 60 * 60

    /// - Parameter now: the start of validity, a parameter so that tests are deterministic;
    ///   backdated by an hour so that a client whose clock is a little behind accepts it.
    package init(now: Date, key: P256.Signing.PrivateKey = P256.Signing.PrivateKey()) throws {
        let certificateKey = Certificate.PrivateKey(key)
        let name = try DistinguishedName {
            CommonName("localhost")
        }
        let extensions = try Certificate.Extensions {
            // BoringSSL (swift-nio-ssl's client) accepts a certificate as its own trust root
            // only when it is a CA allowed to sign certificates: without CA and keyCertSign the
            // pinned and the CA-file clients both fail (STACK.md). curl does not mind either way.
            Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
            Critical(KeyUsage(digitalSignature: true, keyCertSign: true))
            try ExtendedKeyUsage([.serverAuth])
            // A client cannot send an IP address as the TLS server name, so `localhost` is the
            // name clients verify; the IP entries serve clients (curl, browsers) that check
            // the address they dialled.
            SubjectAlternativeNames([
                .dnsName("localhost"),
                .ipAddress(.init(contentBytes: [127, 0, 0, 1])),
                .ipAddress(.init(contentBytes: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1])),
            ])
            SubjectKeyIdentifier(hash: certificateKey.publicKey)
        }
        let certificate = try Certificate(
            version: .v3,
            serialNumber: Certificate.SerialNumber(),
            publicKey: certificateKey.publicKey,
            notValidBefore: now.addingTimeInterval(-3600),
            notValidAfter: now.addingTimeInterval(Self.lifetime),
            issuer: name,
            subject: name,
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: extensions,
            issuerPrivateKey: certificateKey
        )
        self.certificatePEM = try certificate.serializeAsPEM().pemString
        self.keyPEM = key.pemRepresentation
    }
}
