/// How a run of text looks: a few attributes every ANSI terminal has. The colours are the
/// eight basic ones, so the user's own theme decides the exact shade and they suit dark and
/// light backgrounds alike; no 256-colour or true-colour codes.
public struct Style: Hashable, Sendable {
    public enum Colour: Int, Hashable, Sendable, CaseIterable {
        // The values are the SGR foreground codes.
        case red = 31, green, yellow, blue, magenta, cyan
    }

    public var bold: Bool
    public var dim: Bool
    public var reverse: Bool
    public var foreground: Colour?
    /// A 24-bit colour, `0xRRGGBB`, shown instead of `foreground` in `.trueColour` mode;
    /// `foreground` is its stand-in elsewhere.
    public var rgb: UInt32?

    public init(bold: Bool = false, dim: Bool = false, reverse: Bool = false, foreground: Colour? = nil, rgb: UInt32? = nil) {
        self.bold = bold
        self.dim = dim
        self.reverse = reverse
        self.foreground = foreground
        self.rgb = rgb
    }

    public static let plain = Style()
    public static let bold = Style(bold: true)
    public static let dim = Style(dim: true)
    public static let reverse = Style(reverse: true)

    public static func colour(_ colour: Colour, bold: Bool = false) -> Style {
        Style(bold: bold, foreground: colour)
    }

    public var isPlain: Bool { self == .plain }

    /// This style with `other`'s attributes added; `other`'s colour wins when both have one.
    public func adding(_ other: Style) -> Style {
        Style(
            bold: bold || other.bold, dim: dim || other.dim, reverse: reverse || other.reverse,
            foreground: other.foreground ?? foreground, rgb: other.foreground != nil ? other.rgb : other.rgb ?? rgb)
    }

    /// Whether a space in this style can be seen: only reverse video paints the background.
    var showsSpaces: Bool { reverse }

    /// The escape that switches this style on in `mode`, such as `ESC[1;31m`; empty for plain.
    func sgrPrefix(in mode: ColourMode) -> String {
        var codes: [Int] = []
        if bold { codes.append(1) }
        if dim { codes.append(2) }
        if reverse { codes.append(7) }
        if mode == .trueColour, let rgb {
            codes += [38, 2, Int(rgb >> 16 & 0xFF), Int(rgb >> 8 & 0xFF), Int(rgb & 0xFF)]
        } else if let foreground {
            codes.append(foreground.rawValue)
        }
        guard !codes.isEmpty else { return "" }
        return "\u{1B}[" + codes.map(String.init).joined(separator: ";") + "m"
    }

    /// Resets every attribute. Each run ends with it, so a line never leaks its style into
    /// the next one, whatever the caller prints after it.
    static let sgrReset = "\u{1B}[0m"
}
