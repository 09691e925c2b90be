import Foundation
import Transcript

extension JSONScanner {
    /// A JSON string holding a UUID in its 36-character spelling (either case, as
    /// `ParticipantID(uuidString:)` reads it), read straight from the bytes with `UUIDText`
    /// rather than copied into a string first; `nil`, with nothing read, for any other value,
    /// which the caller reads as a string (an escape inside it, say).
    package mutating func canonicalUUID() -> UUID? {
        skipWhitespace()
        let start = index + 1
        guard bytes.count - index >= 38, bytes[index] == UInt8(ascii: "\""), bytes[start + 36] == UInt8(ascii: "\""),
            let uuid = UUIDText.uuid(UnsafeBufferPointer(rebasing: bytes[start..<(start + 36)]))
        else { return nil }
        index = start + 37
        return uuid
    }
}
