import GamePresentation

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
    /// What rules and frames are drawn with.
    public let glyphs: Glyphs

    public init(width: Int, height: Int, mode: ColourMode, glyphs: Glyphs = .ascii) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.mode = mode
        self.glyphs = glyphs
    }

    /// The conversations, the selected one marked, newest activity not reordered: a
    /// conversation keeps its number while the player looks at the list.
    public func list(_ screen: ConversationListScreen) -> [String] {
        let title = Styled("Parley", .bold) + Styled(" | ", .dim)
            + Styled(screen.entries.count == 1 ? "1 conversation" : "\(screen.entries.count) conversations")
        let marker = StatusLine.marker(online: screen.online)
        let top = [Styled.spread(title, marker, width: width), rule]
        let bottom = [rule, prompt(screen.input, hint: screen.hint)] + errorLines(screen.error)
        let rows = max(0, height - top.count - bottom.count)
        var body: [Styled] = screen.entries.isEmpty
            ? [Styled("No conversations yet: n opens one, j joins one by its invite, p plays someone.", .dim)]
            : []
        // Two lines each: who and what is going on (a `*` where it is the viewer's turn), then
        // the invite code.
        for (index, entry) in screen.entries.enumerated() {
            let selected = index == screen.selection
            let number = Styled((selected ? "> " : "  ") + "\(index + 1). ", .bold)
            let mark = entry.viewersTurn ? Styled("* ", .colour(.yellow, bold: true)) : Styled("  ")
            let members = selected ? Styled.highlighted(entry.members, .bold, mode: mode) : Styled(entry.members, .bold)
            let state = Styled(entry.state, entry.viewersTurn ? .colour(.yellow, bold: true) : .plain)
            body.append(number + mark + members + Styled("  ", .dim) + state)
            body.append(.spaces(number.width + 2) + Styled(entry.invites, .dim))
        }
        // The selected entry stays on screen in a long list.
        let selectedLast = screen.entries.isEmpty ? 0 : screen.selection * 2 + 1
        let first = min(max(0, selectedLast - rows + 1), max(0, body.count - rows))
        let lines = top + Array(body.dropFirst(first)).fitted(height: rows) + bottom
        return lines.suffix(height).map { $0.truncated(to: width).render(mode) }
    }

    /// The conversation: transcript, drawer of games, input line, error line.
    public func compact(_ screen: CompactScreen) -> [String] {
        let header = screen.header
        // No games to start (a spectator's): no Start line.
        let start = screen.drawer.isEmpty ? [] : [startLine(screen.drawer, selection: screen.drawerSelection)]
        let bottom = [rule] + start
            + screen.drawerLines.map { $0.truncated(to: width) } + [prompt(screen.input, hint: screen.hint)] + errorLines(screen.error)
        // The newest failed check stays over the transcript, whatever is scrolled.
        return compose(header, bottom: bottom) { rows in
            let top = screen.warning.map { Self.loud($0, width: width) } ?? []
            var transcript = TranscriptRenderer(names: header.names, viewer: header.viewer, mode: mode, glyphs: glyphs, catalog: screen.catalog)
            transcript.showsPictures = screen.showsPictures
            return top + transcript
                .lines(for: screen.events, width: width, height: rows - top.count, selected: screen.selectedMessage,
                       checks: screen.checks)
        }
    }

    /// One game full size, as its game draws it.
    public func expanded(_ screen: ExpandedScreen) -> [String] {
        let bottom = [rule, prompt(screen.staging, hint: screen.hint)] + errorLines(screen.error)
        return compose(screen.header, bottom: bottom) { rows in
            var banner = screen.banner.map { [Styled($0, .colour(.green, bold: true)).centred(in: width), Styled()] } ?? []
            if let warning = screen.warning { banner = Self.loud(warning, width: width) + banner }
            let room = rows - banner.count
            let picture = screen.picture.lines(width: width, height: room, mode: mode)
            // The newest move in words, when the picture leaves room for it.
            guard let caption = screen.caption, picture.count + 2 <= room else { return banner + picture }
            return banner + [Styled(caption, .bold).truncated(to: width), Styled()] + picture
        }
    }

    private func compose(_ header: ScreenHeader, bottom: [Styled], body: (Int) -> [Styled]) -> [String] {
        let top = [header.statusLine.line(title: header.title, width: width), rule]
        let rows = max(0, height - top.count - bottom.count)
        let lines = top + body(rows).fitted(height: rows) + bottom
        return lines.suffix(height).map { $0.truncated(to: width).render(mode) }
    }

    /// A warning that must not be missed: bold red, wrapped, at most three lines.
    static func loud(_ text: String, width: Int) -> [Styled] {
        WordWrap.lines(text, width: max(1, width)).prefix(3).map { Styled($0, .colour(.red, bold: true)) }
    }

    private var rule: Styled { Styled(String(repeating: glyphs.horizontal, count: width), .dim) }

    /// "Start: Battleship (seed/classic), Ice Cream", the selected entry highlighted: a game
    /// with several variants in the drawer names each.
    private func startLine(_ drawer: [DrawerItem], selection: Int?) -> Styled {
        func item(_ text: String, _ index: Int) -> Styled {
            selection == index ? Styled.highlighted(text, .bold, mode: mode) : Styled(text)
        }
        var line = Styled("Start: ", .bold)
        var index = 0
        while index < drawer.count {
            let entry = drawer[index]
            if index > 0 { line += ", " }
            guard entry.variantsShown > 1 else {
                line += item(entry.name, index)
                index += 1
                continue
            }
            line += Styled(entry.name + " (")
            for offset in 0..<entry.variantsShown where drawer.indices.contains(index + offset) {
                if offset > 0 { line += "/" }
                line += item(drawer[index + offset].variant, index + offset)
            }
            line += ")"
            index += entry.variantsShown
        }
        return line
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

    /// The last error, wrapped to the screen's width (three lines at most, the last one cut):
    /// a refusal is read whole, not cut at the edge. One empty line when there is none; one
    /// line, cut, on a screen under 12 lines, where the transcript needs the room more.
    private func errorLines(_ error: String?) -> [Styled] {
        guard let error, !error.isEmpty else { return [Styled()] }
        guard height >= 12 else { return [Styled("! " + error, .colour(.red, bold: true))] }
        let wrapped = WordWrap.lines(TerminalColumns.sanitized(error), width: max(1, width - 2))
        return wrapped.prefix(3).enumerated().map { index, line in
            Styled((index == 0 ? "! " : "  ") + line, .colour(.red, bold: true))
        }
    }
}
