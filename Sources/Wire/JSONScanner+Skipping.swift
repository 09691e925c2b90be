/// Values under keys nobody asked for: `JSONDecoder` checks only that they are JSON, and so
/// does the scanner, declining what it is not sure of.
extension JSONScanner {
    /// Reads a value nobody asked for, as `JSONDecoder` does: it must be JSON, and is dropped.
    package mutating func skipValue(depth: Int = 0) throws(Declined) {
        guard depth < Self.skipDepth else { throw Declined() }
        switch try peek() {
        case UInt8(ascii: "\""):
            index += 1
            try skipStringBody()
        case UInt8(ascii: "{"):
            try beginObject()
            while try nextKey() != nil { try skipValue(depth: depth + 1) }
        case UInt8(ascii: "["):
            try beginArray()
            while try nextElement() { try skipValue(depth: depth + 1) }
        case UInt8(ascii: "t"), UInt8(ascii: "f"):
            _ = try bool()
        case UInt8(ascii: "n"):
            try literal("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            try skipNumber()
        default:
            throw Declined()
        }
    }

    /// Any JSON number, fraction and exponent included, since an unknown key may hold one.
    private mutating func skipNumber() throws(Declined) {
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        let start = index
        guard skipDigits() > 0 else { throw Declined() }
        if bytes[start] == UInt8(ascii: "0"), index - start > 1 { throw Declined() }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard skipDigits() > 0 else { throw Declined() }
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard skipDigits() > 0 else { throw Declined() }
        }
    }

    private mutating func skipDigits() -> Int {
        let start = index
        while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 { index += 1 }
        return index - start
    }
}
