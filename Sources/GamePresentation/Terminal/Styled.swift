/// One line of styled text: runs of characters, each with a `Style`. Everything this module
/// draws is built from these and turned into a `String` only at the end, by `render(_:)`, so
/// widths are measured on the text alone and the same drawing serves colour and plain output.
///
/// A line never holds a newline or any other control character: `init` replaces them, so a
/// line's width is its number of columns and nothing in it can drive the terminal.
public struct Styled: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public struct Run: Hashable, Sendable {
        public let text: String
        public let style: Style
    }

    /// Adjacent runs never share a style, and none is empty.
    public private(set) var runs: [Run]

    public init() { runs = [] }

    public init(_ text: String, _ style: Style = .plain) {
        let clean = TerminalColumns.sanitized(text)
        runs = clean.isEmpty ? [] : [Run(text: clean, style: style)]
    }

    public init(stringLiteral value: String) { self.init(value) }

    /// The text without styles.
    public var plainText: String { runs.map(\.text).joined() }

    public var description: String { plainText }

    /// Columns on a terminal; escapes take none (see `TerminalColumns`).
    public var width: Int { runs.reduce(0) { $0 + TerminalColumns.width(of: $1.text) } }

    public var isEmpty: Bool { runs.isEmpty }

    public mutating func append(_ other: Styled) {
        for run in other.runs { append(run.text, run.style) }
    }

    /// Appends text that is already clean (built from runs of this type).
    mutating func append(_ text: String, _ style: Style) {
        guard !text.isEmpty else { return }
        if let last = runs.last, last.style == style {
            runs[runs.count - 1] = Run(text: last.text + text, style: style)
        } else {
            runs.append(Run(text: text, style: style))
        }
    }

    public static func + (lhs: Styled, rhs: Styled) -> Styled {
        var joined = lhs
        joined.append(rhs)
        return joined
    }

    public static func += (lhs: inout Styled, rhs: Styled) { lhs.append(rhs) }

    /// The line with `extra` added to every run, such as dimming a whole collapsed message.
    public func adding(_ extra: Style) -> Styled {
        var result = Styled()
        for run in runs { result.append(run.text, run.style.adding(extra)) }
        return result
    }

    /// What the terminal should print. In colour, each styled run is wrapped in its SGR
    /// escape and a reset; in plain mode, only the text. Spaces at the end that could not be
    /// seen anyway are left out, so lines compare simply in tests and print no extra bytes.
    public func render(_ mode: ColourMode) -> String {
        var output = ""
        for run in trimmingInvisibleTrailingSpaces().runs {
            if mode == .plain || run.style.isPlain {
                output += run.text
            } else {
                output += run.style.sgrPrefix(in: mode) + run.text + Style.sgrReset
            }
        }
        return output
    }

    func trimmingInvisibleTrailingSpaces() -> Styled {
        var trimmed = runs
        while let last = trimmed.last, !last.style.showsSpaces {
            let text = String(last.text.reversed().drop { $0 == " " }.reversed())
            if text.isEmpty {
                trimmed.removeLast()
                continue
            }
            trimmed[trimmed.count - 1] = Run(text: text, style: last.style)
            break
        }
        var result = Styled()
        result.runs = trimmed
        return result
    }
}

extension Array where Element == Styled {
    /// Every line rendered for `mode`.
    public func rendered(_ mode: ColourMode) -> [String] { map { $0.render(mode) } }
}
