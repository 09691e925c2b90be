import Transcript
import Crypto
import Files
import Foundation
import Wire

/// The key pair of one client install: made on first run, kept in a file only its user can
/// read, and used to answer the server's challenge. The account is the SHA-256 of the public
/// key, so a new install (a new key) is a new account.
public struct InstallKey: Sendable {
    let privateKey: P256.Signing.PrivateKey

    public init() { privateKey = P256.Signing.PrivateKey() }

    init(privateKey: P256.Signing.PrivateKey) { self.privateKey = privateKey }

    /// Reads the key at `path`, or makes one and writes it there (mode 0600) when there is none.
    public static func loadOrCreate(at path: String) throws -> InstallKey {
        let manager = FileManager.default
        if manager.fileExists(atPath: path) {
            let pem = try String(contentsOfFile: path, encoding: .utf8)
            return InstallKey(privateKey: try P256.Signing.PrivateKey(pemRepresentation: pem))
        }
        let key = InstallKey()
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty { try manager.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        do {
            // Created with mode 0600 at once: there is no moment in which others may read it.
            try PrivateFile.create(path, contents: key.privateKey.pemRepresentation, mode: 0o600)
        } catch where error.exists {
            // Another client of this install made it at the same moment: that one is the key.
            return try loadOrCreate(at: path)
        }
        return key
    }

    /// The public key as the `authenticate` frame carries it: X9.63, base64.
    public var publicKey: String { privateKey.publicKey.x963Representation.base64EncodedString() }

    /// The account this key stands for: SHA-256 of the X9.63 public key, lowercase hex.
    public var account: String {
        SHA256.hash(data: privateKey.publicKey.x963Representation).map { String(format: "%02x", $0) }.joined()
    }

    /// The headers that sign a sticker's post (`StickerUpload`), made at `time`.
    /// The name is signed as the server reads it: without the spaces and tabs around it.
    public func stickerHeaders(conversation: ConversationID, id: String, name: String, image: [UInt8], time: Date = Date()) throws
        -> [(String, String)]
    {
        let milliseconds = Int64((time.timeIntervalSince1970 * 1000).rounded())
        let digest = SHA256.hash(data: image).map { String(format: "%02x", $0) }.joined()
        let signature = try privateKey.signature(for: StickerUpload.signedBytes(
            time: milliseconds, conversation: conversation.rawValue, id: id, name: name.trimmingCharacters(in: .whitespaces),
            imageSHA256: digest))
        return [
            (StickerUpload.keyHeader, publicKey), (StickerUpload.signatureHeader, signature.derRepresentation.base64EncodedString()),
            (StickerUpload.timeHeader, String(milliseconds)),
        ]
    }

    /// The `authenticate` frame answering a challenge.
    public func authenticate(_ challenge: ServerFrame.Challenge, name: String?) throws -> ClientFrame.Authenticate {
        let signature = try privateKey.signature(for: Handshake.signedBytes(nonce: challenge.nonce))
        return ClientFrame.Authenticate(
            publicKey: publicKey, signature: signature.derRepresentation.base64EncodedString(), name: name)
    }
}
