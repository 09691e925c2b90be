import Crypto
import Foundation
import Transcript
import Wire

/// Checks an `authenticate` frame against the challenge the connection was sent: the
/// signature must be the install key's over `Handshake.signedBytes(nonce:)`. The account is
/// the SHA-256 of the public key.
package enum Authenticator {
    package static func account(for frame: ClientFrame.Authenticate, nonce: String) -> AccountID? {
        guard frame.v == .current,
            let keyBytes = Data(base64Encoded: frame.publicKey),
            let signatureBytes = Data(base64Encoded: frame.signature),
            let key = try? P256.Signing.PublicKey(x963Representation: keyBytes),
            InstallSignature.verifies(signatureBytes, by: key, for: Handshake.signedBytes(nonce: nonce))
        else { return nil }
        return AccountID(rawValue: SHA256.hash(data: keyBytes).map { String(format: "%02x", $0) }.joined())
    }

    /// 32 random bytes, base64.
    package static func makeNonce() -> String {
        var generator = SystemRandomNumberGenerator()
        return Data((0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }).base64EncodedString()
    }
}
