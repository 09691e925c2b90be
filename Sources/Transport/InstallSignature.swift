import Crypto
import Foundation

/// An install key's ECDSA P-256 signature as a client sends it: DER (what the Swift and Python
/// clients write), or the 64 bytes `r ‖ s` that a browser's WebCrypto writes. A DER signature
/// is 64 bytes long only when `r` and `s` take 58 bytes between them (a chance far below one in
/// a billion), so 64 bytes are read both ways and either reading may verify.
package enum InstallSignature {
    package static func verifies(_ bytes: Data, by key: P256.Signing.PublicKey, for signed: some DataProtocol) -> Bool {
        var readings: [P256.Signing.ECDSASignature] = []
        if bytes.count == 64, let raw = try? P256.Signing.ECDSASignature(rawRepresentation: bytes) { readings.append(raw) }
        if let der = try? P256.Signing.ECDSASignature(derRepresentation: bytes) { readings.append(der) }
        return readings.contains { key.isValidSignature($0, for: signed) }
    }
}
