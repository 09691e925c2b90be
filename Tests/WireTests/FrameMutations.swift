import GameRules

/// Rewrites a frame's JSON text the ways a careless or hostile writer would: truncated, bytes
/// changed or added, spacing JSON allows and spacing it does not, keys reordered, duplicated,
/// dropped, added or misspelt, numbers and strings spelt every way JSON allows and some it
/// does not, values of the wrong type, unknown frame types, nesting too deep.
struct FrameMutations {
    var random: SeededRandom

    init(seed: UInt64) { random = SeededRandom(seed: seed) }

    static let spaces = [" ", "\t", "\n", "\r", "\r\n", "  "]
    static let notSpaces = ["\u{0B}", "\u{0C}", "\u{A0}", "\u{2028}", "\u{FEFF}", "\u{0}"]
    static let bytes = Array(#"{}[]:,"\-+.eE0 19ntfu"#.utf8) + [0x00, 0x09, 0x7F, 0xC3, 0xE9, 0xFF]
    static let numbers = [
        "0", "-1", "1.0", "1e2", "1E2", "1.5", "-0", "0.0", "-0.0", "01", "-01", "1e400", "2.", "+1", "-", "1.0e1",
        "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
        "123456789012345678901234567890",
    ]
    static let strings = [
        #""""#, #""\u00e9""#, #""\u00E9""#, #""\ud83d\ude00""#, #""\uD83D\uDE00""#, #""\ud800""#, #""\udc00""#,
        #""\ud800x""#, #""\ud83d\u0041""#, #""a\/b""#, #""\x""#, #""\u00""#, "\"tab\there\"", #""\u0000""#, #""\"\\""#,
        #""0e7b2c9a-3d4f-8a1b-9c2d-3e4f5a6b7c8d""#, #""0E7B2C9A-3D4F-8A1B-9C2D-3E4F5A6B7C8D""#, #""not-a-uuid""#,
        #""message""#, #""player""#, #""\u0065vent""#, "\"K\u{212A}\"", "\"e\u{301}\"",
    ]
    static let values = [
        "1", #""1""#, "null", "true", "false", "[]", "{}", #"["0E7B2C9A-3D4F-8A1B-9C2D-3E4F5A6B7C8D"]"#, "1.0",
        #"{"a":[1,{"b":null}],"c":-2.5e-3}"#, #"{"type":"ack"}"#,
        String(repeating: "[", count: 40) + String(repeating: "]", count: 40),
        String(repeating: "[", count: 600) + String(repeating: "]", count: 600),
    ]
    static let types = [
        "challenge", "welcome", "conversation", "conversations", "done", "accepted", "rejected", "error", "event", "synced",
        "authenticate", "create", "join", "list", "leave", "rename", "send", "ack", "resume", "teleport", "Event", "",
    ].map { "\"\($0)\"" }
    static let keys = [
        #""type""#, #""\u0074ype""#, #""Type""#, #""type ""#, #""""#, #""id""#, #""seq""#, #""conversation""#,
        #""session""#, #""message""#, #""status""#, "\"public\u{212A}ey\"", #""publicKey""#, #""basedOn""#, #""kind""#,
        #""x\"y""#, "\"caf\u{E9}\"",
    ]

    mutating func pick<Element>(_ choices: [Element]) -> Element { choices.randomElement(using: &random)! }

    /// `text`, which must be valid JSON, rewritten once to three times.
    mutating func mutate(_ text: String) -> String {
        switch Int.random(in: 0..<10, using: &random) {
        case 0: return rewriteBytes(text)
        case 1: return JSONTree(text).written { spacing() }
        case 2: return pick(["", " ", pick(Self.notSpaces), "[", "\u{FEFF}"]) + text + pick(["", "\n", "x", "]", "}", ",", "{}"])
        default:
            var tree = JSONTree(text)
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                tree = tree.replacing(Int.random(in: 0..<tree.count, using: &random)) { rewrite($0) }
            }
            return tree.written { spacing() }
        }
    }

    /// Mostly no space; sometimes what JSON allows; now and then what it does not.
    mutating func spacing() -> String {
        switch Int.random(in: 0..<20, using: &random) {
        case 0..<14: ""
        case 14..<19: pick(Self.spaces)
        default: pick(Self.notSpaces)
        }
    }

    mutating func rewriteBytes(_ text: String) -> String {
        var bytes = Array(text.utf8)
        let at = Int.random(in: 0...bytes.count, using: &random)
        switch Int.random(in: 0..<4, using: &random) {
        case 0: bytes.removeSubrange(at...)
        case 1 where at < bytes.count: bytes[at] = pick(Self.bytes)
        case 2: bytes.insert(pick(Self.bytes), at: at)
        default: if at < bytes.count { bytes.remove(at: at) }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// One change to one value of a frame.
    mutating func rewrite(_ value: JSONTree) -> JSONTree {
        switch value {
        case var .object(members) where !members.isEmpty:
            let index = Int.random(in: members.indices, using: &random)
            let at = Int.random(in: 0...members.count, using: &random)
            switch Int.random(in: 0..<7, using: &random) {
            case 0: members.shuffle(using: &random)
            case 1: members.insert(members[index], at: at)
            case 2: members.insert(JSONTree.Member(key: members[index].key, value: .token(pick(Self.values))), at: at)
            case 3: members.remove(at: index)
            case 4: members.insert(JSONTree.Member(key: pick(Self.keys), value: .token(pick(Self.values))), at: at)
            case 5: members[index].key = pick(Self.keys)
            default: members.append(JSONTree.Member(key: #""type""#, value: .token(pick(Self.types))))
            }
            return .object(members)
        case var .array(elements) where !elements.isEmpty:
            switch Int.random(in: 0..<3, using: &random) {
            case 0: elements.shuffle(using: &random)
            case 1: elements.append(elements[0])
            default: elements.removeLast()
            }
            return .array(elements)
        case let .token(token) where token.hasPrefix("\""):
            return .token(pick(Self.strings + Self.types + [token.lowercased(), token.uppercased()]))
        case let .token(token) where token.first.map({ $0 == "-" || $0.isNumber }) == true:
            return .token(pick(Self.numbers))
        default:
            return .token(pick(Self.values + Self.strings + Self.numbers))
        }
    }
}
