/// The text an install signs to prove it holds its key: `"parley-auth-v1:" + nonce`, where
/// the nonce is the challenge's base64 text exactly as received. The prefix keeps a signature
/// made for Parley from being useful anywhere else.
public enum Handshake {
    public static let prefix = "parley-auth-v1:"

    public static func signedBytes(nonce: String) -> [UInt8] {
        Array((prefix + nonce).utf8)
    }
}

/// How a sticker is posted (`POST /stickers`, docs/PROTOCOL.md): the install signs, with the key
/// it authenticates with, the request's time, where it goes, its id and name, and the SHA-256 of
/// the image, so that a request cannot be changed on the way or used for long.
public enum StickerUpload {
    public static let prefix = "parley-sticker-v1"
    /// The headers: the install's public key (base64 of X9.63), the signature (base64 of DER),
    /// and the time (milliseconds since 1970).
    public static let keyHeader = "Parley-Key"
    public static let signatureHeader = "Parley-Signature"
    public static let timeHeader = "Parley-Time"
    /// How far the request's time may be from the server's clock.
    public static let allowedSkewSeconds = 300

    /// `prefix`, then the time, conversation, id, name and the image's SHA-256 (64 lowercase hex
    /// digits), each on its own line.
    public static func signedBytes(time: Int64, conversation: String, id: String, name: String, imageSHA256 digest: String) -> [UInt8] {
        Array([prefix, String(time), conversation, id, name, digest].joined(separator: "\n").utf8)
    }
}
