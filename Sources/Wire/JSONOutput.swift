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

    /// A UUID as its uppercase string, as `ParticipantID` and `Session` encode themselves.
    public mutating func uuid(_ uuid: UUID) {
        bytes.append(UInt8(ascii: "\""))
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: 36))
        bytes.withUnsafeMutableBufferPointer { UUIDText.write(uuid, into: UnsafeMutableBufferPointer(rebasing: $0[start...])) }
        bytes.append(UInt8(ascii: "\""))
    }

    public mutating func bool(_ value: Bool) {
        raw(value ? "true" : "false")
    }

    /// A string in quotes, escaped as Foundation's encoder escapes it.
    public mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { utf8 in
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
        bytes.append(UInt8(ascii: "\""))
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
