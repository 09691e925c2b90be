/// Cutting, padding and placing lines in a number of columns: the only arithmetic a
/// full-screen layout needs, kept in one place so every renderer measures alike.
extension Styled {
    public static func spaces(_ count: Int) -> Styled {
        Styled(String(repeating: " ", count: max(0, count)))
    }

    /// At most `width` columns. A line that is cut ends in `…` (one column), so the reader
    /// sees that something is missing; a wide character that would straddle the edge is left
    /// out rather than half-drawn.
    public func truncated(to width: Int) -> Styled {
        guard width > 0 else { return Styled() }
        guard self.width > width else { return self }
        var result = Styled()
        var used = 0
        var lastStyle = Style.plain
        outer: for run in runs {
            var kept = ""
            for character in run.text {
                let columns = TerminalColumns.width(of: character)
                guard used + columns <= width - 1 else {
                    result.append(kept, run.style)
                    lastStyle = run.style
                    break outer
                }
                kept.append(character)
                used += columns
            }
            result.append(kept, run.style)
            lastStyle = run.style
        }
        result.append("…", lastStyle)
        return result
    }

    /// Spaces added on the right up to `width` columns; a longer line is left as it is.
    public func padded(to width: Int) -> Styled {
        self + .spaces(width - self.width)
    }

    /// Exactly `width` columns: cut or padded.
    public func fitted(to width: Int) -> Styled {
        truncated(to: width).padded(to: width)
    }

    /// Against the right edge of `width` columns, cut first if it is wider.
    public func rightAligned(in width: Int) -> Styled {
        let line = truncated(to: width)
        return .spaces(width - line.width) + line
    }

    /// In the middle of `width` columns, the odd column on the right.
    public func centred(in width: Int) -> Styled {
        let line = truncated(to: width)
        let left = (width - line.width) / 2
        return (.spaces(left) + line).padded(to: width)
    }

    /// `left` text and `right` text on one line of `width` columns, `right` against the
    /// edge. When both do not fit, `left` gives way first: on a status line the right-hand
    /// marker is the part a glance looks for.
    public static func spread(_ left: Styled, _ right: Styled, width: Int) -> Styled {
        let right = right.truncated(to: width)
        let room = width - right.width
        guard room > 1 else { return right.rightAligned(in: width) }
        let left = left.truncated(to: room - 1)
        return left + .spaces(width - left.width - right.width) + right
    }

    /// Two blocks of lines next to each other, `left` padded to its widest line, the shorter
    /// block padded with blank lines.
    public static func sideBySide(_ left: [Styled], _ right: [Styled], gap: Int) -> [Styled] {
        let leftWidth = left.map(\.width).max() ?? 0
        return (0..<max(left.count, right.count)).map { index in
            let leftLine = index < left.count ? left[index] : Styled()
            let rightLine = index < right.count ? right[index] : Styled()
            return leftLine.padded(to: leftWidth) + .spaces(gap) + rightLine
        }
    }

    /// Text shown as selected: reverse video in colour; in plain mode, where nothing can be
    /// reversed, the same text between brackets.
    public static func highlighted(_ text: String, _ style: Style = .plain, mode: ColourMode) -> Styled {
        mode.usesColour ? Styled(text, style.adding(.reverse)) : Styled("[\(text)]", style)
    }
}

extension Array where Element == Styled {
    /// Exactly `height` lines: the first ones kept, blank lines added below.
    public func fitted(height: Int) -> [Styled] {
        let height = Swift.max(0, height)
        return Array(prefix(height)) + Array(repeating: Styled(), count: Swift.max(0, height - count))
    }

    /// The widest line's width.
    public var width: Int { map(\.width).max() ?? 0 }
}
