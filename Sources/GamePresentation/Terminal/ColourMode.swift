/// Whether rendered text may carry ANSI escapes. The caller decides once, from the
/// environment, and passes the mode down; nothing in this module looks at the terminal.
public enum ColourMode: Hashable, Sendable {
    /// SGR escapes for bold, dim, reverse video and the eight basic colours.
    case colour
    /// The same, and 24-bit colours where a style has one (`Style.rgb`: an ice cream's
    /// flavours as its page paints them), for a terminal that says it shows them
    /// (`COLORTERM=truecolor` or `24bit`).
    case trueColour
    /// Text only. Everything this module draws still reads without styles: a highlight
    /// becomes brackets, a selection keeps its `>` marker.
    case plain

    /// The mode the environment asks for, after https://no-color.org: `NO_COLOR` set to
    /// anything but the empty string turns colour off, and so does `TERM=dumb`. A missing
    /// `TERM` is treated as dumb too: without it nobody has said the output is a terminal
    /// that understands escapes (a pipe, a CI log, a service's journal).
    public init(environment: [String: String]) {
        if let noColour = environment["NO_COLOR"], !noColour.isEmpty {
            self = .plain
            return
        }
        guard let term = environment["TERM"], !term.isEmpty, term != "dumb" else {
            self = .plain
            return
        }
        self = ["truecolor", "24bit"].contains(environment["COLORTERM"]?.lowercased() ?? "") ? .trueColour : .colour
    }

    /// Whether escapes are written: any mode but `.plain`.
    public var usesColour: Bool { self != .plain }
}
