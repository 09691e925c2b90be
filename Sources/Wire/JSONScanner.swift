/// Reads JSON text byte by byte for `FrameReader` and `Record(stored:)`: objects, arrays,
/// strings, integers, `true`, `false` and `null`, in the plain shapes `WireJSON.encode` writes.
///
/// Whatever it is not sure to read exactly as `JSONDecoder` does, it declines by throwing
/// `Declined`, and the caller hands the whole text to `JSONDecoder` instead. It declines
/// rather than guesses: a number with a fraction or an exponent, `-0`, a leading zero or more
/// than 19 digits; a trailing comma (which `JSONDecoder` accepts); a key with an escape or a
/// byte outside printable ASCII (`JSONDecoder` compares keys as Swift strings, under which a
/// Kelvin sign equals a `K`); a `\u` escape of a surrogate; a control character in a string;
/// values nested more than `skipDepth` deep under an unknown key; and anything that is not JSON.
package struct JSONScanner {
    /// The text holds something this scanner does not read, or not surely as `JSONDecoder`
    /// would; `JSONDecoder` decides.
    package struct Declined: Error {
        package init() {}
    }

    /// An object's key: the bytes between its quotes, printable ASCII with no escapes, so that
    /// comparing bytes is comparing strings.
    package struct Key {
        let bytes: UnsafeBufferPointer<UInt8>

        package func matches(_ name: StaticString) -> Bool {
            guard name.utf8CodeUnitCount == bytes.count else { return false }
            let start = name.utf8Start
            for offset in 0..<bytes.count where start[offset] != bytes[offset] { return false }
            return true
        }

        package static func ~= (name: StaticString, key: Key) -> Bool { key.matches(name) }
    }

    /// How deep `skipValue` follows arrays and objects: far below `JSONDecoder`'s limit of 512,
    /// and far above anything a frame holds.
    static let skipDepth = 32

    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    /// Set by `beginObject` and `beginArray`: the first member or element has no comma before it.
    private var atCollectionStart = false
    /// How many objects and arrays are open.
    private var depth = 0
    /// Set by `expectFrameType`: the `type` the outermost object must hold, exactly once.
    private var frameType: String?
    private var frameTypeSeen = false

    package init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    // MARK: Structure

    package mutating func beginObject() throws(Declined) {
        try expect(UInt8(ascii: "{"))
        atCollectionStart = true
        depth += 1
    }

    /// The next key of the object being read, its colon consumed; `nil` after the closing brace.
    /// The outermost object's `type`, once checked against `frameType`, is not returned.
    package mutating func nextKey() throws(Declined) -> Key? {
        while true {
            var byte = try peek()
            if byte == UInt8(ascii: "}") {
                index += 1
                atCollectionStart = false
                depth -= 1
                return nil
            }
            if atCollectionStart {
                atCollectionStart = false
            } else {
                guard byte == UInt8(ascii: ",") else { throw Declined() }
                index += 1
                byte = try peek()
            }
            guard byte == UInt8(ascii: "\"") else { throw Declined() }
            index += 1
            let key = try keyBody()
            try expect(UInt8(ascii: ":"))
            guard depth == 1, let frameType, key.matches("type") else { return key }
            guard !frameTypeSeen, try string() == frameType else { throw Declined() }
            frameTypeSeen = true
        }
    }

    package mutating func beginArray() throws(Declined) {
        try expect(UInt8(ascii: "["))
        atCollectionStart = true
        depth += 1
    }

    /// Whether another element follows, its comma consumed; `false` after the closing bracket.
    package mutating func nextElement() throws(Declined) -> Bool {
        let byte = try peek()
        if byte == UInt8(ascii: "]") {
            index += 1
            atCollectionStart = false
            depth -= 1
            return false
        }
        if atCollectionStart {
            atCollectionStart = false
            return true
        }
        guard byte == UInt8(ascii: ",") else { throw Declined() }
        index += 1
        guard try peek() != UInt8(ascii: "]") else { throw Declined() }
        return true
    }

    /// From here on, the outermost object must hold `type` once, with this value. Whatever
    /// chose `type` (see `FrameReader.guessedType`) need then only be usually right.
    mutating func expectFrameType(_ type: String) {
        frameType = type
    }

    /// Nothing but whitespace is left, and the frame's type was there.
    package mutating func end() throws(Declined) {
        skipWhitespace()
        guard index == bytes.count, frameType == nil || frameTypeSeen else { throw Declined() }
    }

    // MARK: Values

    package mutating func string() throws(Declined) -> String {
        try expect(UInt8(ascii: "\""))
        return try stringBody()
    }

    package mutating func bool() throws(Declined) -> Bool {
        switch try peek() {
        case UInt8(ascii: "t"): try literal("true"); return true
        case UInt8(ascii: "f"): try literal("false"); return false
        default: throw Declined()
        }
    }

    /// Consumes a `null` if one is next.
    package mutating func null() throws(Declined) -> Bool {
        guard try peek() == UInt8(ascii: "n") else { return false }
        try literal("null")
        return true
    }

    /// An integer written as JSON writes one: `0`, or an optional minus and up to 19 digits
    /// without a leading zero, and within `Int`'s range.
    package mutating func int() throws(Declined) -> Int {
        let negative = try peek() == UInt8(ascii: "-")
        if negative { index += 1 }
        let start = index
        var magnitude: UInt64 = 0
        while index < bytes.count, case let digit = bytes[index] &- UInt8(ascii: "0"), digit < 10 {
            magnitude = magnitude &* 10 &+ UInt64(digit)
            index += 1
            guard index - start <= 19 else { throw Declined() }
        }
        guard index > start else { throw Declined() }
        if bytes[start] == UInt8(ascii: "0") {
            guard index - start == 1, !negative else { throw Declined() }
        }
        if index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): throw Declined()
            default: break
            }
        }
        if negative {
            guard magnitude <= UInt64(Int.max) + 1 else { throw Declined() }
            return Int(truncatingIfNeeded: 0 &- magnitude)
        }
        guard magnitude <= UInt64(Int.max) else { throw Declined() }
        return Int(magnitude)
    }

    // MARK: Bytes

    @inline(__always)
    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): index += 1
            default: return
            }
        }
    }

    /// The next byte that is not whitespace, left unread.
    @inline(__always)
    mutating func peek() throws(Declined) -> UInt8 {
        skipWhitespace()
        guard index < bytes.count else { throw Declined() }
        return bytes[index]
    }

    @inline(__always)
    mutating func expect(_ byte: UInt8) throws(Declined) {
        guard try peek() == byte else { throw Declined() }
        index += 1
    }

    mutating func literal(_ word: StaticString) throws(Declined) {
        let count = word.utf8CodeUnitCount
        guard bytes.count - index >= count else { throw Declined() }
        for offset in 0..<count where word.utf8Start[offset] != bytes[index + offset] { throw Declined() }
        index += count
    }
}
