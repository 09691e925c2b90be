import Crypto
import Foundation

/// The SHA-256 of a message's signed bytes (`ChainStatement.digest`), written in a URL as
/// unpadded base64url: 43 characters.
public struct ChainDigest: Sendable, Hashable, CustomStringConvertible {
    public let bytes: [UInt8]
    /// As written in a URL, worked out once.
    public let text: String

    init(_ digest: SHA256.Digest) {
        bytes = Array(digest)
        text = Base64URL.encode(bytes)
    }

    /// Reads the 43 characters of a URL or a stored record; `nil` for anything else.
    public init?(text: String) {
        guard text.utf8.count == 43, let bytes = Base64URL.decode(text), bytes.count == 32 else { return nil }
        self.bytes = bytes
        self.text = text
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.bytes == rhs.bytes }
    public func hash(into hasher: inout Hasher) { hasher.combine(bytes) }
    public var description: String { text }
}

/// An Ed25519 signature (64 bytes), written as unpadded base64url: 86 characters.
public struct ChainSignature: Sendable, Hashable, CustomStringConvertible {
    public let bytes: [UInt8]
    /// As written in a URL, worked out once.
    public let text: String

    public init?(bytes: [UInt8]) {
        guard bytes.count == 64 else { return nil }
        self.bytes = bytes
        text = Base64URL.encode(bytes)
    }

    public init?(text: String) {
        guard text.utf8.count == 86, let bytes = Base64URL.decode(text), bytes.count == 64 else { return nil }
        self.bytes = bytes
        self.text = text
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.bytes == rhs.bytes }
    public func hash(into hasher: inout Hasher) { hasher.combine(bytes) }
    public var description: String { text }
}

/// RFC 4648's URL-safe base64 without padding: nothing in it needs escaping in a query.
/// Written over bytes: every move the server accepts writes several of these.
public enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
    /// Each byte's value in the alphabet, 0xFF for a byte outside it.
    private static let values: [UInt8] = {
        var values = [UInt8](repeating: 0xFF, count: 256)
        for (index, byte) in alphabet.enumerated() { values[Int(byte)] = UInt8(index) }
        return values
    }()

    public static func encode(_ bytes: some Collection<UInt8>) -> String {
        let input = Array(bytes)
        let length = (input.count * 4 + 2) / 3
        return String(unsafeUninitializedCapacity: length) { output in
            var out = 0
            var index = 0
            while index + 3 <= input.count {
                let chunk = UInt32(input[index]) << 16 | UInt32(input[index + 1]) << 8 | UInt32(input[index + 2])
                output[out] = alphabet[Int(chunk >> 18 & 63)]
                output[out + 1] = alphabet[Int(chunk >> 12 & 63)]
                output[out + 2] = alphabet[Int(chunk >> 6 & 63)]
                output[out + 3] = alphabet[Int(chunk & 63)]
                out += 4
                index += 3
            }
            let rest = input.count - index
            if rest > 0 {
                let chunk = UInt32(input[index]) << 16 | (rest == 2 ? UInt32(input[index + 1]) << 8 : 0)
                output[out] = alphabet[Int(chunk >> 18 & 63)]
                output[out + 1] = alphabet[Int(chunk >> 12 & 63)]
                out += 2
                if rest == 2 {
                    output[out] = alphabet[Int(chunk >> 6 & 63)]
                    out += 1
                }
            }
            return out
        }
    }

    /// `nil` for text with a character outside the alphabet, padding, or a length no encoding has.
    public static func decode(_ text: String) -> [UInt8]? {
        let input = Array(text.utf8)
        guard input.count % 4 != 1 else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(input.count * 3 / 4)
        var chunk: UInt32 = 0
        var bits = 0
        for byte in input {
            let value = values[Int(byte)]
            guard value != 0xFF else { return nil }
            chunk = chunk << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                output.append(UInt8(chunk >> UInt32(bits) & 0xFF))
            }
        }
        // The bits left over must be zero, so that each value has one spelling.
        guard chunk & ((1 << UInt32(bits)) - 1) == 0 else { return nil }
        return output
    }
}

/// What the server keeps of one viewer's copy of a message, beside the message: the digest of
/// the message before it as that viewer received it, and the signature over the statement.
public struct ChainLink: Sendable, Hashable {
    public let previous: ChainDigest?
    /// `nil` for a copy nobody was sent when the move was accepted (a spectator's, when every
    /// member held a seat): it is signed when first sent.
    public let signature: ChainSignature?

    public init(previous: ChainDigest?, signature: ChainSignature?) {
        self.previous = previous
        self.signature = signature
    }
}
