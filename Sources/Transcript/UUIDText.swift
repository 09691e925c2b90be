import Foundation

/// A UUID's text, read and written by hand: Foundation's `UUID(uuidString:)` and `uuidString`
/// go through `sscanf` and `sprintf`, which showed in the server's profile since identifiers
/// are read and written for every member on every move.
public enum UUIDText {
    /// The uppercase form, `6F9619FF-8B86-D011-B42D-00C04FC964FF`.
    public static func string(_ uuid: UUID) -> String {
        String(unsafeUninitializedCapacity: 36) { text in
            write(uuid, into: text)
            return 36
        }
    }

    /// The uppercase form's 36 bytes, written at the start of `text`.
    public static func write(_ uuid: UUID, into text: UnsafeMutableBufferPointer<UInt8>) {
        let digits: StaticString = "0123456789ABCDEF"
        var position = 0
        withUnsafeBytes(of: uuid.uuid) { raw in
            digits.withUTF8Buffer { digits in
                for (index, byte) in raw.enumerated() {
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        text[position] = UInt8(ascii: "-")
                        position += 1
                    }
                    text[position] = digits[Int(byte >> 4)]
                    text[position + 1] = digits[Int(byte & 0x0F)]
                    position += 2
                }
            }
        }
    }

    /// Reads the 36-character form in either case; `nil` for anything else.
    public static func uuid(_ text: String) -> UUID? {
        var text = text
        return text.withUTF8 { uuid($0) }
    }

    /// Reads the 36-character form in either case from UTF-8 bytes; `nil` for anything else.
    public static func uuid(_ utf8: UnsafeBufferPointer<UInt8>) -> UUID? {
        guard utf8.count == 36 else { return nil }
        var bytes = (UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0),
                     UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0))
        let complete = withUnsafeMutableBytes(of: &bytes) { out -> Bool in
            var position = 0
            for index in 0..<16 {
                if index == 4 || index == 6 || index == 8 || index == 10 {
                    guard utf8[position] == UInt8(ascii: "-") else { return false }
                    position += 1
                }
                guard let high = hexValue(utf8[position]), let low = hexValue(utf8[position + 1]) else { return false }
                out[index] = high << 4 | low
                position += 2
            }
            return true
        }
        return complete ? UUID(uuid: bytes) : nil
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}
