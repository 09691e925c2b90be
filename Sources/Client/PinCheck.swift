import NIOCore
import NIOSSL
import Synchronization
import Wire

/// A pin, checked inside a TLS handshake by NIOSSL's verification callback, and what that
/// check saw: read once the handshake has failed, it says why in the words of
/// `ServerTrustError`.
///
/// The callback runs when the server's certificate arrives, before the client has sent anything
/// but its ClientHello; failing it aborts the handshake, so an impostor never sees a request.
/// It replaces BoringSSL's checks of the chain (the pin says everything, see `ServerTrust`),
/// not the signature that proves the server holds the certificate's key.
final class PinCheck: Sendable {
    private enum Presented {
        case fingerprint(CertificateFingerprint)
        case unencodable
    }

    let pin: CertificateFingerprint
    private let presented = Mutex<Presented?>(nil)

    init(pin: CertificateFingerprint) {
        self.pin = pin
    }

    /// The verification callback: accepts a chain whose leaf has the pinned fingerprint.
    func verify(_ chain: [NIOSSLCertificate], _ promise: EventLoopPromise<NIOSSLVerificationResult>) {
        let seen: Presented? = chain.first.map { leaf in
            (try? CertificateFingerprint(of: leaf)).map(Presented.fingerprint) ?? .unencodable
        }
        presented.withLock { $0 = seen }
        if case let .fingerprint(fingerprint) = seen, fingerprint == pin {
            promise.succeed(.certificateVerified)
        } else {
            promise.succeed(.failed)
        }
    }

    /// Why `server` is not trusted, or `nil` when it presented the pinned certificate.
    func failure(_ server: String) -> ServerTrustError? {
        switch presented.withLock({ $0 }) {
        case nil:
            .noCertificate(server, "the TLS handshake ended before a certificate")
        case .unencodable:
            .noCertificate(server, "its certificate cannot be encoded")
        case let .fingerprint(fingerprint) where fingerprint != pin:
            .pinMismatch(server, pinned: pin, presented: fingerprint)
        case .fingerprint:
            nil
        }
    }
}
