import Foundation
import Transcript

/// JSON written by hand into bytes, spelled as Foundation's `JSONEncoder` spells it with the
/// wire's settings (`WireJSON`): no spaces, slashes unescaped, control characters as
/// `\b \t \n \f \r` or `\u00xx`, every other character as its UTF-8. Callers write keys in
/// sorted order themselves (`.sortedKeys`). For the few values written on every move, where
/// the encoder's generality costs more than the rest of the work (`FrameWriter`, the stored
/// form of an accepted move).
public struct JSONOutput {
    public private(set) var bytes: [UInt8] = []

    public init(capacity: Int = 512) {
        bytes.reserveCapacity(capacity)
    }

    /// Forgets what was written, keeping the memory for more.
    public mutating func clear() {
        bytes.removeAll(keepingCapacity: true)
    }

    /// `{` and `}`.
    public mutating func open() { bytes.append(UInt8(ascii: "{")) }
    public mutating func close() { bytes.append(UInt8(ascii: "}")) }

    /// `"name":`, after a comma unless it is the object's first member. Names are plain ASCII
    /// that needs no escaping.
    public mutating func key(_ name: StaticString, first: Bool = false) {
        if !first { bytes.append(UInt8(ascii: ",")) }
        bytes.append(UInt8(ascii: "\""))
        raw(name)
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
    }

    /// Bytes written as they are: punctuation, literals, a key known to need no escaping.
    public mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    public mutating func integer(_ value: Int) {
        integer(Int64(value))
    }

    public mutating func integer(_ value: Int64) {
        if value >= 0, value < 10 {
            bytes.append(UInt8(ascii: "0") + UInt8(value))
        } else {
            bytes.append(contentsOf: String(value).utf8)
        }
    }

    /// A UUID as its uppercase string, as `ParticipantID` and `SessionID` encode themselves.
    public mutating func uuid(_ uuid: UUID) {
        bytes.append(UInt8(ascii: "\""))
        uuidText(uuid)
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func uuidText(_ uuid: UUID) {
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: 36))
        bytes.withUnsafeMutableBufferPointer { UUIDText.write(uuid, into: UnsafeMutableBufferPointer(rebasing: $0[start...])) }
    }

    public mutating func bool(_ value: Bool) {
        raw(value ? "true" : "false")
    }

    /// A string in quotes, escaped as Foundation's encoder escapes it.
    public mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { escaped($0) }
        bytes.append(UInt8(ascii: "\""))
    }

    /// A string's quote, for a string written in parts (`stringPart`) without joining them.
    public mutating func quote() {
        bytes.append(UInt8(ascii: "\""))
    }

    /// Part of a string, escaped, between two `quote()`s.
    public mutating func stringPart(_ value: String) {
        var value = value
        value.withUTF8 { escaped($0) }
    }

    /// `value` in quotes, each participant token in it (`ParticipantTokens`) replaced by the
    /// token of the identifier `translate` gives: what `string` writes of the translated text.
    /// `false` if `translate` gives none for a token, with the string left unfinished: the caller
    /// throws the frame away.
    public mutating func string(_ value: String, translatingTokens translate: (ParticipantID) -> ParticipantID?) -> Bool {
        bytes.append(UInt8(ascii: "\""))
        var value = value
        let translated = value.withUTF8 { utf8 -> Bool in
            var start = 0
            var index = 0
            while index < utf8.count, let found = memchr(utf8.baseAddress! + index, Int32(UInt8(ascii: "$")), utf8.count - index) {
                let dollar = utf8.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
                guard let id = ParticipantTokens.participant(in: utf8, after: dollar) else {
                    index = dollar + 1
                    continue
                }
                guard let translated = translate(id) else { return false }
                escaped(UnsafeBufferPointer(rebasing: utf8[start..<dollar]))
                bytes.append(UInt8(ascii: "$"))
                uuidText(translated.uuid)
                index = dollar + ParticipantTokens.tokenLength
                start = index
            }
            escaped(UnsafeBufferPointer(rebasing: utf8[start..<utf8.count]))
            return true
        }
        bytes.append(UInt8(ascii: "\""))
        return translated
    }

    /// `utf8` escaped, without quotes.
    private mutating func escaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        var start = 0
        for index in 0..<utf8.count {
            let byte = utf8[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
            escape(byte)
            start = index + 1
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<utf8.count]))
    }

    /// Forgets what was written after the first `count` bytes.
    public mutating func truncate(to count: Int) {
        bytes.removeSubrange(count...)
    }

    private mutating func escape(_ byte: UInt8) {
        bytes.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
        case 0x08: bytes.append(UInt8(ascii: "b"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0C: bytes.append(UInt8(ascii: "f"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        default:
            let digits: StaticString = "0123456789abcdef"
            bytes.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
            digits.withUTF8Buffer { digits in
                bytes.append(digits[Int(byte >> 4)])
                bytes.append(digits[Int(byte & 0x0F)])
            }
        }
    }
}
