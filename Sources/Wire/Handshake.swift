/// The text an install signs to prove it holds its key: `"parley-auth-v1:" + nonce`, where
/// the nonce is the challenge's base64 text exactly as received. The prefix keeps a signature
/// made for Parley from being useful anywhere else.
public enum Handshake {
    public static let prefix = "parley-auth-v1:"

    public static func signedBytes(nonce: String) -> [UInt8] {
        Array((prefix + nonce).utf8)
    }
}
