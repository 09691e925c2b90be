import Crypto
import Foundation

/// Signs statements with the server's Ed25519 key (swift-crypto's `Curve25519.Signing`).
public struct ChainSigner: Sendable {
    private let key: Curve25519.Signing.PrivateKey
    /// The key of the fleets' seeds (`fleetSeed(session:board:)`), made from the signing key.
    let seedKey: SymmetricKey

    public init(_ key: Curve25519.Signing.PrivateKey) {
        self.key = key
        seedKey = SymmetricKey(data: SHA256.hash(data: Array("parley-fleet-seed-key-1".utf8) + Array(key.rawRepresentation)))
    }

    public var publicKey: ChainPublicKey { ChainPublicKey(key.publicKey) }

    public func sign(_ statement: ChainStatement) -> ChainSignature {
        sign(bytes: statement.signedBytes)
    }

    /// The signature of `statement` and its digest, from one copy of its signed bytes.
    public func signAndDigest(_ statement: ChainStatement) -> (signature: ChainSignature, digest: ChainDigest) {
        let bytes = statement.signedBytes
        return (sign(bytes: bytes), ChainDigest(SHA256.hash(data: bytes)))
    }

    private func sign(bytes: [UInt8]) -> ChainSignature {
        do {
            let signature = try key.signature(for: bytes)
            guard let signature = ChainSignature(bytes: Array(signature)) else {
                preconditionFailure("an Ed25519 signature is 64 bytes")
            }
            return signature
        } catch {
            // BoringSSL's Ed25519 signing does not fail for a valid key and any message.
            preconditionFailure("Ed25519 signing failed: \(error)")
        }
    }
}

/// The server's public key, as `/.well-known/parley-key` publishes it.
public struct ChainPublicKey: Sendable, Hashable {
    let key: Curve25519.Signing.PublicKey

    init(_ key: Curve25519.Signing.PublicKey) {
        self.key = key
    }

    /// The 32 raw bytes in standard base64, as published (`publicKey`).
    public init?(base64: String) {
        guard let raw = Data(base64Encoded: base64.trimmingCharacters(in: .whitespacesAndNewlines)),
              let key = try? Curve25519.Signing.PublicKey(rawRepresentation: raw)
        else { return nil }
        self.key = key
    }

    /// Reads the published document (`{"algorithm":"Ed25519","publicKey":…}`) or a bare base64
    /// key; `nil` for anything else, or a document whose `sha256` does not match its key.
    public init?(published text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.hasPrefix("{") else {
            self.init(base64: trimmed)
            return
        }
        guard let object = try? JSONSerialization.jsonObject(with: Data(trimmed.utf8)) as? [String: Any],
              object["algorithm"] as? String == "Ed25519", let base64 = object["publicKey"] as? String
        else { return nil }
        self.init(base64: base64)
        if let sha256 = object["sha256"] as? String, sha256.lowercased() != fingerprint { return nil }
    }

    public var base64: String { key.rawRepresentation.base64EncodedString() }

    /// The document at `/.well-known/parley-key`, which `init(published:)` reads.
    public var publishedDocument: String {
        #"{"algorithm":"Ed25519","publicKey":"\#(base64)","sha256":"\#(fingerprint)"}"# + "\n"
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.key.rawRepresentation == rhs.key.rawRepresentation }
    public func hash(into hasher: inout Hasher) { hasher.combine(key.rawRepresentation) }

    /// The SHA-256 of the raw key in hex, as published (`sha256`).
    public var fingerprint: String {
        let digits = Array("0123456789abcdef".utf8)
        var hex: [UInt8] = []
        hex.reserveCapacity(64)
        for byte in SHA256.hash(data: key.rawRepresentation) {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: hex, as: UTF8.self)
    }

    public func isValid(_ signature: ChainSignature, for statement: ChainStatement) -> Bool {
        key.isValidSignature(signature.bytes, for: statement.signedBytes)
    }
}

extension ChainSigner {
    /// A signer with a fresh key, for a server that keeps none (tests, the bench's engine).
    public static func fresh() -> ChainSigner { ChainSigner(Curve25519.Signing.PrivateKey()) }

    /// A signer with the key of these 32 raw bytes (the fuzzer's, the same every run); `nil`
    /// for another length.
    public init?(raw: [UInt8]) {
        guard let key = try? Curve25519.Signing.PrivateKey(rawRepresentation: raw) else { return nil }
        self.init(key)
    }
}
