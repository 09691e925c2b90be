/// Strings and keys. The text comes from a Swift `String` (or is checked first, as
/// `Record(stored:)` does), so its bytes are valid UTF-8 and the bytes between two quotes make
/// the same string `JSONDecoder` makes of them.
extension JSONScanner {
    /// After the opening quote: the string up to the closing quote, with its escapes read.
    mutating func stringBody() throws(Declined) -> String {
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { return try escapedStringBody(from: start) }
            guard byte >= 0x20 else { throw Declined() }
            index += 1
        }
        throw Declined()
    }

    /// After the opening quote: skips the string, checking it as `stringBody` would read it.
    mutating func skipStringBody() throws(Declined) {
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""): return
            case UInt8(ascii: "\\"): _ = try escape()
            case ..<0x20: throw Declined()
            default: break
            }
        }
        throw Declined()
    }

    /// After the opening quote of a key: its bytes, all printable ASCII but the quote and the
    /// backslash, up to the closing quote.
    mutating func keyBody() throws(Declined) -> Key {
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let key = Key(bytes: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                index += 1
                return key
            }
            guard byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "\\") else { throw Declined() }
            index += 1
        }
        throw Declined()
    }

    /// The rest of a string whose first escape is at `index`, built in a byte buffer.
    private mutating func escapedStringBody(from start: Int) throws(Declined) -> String {
        var utf8: [UInt8] = []
        utf8.reserveCapacity(index - start + 32)
        utf8.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""): return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"): UTF8.encode(try escape()) { utf8.append($0) }
            case ..<0x20: throw Declined()
            default: utf8.append(byte)
            }
        }
        throw Declined()
    }

    /// After a backslash: the character its escape stands for. A `\u` escape of a surrogate,
    /// alone or in a pair, is declined.
    private mutating func escape() throws(Declined) -> Unicode.Scalar {
        guard index < bytes.count else { throw Declined() }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return Unicode.Scalar(byte)
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            guard bytes.count - index >= 4 else { throw Declined() }
            var value: UInt32 = 0
            for _ in 0..<4 {
                guard let digit = Self.hexValue(bytes[index]) else { throw Declined() }
                value = value << 4 | UInt32(digit)
                index += 1
            }
            guard let scalar = Unicode.Scalar(value) else { throw Declined() }
            return scalar
        default:
            throw Declined()
        }
    }

    /// The value of a hexadecimal digit, in either case.
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
