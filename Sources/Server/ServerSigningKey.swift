import Admin
import Crypto
import Engine
import Fairness
import Files
import Foundation
import Pipelines
import Storage
import Transport

/// The server's long-lived Ed25519 signing key, with which it will sign what it tells players
/// (docs/FAIRNESS.md, when it lands). It lives in the data folder (`signing-key`, mode 0600, the
/// base64 of its 32 raw bytes) and outlives restarts: a new key would make every earlier
/// signature unverifiable against the published one. Servers sharing a store share it through
/// the store's index, as they share the identifier secret. Its public half is published at
/// `/.well-known/parley-key` and logged at start beside the TLS fingerprint.
public struct ServerSigningKey: Sendable {
    public let privateKey: Curve25519.Signing.PrivateKey

    /// What signs the server's messages (docs/FAIRNESS.md).
    public var signer: ChainSigner { ChainSigner(privateKey) }

    /// The public half, as `/.well-known/parley-key` publishes it (`ChainPublicKey.publishedDocument`).
    public var publicKey: ChainPublicKey { signer.publicKey }

    init(_ privateKey: Curve25519.Signing.PrivateKey) {
        self.privateKey = privateKey
    }

    init(raw: Data, source: String) throws {
        do {
            self.init(try Curve25519.Signing.PrivateKey(rawRepresentation: raw))
        } catch {
            throw ServerIdentityError.unreadable(source, "not the base64 of a 32-byte Ed25519 private key")
        }
    }

    /// The key every server sharing `log` signs with: the first to start makes it.
    static func shared(in log: any EventLog) async throws -> ServerSigningKey {
        let fresh = Curve25519.Signing.PrivateKey().rawRepresentation.base64EncodedString()
        let text = try await log.indexValue(IndexKind.secret, key: "signing", settingIfAbsent: fresh)
        guard let raw = Data(base64Encoded: text) else {
            throw ServerIdentityError.unreadable("the store's index (secret, signing)", "not base64")
        }
        return try ServerSigningKey(raw: raw, source: "the store's index (secret, signing)")
    }

    public static func loadOrCreate(in dataDirectory: String) throws -> ServerSigningKey {
        let path = (dataDirectory as NSString).appendingPathComponent("signing-key")
        if let data = FileManager.default.contents(atPath: path), !data.isEmpty {
            let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            guard let raw = Data(base64Encoded: text) else {
                throw ServerIdentityError.unreadable(path, "not the base64 of a 32-byte Ed25519 private key")
            }
            return try ServerSigningKey(raw: raw, source: path)
        }
        let key = Curve25519.Signing.PrivateKey()
        try FileManager.default.createDirectory(atPath: dataDirectory, withIntermediateDirectories: true)
        try PrivateFile.replace(path, contents: key.rawRepresentation.base64EncodedString() + "\n", mode: 0o600)
        return ServerSigningKey(key)
    }
}
