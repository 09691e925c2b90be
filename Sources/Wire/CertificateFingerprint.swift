/// The SHA-256 digest of a TLS certificate's DER encoding: what a client pins when it trusts a
/// server's self-made certificate. The server prints it at start; players copy it into their
/// client, so this type is the one place that defines how it is written and read.
///
/// Written form: 64 lowercase hexadecimal digits, no separators
/// (`3f9a…`, as `sha256sum` prints). Read form: the same, in either case, optionally with a
/// colon between every pair of digits (`3F:9A:…`, as `openssl x509 -fingerprint -sha256`
/// prints), with surrounding white space ignored.
///
/// The digest itself is computed by whoever has the certificate (the server's identity, the
/// client's TLS check) with swift-crypto; this module stays free of it, as a pure module.
public struct CertificateFingerprint: Hashable, Sendable, CustomStringConvertible, LosslessStringConvertible {
    /// The 32 bytes of the digest.
    public let bytes: [UInt8]

    /// Wraps a SHA-256 digest, such as swift-crypto's `SHA256.hash(data: der)`.
    public init(sha256Digest digest: some Sequence<UInt8>) {
        let bytes = Array(digest)
        precondition(bytes.count == 32, "a SHA-256 digest has 32 bytes, not \(bytes.count)")
        self.bytes = bytes
    }

    /// Reads the written form, or `nil` when `text` is not one.
    public init?(_ text: String) {
        let trimmed = text.trimmingWhiteSpace()
        let digits: Substring
        if trimmed.contains(":") {
            // Colons go between every pair or nowhere: a colon elsewhere is a typing slip
            // that would otherwise shift every following digit.
            let pairs = trimmed.split(separator: ":", omittingEmptySubsequences: false)
            guard pairs.count == 32, pairs.allSatisfy({ $0.count == 2 }) else { return nil }
            digits = Substring(pairs.joined())
        } else {
            digits = trimmed
        }
        guard digits.utf8.count == 64 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32)
        var high: UInt8?
        for character in digits.utf8 {
            guard let nibble = Self.nibble(character) else { return nil }
            if let first = high {
                bytes.append(first << 4 | nibble)
                high = nil
            } else {
                high = nibble
            }
        }
        self.bytes = bytes
    }

    /// Reads a fingerprint a person typed, or says in words what it should look like: the
    /// server prints it as 64 hexadecimal digits, and it may be typed with colons between the
    /// pairs and in either case.
    public static func typed(_ text: String) throws(FingerprintError) -> CertificateFingerprint {
        guard let fingerprint = CertificateFingerprint(text) else { throw FingerprintError(text: text) }
        return fingerprint
    }

    /// The written form: 64 lowercase hexadecimal digits.
    public var description: String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(64)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    private static func nibble(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): character - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): character - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

/// On the wire (an invitation, a server announcement) a fingerprint is its written form.
extension CertificateFingerprint: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let fingerprint = CertificateFingerprint(text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\"\(text)\" is not a SHA-256 certificate fingerprint")
        }
        self = fingerprint
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

extension String {
    /// Foundation-free trimming, so the module stays pure.
    fileprivate func trimmingWhiteSpace() -> Substring {
        var slice = self[...]
        while let first = slice.first, first.isWhitespace { slice.removeFirst() }
        while let last = slice.last, last.isWhitespace { slice.removeLast() }
        return slice
    }
}

/// A fingerprint that is not one, with the forms that are.
public struct FingerprintError: Error, Hashable, Sendable, CustomStringConvertible {
    public let text: String

    public init(text: String) {
        self.text = text
    }

    public var description: String {
        let digits = text.filter(\.isHexDigit).count
        return "\(text) is not a SHA-256 fingerprint (it has \(digits) hexadecimal digits): give the 64 digits the server "
            + "printed beside \"certificate SHA-256\", with or without colons between the pairs, in either case."
    }
}
