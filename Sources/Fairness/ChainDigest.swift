import Crypto
import Foundation

/// The SHA-256 of a message's signed bytes (`ChainStatement.digest`), written in a URL as
/// unpadded base64url: 43 characters.
public struct ChainDigest: Sendable, Hashable, CustomStringConvertible {
    public let bytes: [UInt8]

    init(_ digest: SHA256.Digest) {
        bytes = Array(digest)
    }

    /// Reads the 43 characters of a URL or a stored record; `nil` for anything else.
    public init?(text: String) {
        guard text.utf8.count == 43, let bytes = Base64URL.decode(text), bytes.count == 32 else { return nil }
        self.bytes = bytes
    }

    public var text: String { Base64URL.encode(bytes) }
    public var description: String { text }
}

/// An Ed25519 signature (64 bytes), written as unpadded base64url: 86 characters.
public struct ChainSignature: Sendable, Hashable, CustomStringConvertible {
    public let bytes: [UInt8]

    public init?(bytes: [UInt8]) {
        guard bytes.count == 64 else { return nil }
        self.bytes = bytes
    }

    public init?(text: String) {
        guard text.utf8.count == 86, let bytes = Base64URL.decode(text) else { return nil }
        self.init(bytes: bytes)
    }

    public var text: String { Base64URL.encode(bytes) }
    public var description: String { text }
}

/// RFC 4648's URL-safe base64 without padding: nothing in it needs escaping in a query.
public enum Base64URL {
    public static func encode(_ bytes: some Collection<UInt8>) -> String {
        var text = Data(bytes).base64EncodedString()
        text = String(text.map { $0 == "+" ? "-" : $0 == "/" ? "_" : $0 }.filter { $0 != "=" })
        return text
    }

    public static func decode(_ text: String) -> [UInt8]? {
        guard text.utf8.allSatisfy({ isAlphabet($0) }) else { return nil }
        var standard = String(text.map { $0 == "-" ? "+" : $0 == "_" ? "/" : $0 })
        while standard.utf8.count % 4 != 0 { standard += "=" }
        return Data(base64Encoded: standard).map(Array.init)
    }

    private static func isAlphabet(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "_"): true
        default: false
        }
    }
}

/// What the server keeps of one viewer's copy of a message, beside the message: the digest of
/// the message before it as that viewer received it, and the signature over the statement.
public struct ChainLink: Sendable, Hashable {
    public let previous: ChainDigest?
    public let signature: ChainSignature

    public init(previous: ChainDigest?, signature: ChainSignature) {
        self.previous = previous
        self.signature = signature
    }
}
