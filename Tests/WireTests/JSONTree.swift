/// A JSON text as a tree of its tokens, each kept exactly as written, for tests that rewrite a
/// frame: reorder, duplicate or drop keys, swap values, change the spacing. It reads only
/// valid JSON (what `WireJSON.encode` writes) and checks nothing.
enum JSONTree {
    case object([Member])
    case array([JSONTree])
    /// A string, number, `true`, `false` or `null`.
    case token(String)

    struct Member {
        /// The key's token, quotes and escapes included.
        var key: String
        var value: JSONTree
    }

    init(_ text: String) {
        var reader = Reader(bytes: Array(text.utf8))
        self = reader.value()
    }

    /// The text, with `space()` between every two tokens.
    func written(space: () -> String = { "" }) -> String {
        switch self {
        case let .token(token):
            return token
        case let .array(elements):
            let inner = elements.map { space() + $0.written(space: space) + space() }
            return "[" + inner.joined(separator: ",") + "]"
        case let .object(members):
            let inner = members.map { space() + $0.key + space() + ":" + space() + $0.value.written(space: space) + space() }
            return "{" + inner.joined(separator: ",") + "}"
        }
    }

    /// How many values the tree holds, itself included: the range of `replacing(_:with:)`.
    var count: Int {
        switch self {
        case .token: 1
        case let .array(elements): 1 + elements.reduce(0) { $0 + $1.count }
        case let .object(members): 1 + members.reduce(0) { $0 + $1.value.count }
        }
    }

    /// The tree with its value number `target` (counted depth first, the tree itself 0)
    /// passed through `change`.
    func replacing(_ target: Int, with change: (JSONTree) -> JSONTree) -> JSONTree {
        var next = 0
        return replacing(target, &next, change)
    }

    private func replacing(_ target: Int, _ next: inout Int, _ change: (JSONTree) -> JSONTree) -> JSONTree {
        let mine = next
        next += 1
        if mine == target {
            next += count - 1
            return change(self)
        }
        switch self {
        case .token:
            return self
        case let .array(elements):
            return .array(elements.map { $0.replacing(target, &next, change) })
        case let .object(members):
            return .object(members.map { Member(key: $0.key, value: $0.value.replacing(target, &next, change)) })
        }
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        mutating func value() -> JSONTree {
            skipSpace()
            switch bytes[index] {
            case UInt8(ascii: "{"):
                index += 1
                var members: [Member] = []
                while true {
                    skipSpace()
                    if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
                    if bytes[index] == UInt8(ascii: ",") { index += 1; skipSpace() }
                    let key = stringToken()
                    skipSpace()
                    index += 1  // the colon
                    members.append(Member(key: key, value: value()))
                }
            case UInt8(ascii: "["):
                index += 1
                var elements: [JSONTree] = []
                while true {
                    skipSpace()
                    if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(elements) }
                    if bytes[index] == UInt8(ascii: ",") { index += 1 }
                    elements.append(value())
                }
            case UInt8(ascii: "\""):
                return .token(stringToken())
            default:
                let start = index
                while index < bytes.count, !Array(",]} \t\n\r".utf8).contains(bytes[index]) { index += 1 }
                return .token(String(decoding: bytes[start..<index], as: UTF8.self))
            }
        }

        mutating func stringToken() -> String {
            let start = index
            index += 1
            while bytes[index] != UInt8(ascii: "\"") { index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1 }
            index += 1
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }
    }
}
