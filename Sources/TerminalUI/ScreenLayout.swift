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

    /// The conversations, the selected one marked, newest activity not reordered: a
    /// conversation keeps its number while the player looks at the list.
    public func list(_ screen: ConversationListScreen) -> [String] {
        let title = Styled("Parley", .bold) + Styled(" | ", .dim)
            + Styled(screen.entries.count == 1 ? "1 conversation" : "\(screen.entries.count) conversations")
        let marker = StatusLine.marker(online: screen.online)
        let top = [Styled.spread(title, marker, width: width), rule]
        let bottom = [rule, prompt(screen.input, hint: screen.hint), errorLine(screen.error)]
        let rows = max(0, height - top.count - bottom.count)
        var body: [Styled] = screen.entries.isEmpty
            ? [Styled("No conversations yet: press n to open one, or j to join one with its invite code.", .dim)]
            : []
        for (index, entry) in screen.entries.enumerated() {
            let selected = index == screen.selection
            let number = Styled((selected ? "> " : "  ") + "\(index + 1). ", .bold)
            let members = selected ? Styled.highlighted(entry.members, .bold, mode: mode) : Styled(entry.members, .bold)
            let state = Styled(entry.state, entry.viewersTurn ? .colour(.yellow, bold: true) : .plain)
            body.append(number + members + Styled("  invite ", .dim) + Styled(entry.invite) + Styled("  ", .dim) + state)
        }
        // The selected entry stays on screen in a long list.
        let first = min(max(0, screen.selection - rows + 1), max(0, body.count - rows))
        let lines = top + Array(body.dropFirst(first)).fitted(height: rows) + bottom
        return lines.suffix(height).map { $0.truncated(to: width).render(mode) }
    }

    /// The conversation: transcript, drawer of games, input line, error line.
    public func compact(_ screen: CompactScreen) -> [String] {
        let header = screen.header
        let bottom = [rule, startLine(screen.drawerSelection), recentLine(screen.history)]
            + [prompt(screen.input, hint: screen.hint), errorLine(screen.error)]
        return compose(header, bottom: bottom) { rows in
            TranscriptRenderer(names: header.names, viewer: header.viewer, mode: mode)
                .lines(for: screen.events, width: width, height: rows, selected: screen.selectedMessage)
        }
    }

    /// One game full size: boards (with a legend) or the ice cream and its picker.
    public func expanded(_ screen: ExpandedScreen) -> [String] {
        let bottom = [rule, prompt(screen.staging, hint: screen.hint), errorLine(screen.error)]
        return compose(screen.header, bottom: bottom) { rows in
            let banner = screen.banner.map { [Styled($0, .colour(.green, bold: true)).centred(in: width), Styled()] } ?? []
            var body = banner + screen.game.lines(
                width: width, mode: mode, perspective: screen.perspective, cursor: screen.cursor,
                selection: screen.selection, height: rows - banner.count)
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

    /// The line the player writes on. A long input shows its end, where the typing is; with
    /// nothing typed it shows the `hint`, dim, so the keys are always in sight.
    private func prompt(_ text: String, hint: String = "") -> Styled {
        let marker = Styled("> ", .bold)
        if text.isEmpty, !hint.isEmpty { return marker + Styled(hint, .dim) }
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
