import Foundation
import Transcript

/// Reads `ServerFrame`s and `ClientFrame`s straight from their JSON text, without
/// `JSONDecoder`, which took a fifth of the bots' CPU in the load benchmark (docs/BENCHMARKS.md).
///
/// It reads the frames `WireJSON.encode` writes and declines, returning `nil`, whatever it is
/// not sure to read as `JSONDecoder` does (see `JSONScanner`), duplicate keys included (of
/// which `JSONDecoder` keeps the first). `ServerFrame(json:)` and `ClientFrame(json:)` hand a
/// declined text to `JSONDecoder`, so that for every text they give what `WireJSON.decode`
/// gives: the same frame, or an error. Values go through the initializers `JSONDecoder` calls
/// (`Event.Kind(rawValue:)`, `ParticipantID(uuidString:)` and so on), so they are checked the
/// same way, and a value those refuse is declined; only a UUID in its usual spelling is read
/// from its bytes (see `JSONScanner.canonicalUUID`).
public enum FrameReader {
    /// The frame in `text`; `nil` when the text is left to `JSONDecoder`.
    public static func serverFrame(_ text: String) -> ServerFrame? {
        read(text, serverFrame)
    }

    /// The frame in `text`; `nil` when the text is left to `JSONDecoder`.
    public static func clientFrame(_ text: String) -> ClientFrame? {
        read(text, clientFrame)
    }

    private static func read<Frame>(
        _ text: String, _ frame: (inout JSONScanner) throws(JSONScanner.Declined) -> Frame
    ) -> Frame? {
        var text = text
        text.makeContiguousUTF8()
        return text.utf8.withContiguousStorageIfAvailable { bytes -> Frame? in
            var scanner = JSONScanner(bytes)
            return try? frame(&scanner)
        } ?? nil
    }

    /// The frame's `type`, to choose what to read, guessed cheaply: keys come in any order,
    /// and in the encoder's sorted order `type` is the last key of most frames, so a text
    /// ending in `"type":"…"}` names it there; any other is read up to its first `type`. The
    /// read that follows checks the guess (see `JSONScanner.expectFrameType`).
    static func guessedType(_ s: JSONScanner) throws(JSONScanner.Declined) -> String {
        if let type = typeAtEnd(s.bytes) { return type }
        var s = s
        try s.beginObject()
        while let key = try s.nextKey() {
            if key.matches("type") { return try s.string() }
            try s.skipValue()
        }
        throw JSONScanner.Declined()
    }

    /// The value of the text's last member when that is `"type":"…"`, a string with no escapes.
    private static func typeAtEnd(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var end = bytes.count
        func before(_ token: StaticString) -> Bool {
            while end > 0, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[end - 1]) { end -= 1 }
            let count = token.utf8CodeUnitCount
            guard end >= count else { return false }
            for offset in 0..<count where bytes[end - count + offset] != token.utf8Start[offset] { return false }
            end -= count
            return true
        }
        guard before("}"), before("\"") else { return nil }
        let valueEnd = end
        while end > 0, bytes[end - 1] != UInt8(ascii: "\""), bytes[end - 1] != UInt8(ascii: "\\") { end -= 1 }
        let valueStart = end
        guard before("\""), before(":"), before("\"type\"") else { return nil }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[valueStart..<valueEnd]), as: UTF8.self)
    }
}

extension ServerFrame {
    /// The frame in `text`, as `WireJSON.decode(ServerFrame.self, from: Data(text.utf8))` reads
    /// it, error included, and for the frames the server writes several times faster.
    public init(json text: String) throws {
        if let frame = FrameReader.serverFrame(text) {
            self = frame
        } else {
            self = try WireJSON.decode(ServerFrame.self, from: Data(text.utf8))
        }
    }
}

extension ClientFrame {
    /// The frame in `text`, as `WireJSON.decode(ClientFrame.self, from: Data(text.utf8))` reads
    /// it, error included, and for the frames clients write several times faster.
    public init(json text: String) throws {
        if let frame = FrameReader.clientFrame(text) {
            self = frame
        } else {
            self = try WireJSON.decode(ClientFrame.self, from: Data(text.utf8))
        }
    }
}

/// One property of a value being read. A key seen twice is declined, and so is a required one
/// never seen, which `JSONDecoder` refuses.
/// Inlinable, so that readers in other modules get it specialized to each value's type.
package struct Field<Value> {
    @usableFromInline var value: Value?

    @inlinable package init() {}

    @inlinable package mutating func set(_ newValue: Value) throws(JSONScanner.Declined) {
        guard value == nil else { throw JSONScanner.Declined() }
        value = newValue
    }

    @inlinable package func required() throws(JSONScanner.Declined) -> Value {
        guard let value else { throw JSONScanner.Declined() }
        return value
    }

    /// An optional property: `nil` when its key was absent or held `null`.
    @inlinable package func optional<Wrapped>() -> Wrapped? where Value == Wrapped? { value ?? nil }
}

extension JSONScanner {
    /// `nil` for a `null`, else what `read` reads.
    @inlinable package mutating func optional<Value>(
        _ read: (inout JSONScanner) throws(Declined) -> Value
    ) throws(Declined) -> Value? {
        try null() ? nil : read(&self)
    }

    @inlinable package mutating func array<Element>(
        _ read: (inout JSONScanner) throws(Declined) -> Element
    ) throws(Declined) -> [Element] {
        var elements: [Element] = []
        try beginArray()
        while try nextElement() { elements.append(try read(&self)) }
        return elements
    }

    package mutating func optionalString() throws(Declined) -> String? {
        try null() ? nil : string()
    }

    mutating func optionalInt64() throws(Declined) -> Int64? {
        try null() ? nil : Int64(int())
    }
}
