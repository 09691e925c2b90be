import Foundation

extension JSONScanner {
    /// A UUID spelt as `UUID.uuidString` spells one, in either case (36 characters, hex digits
    /// and dashes at 8, 13, 18 and 23), read straight from the bytes; `nil`, with nothing
    /// read, for any other string or value.
    ///
    /// Those are the spellings every UUID parser reads alike. Others go to `UUID(uuidString:)`
    /// (see `FrameReader.participantID`), which on Linux parses with `sscanf` and so takes more
    /// (a `+` or spaces before a pair of digits) and costs a third of reading an event.
    mutating func canonicalUUID() -> UUID? {
        skipWhitespace()
        let start = index + 1
        guard bytes.count - index >= 38, bytes[index] == UInt8(ascii: "\""), bytes[start + 36] == UInt8(ascii: "\"") else {
            return nil
        }
        var high: UInt64 = 0
        var low: UInt64 = 0
        var digits = 0
        for offset in 0..<36 {
            let byte = bytes[start + offset]
            if offset == 8 || offset == 13 || offset == 18 || offset == 23 {
                guard byte == UInt8(ascii: "-") else { return nil }
                continue
            }
            guard let digit = Self.hexValue(byte) else { return nil }
            if digits < 16 {
                high = high << 4 | UInt64(digit)
            } else {
                low = low << 4 | UInt64(digit)
            }
            digits += 1
        }
        index = start + 37
        return UUID(uuid: withUnsafeBytes(of: (high.bigEndian, low.bigEndian)) { $0.load(as: uuid_t.self) })
    }
}
