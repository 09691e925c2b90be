import Foundation

/// Finds and rewrites `$<uuid>` tokens in message texts: a `$` followed by a 36-character
/// UUID (8-4-4-4-12 hexadecimal digits, either case). Anything else, such as "$5" or a lone
/// "$", is ordinary text and is left exactly as it is.
///
/// A token ends after its 36th character whatever follows, so "$<uuid>'s turn" works. Replaced
/// text is never scanned again, so a display name that itself looks like a token stays a name.
public enum ParticipantTokens {
    /// `$` plus the 36 characters of a UUID.
    public static let tokenLength = 37

    /// The participants named in `text`, in order of appearance, repeats included.
    public static func ids(in text: String) -> [ParticipantID] {
        var found: [ParticipantID] = []
        _ = replacing(in: text) { id in
            found.append(id)
            return ""
        }
        return found
    }

    /// `text` with every token replaced by what `replacement` returns for its participant.
    /// The first error thrown stops the rewrite, so no half-translated text escapes.
    public static func replacing<Failure: Error>(
        in text: String,
        _ replacement: (ParticipantID) throws(Failure) -> String
    ) throws(Failure) -> String {
        // Most texts hold no token: they are returned as they are, with nothing copied.
        guard containsDollar(text) else { return text }
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == dollar, let id = bytes.withUnsafeBufferPointer({ participant(in: $0, after: index) }) {
                output.append(contentsOf: try replacement(id).utf8)
                index += tokenLength
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        // Tokens are pure ASCII, so cutting around them never splits a multi-byte character.
        return String(decoding: output, as: UTF8.self)
    }

    private static let dollar = UInt8(ascii: "$")

    /// Whether `text` holds a `$`, found with `memchr` over its UTF-8 where it is contiguous:
    /// each member's copy of a message has its state URL, a few thousand bytes, looked through.
    private static func containsDollar(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { bytes in
            guard let base = bytes.baseAddress else { return false }
            return memchr(base, Int32(dollar), bytes.count) != nil
        } ?? text.utf8.contains(dollar)
    }
    private static let hyphen = UInt8(ascii: "-")
    /// Whether a UUID's string form has a hyphen at `offset`: 8, 13, 18 and 23.
    private static func isHyphenOffset(_ offset: Int) -> Bool {
        offset == 8 || offset == 13 || offset == 18 || offset == 23
    }

    /// The UUID right after the `$` at `dollarIndex`, if the next 36 bytes spell one. Checked
    /// by hand rather than left to `UUID(uuidString:)` alone, so that exactly this shape is a
    /// token on every platform.
    public static func participant(in bytes: UnsafeBufferPointer<UInt8>, after dollarIndex: Int) -> ParticipantID? {
        let start = dollarIndex + 1
        let end = start + tokenLength - 1
        guard end <= bytes.endIndex else { return nil }
        for offset in 0..<(tokenLength - 1) {
            let byte = bytes[start + offset]
            let fits = isHyphenOffset(offset) ? byte == hyphen : isHexDigit(byte)
            guard fits else { return nil }
        }
        return ParticipantID(uuidString: String(decoding: bytes[start..<end], as: UTF8.self))
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "a")...UInt8(ascii: "f"),
            UInt8(ascii: "A")...UInt8(ascii: "F"):
            true
        default:
            false
        }
    }
}
