import GamePresentation
/// Turns the bytes a terminal in raw mode sends into keys. Arrow keys arrive as escape
/// sequences (`ESC [ A` or, in application mode, `ESC O A`), possibly split across reads, so
/// the decoder keeps an unfinished sequence until the next bytes come; a lone ESC is the Esc
/// key once `flush()` says no more bytes followed it.
public struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []

    public init() {}

    /// The keys in `bytes`, with any unfinished escape sequence kept for the next call.
    public mutating func keys(from bytes: some Sequence<UInt8>) -> [Key] {
        pending += bytes
        var keys: [Key] = []
        var index = 0
        while index < pending.count {
            let byte = pending[index]
            if byte == 0x1B {
                guard index + 1 < pending.count else { break }
                let next = pending[index + 1]
                guard next == UInt8(ascii: "[") || next == UInt8(ascii: "O") else {
                    keys.append(.escape)
                    index += 1
                    continue
                }
                guard index + 2 < pending.count else { break }
                keys.append(Self.arrow(pending[index + 2]) ?? .escape)
                index += 3
                continue
            }
            if let key = Self.single(byte) {
                keys.append(key)
                index += 1
                continue
            }
            if byte < 0x80 {
                // Other control bytes mean nothing to the client.
                index += 1
                continue
            }
            // UTF-8: take the whole scalar, or wait for the rest of it.
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
            guard index + length <= pending.count else { break }
            if let text = String(validating: pending[index..<index + length], as: UTF8.self), let character = text.first {
                keys.append(.character(character))
            }
            index += length
        }
        pending.removeFirst(index)
        return keys
    }

    /// Ends a pause in the input: a lone ESC still waiting is the Esc key.
    public mutating func flush() -> [Key] {
        defer { pending = [] }
        return pending == [0x1B] ? [.escape] : []
    }

    private static func arrow(_ byte: UInt8) -> Key? {
        switch byte {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        default: nil
        }
    }

    private static func single(_ byte: UInt8) -> Key? {
        switch byte {
        case 0x0D, 0x0A: .enter
        case 0x09: .tab
        case 0x7F, 0x08: .backspace
        case 0x03, 0x04: .quit
        case 0x20...0x7E: .character(Character(Unicode.Scalar(byte)))
        case 0x01...0x1A: .control(Character(Unicode.Scalar(byte + 0x60)))
        default: nil
        }
    }
}
