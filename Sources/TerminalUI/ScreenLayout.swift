import Battleship
import IceCream

/// Composes whole screens: exactly `height` lines of at most `width` columns each, ready to
/// print from the top-left corner. A resize is simply a new call with the new size.
///
/// Both screens are a header and a rule on top, the part that grows in the middle, and the
/// lines the player acts on at the bottom (the input or staged move, and the last error). On
/// a screen too short for all of that, the bottom lines are the last to go.
public struct ScreenLayout: Sendable {
    public let width: Int
    public let height: Int
    public let mode: ColourMode

    public init(width: Int, height: Int, mode: ColourMode) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.mode = mode
    }

    /// The conversation: transcript, drawer of games, input line, error line.
    public func compact(_ screen: CompactScreen) -> [String] {
        let header = screen.header
        let bottom = [rule, startLine(screen.drawerSelection), recentLine(screen.history)]
            + [prompt(screen.input), errorLine(screen.error)]
        return compose(header, bottom: bottom) { rows in
            TranscriptRenderer(names: header.names, viewer: header.viewer, mode: mode)
                .lines(for: screen.events, width: width, height: rows)
        }
    }

    /// One game full size: boards (with a legend) or the ice cream and its picker.
    public func expanded(_ screen: ExpandedScreen) -> [String] {
        let bottom = [rule, prompt(screen.staging), errorLine(screen.error)]
        return compose(screen.header, bottom: bottom) { rows in
            var body = screen.game.lines(
                width: width, mode: mode, perspective: screen.perspective, cursor: screen.cursor,
                selection: screen.selection, height: rows)
            if case let .battleship(game, _) = screen.game, body.count + 2 <= rows {
                body += [Styled(), BoardRenderer(game: game, mode: mode).legend()]
            }
            return body
        }
    }

    private func compose(_ header: ScreenHeader, bottom: [Styled], body: (Int) -> [Styled]) -> [String] {
        let top = [header.statusLine.line(title: header.title, width: width), rule]
        let rows = max(0, height - top.count - bottom.count)
        let lines = top + body(rows).fitted(height: rows) + bottom
        return lines.suffix(height).map { $0.truncated(to: width).render(mode) }
    }

    private var rule: Styled { Styled(String(repeating: "-", count: width), .dim) }

    /// "Start: Battleship (seed/classic), Ice Cream", the selected entry highlighted.
    private func startLine(_ selection: DrawerItem?) -> Styled {
        func item(_ text: String, _ entry: DrawerItem) -> Styled {
            selection == entry ? Styled.highlighted(text, .bold, mode: mode) : Styled(text)
        }
        return Styled("Start: ", .bold) + "Battleship (" + item("seed", .battleshipSeed) + "/"
            + item("classic", .battleshipClassic) + "), " + item("Ice Cream", .iceCream)
    }

    /// The finished ice creams, newest first, as far as the line goes.
    private func recentLine(_ history: IceCreamHistory) -> Styled {
        let label = Styled("Recent ice creams: ", .bold)
        guard !history.isEmpty else { return label + Styled("none yet", .dim) }
        let names = history.iceCreams.reversed().map(\.spokenDescription)
        return (label + Styled(names.joined(separator: "; "))).truncated(to: width)
    }

    /// The line the player writes on. A long input shows its end, where the typing is.
    private func prompt(_ text: String) -> Styled {
        let marker = Styled("> ", .bold)
        var shown = Substring(TerminalColumns.sanitized(text))
        while TerminalColumns.width(of: shown) > width - marker.width, !shown.isEmpty {
            shown = shown.dropFirst()
        }
        return marker + Styled(String(shown))
    }

    private func errorLine(_ error: String?) -> Styled {
        guard let error, !error.isEmpty else { return Styled() }
        return Styled("! " + error, .colour(.red, bold: true))
    }
}
