import GamePresentation
/// Breaks text into lines of at most a number of columns, at spaces where it can: captions
/// and names can be longer than a bubble is wide, and a cut-off caption would lose the one
/// thing it says ("…sank the destroyer!").
enum WordWrap {
    /// The lines of `text` in `width` columns. Newlines in the text start new lines; a word
    /// longer than a whole line is split where the line ends. An empty text is no lines.
    static func lines(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            var lineWidth = 0
            for word in paragraph.split(separator: " ") {
                var word = Substring(word)
                var wordWidth = TerminalColumns.width(of: word)
                if lineWidth > 0, lineWidth + 1 + wordWidth <= width {
                    line += " " + word
                    lineWidth += 1 + wordWidth
                    continue
                }
                if lineWidth > 0 { lines.append(line) }
                while wordWidth > width {
                    let (head, rest) = split(word, at: width)
                    lines.append(String(head))
                    word = rest
                    wordWidth = TerminalColumns.width(of: word)
                }
                line = String(word)
                lineWidth = wordWidth
            }
            if lineWidth > 0 { lines.append(line) }
        }
        return lines
    }

    /// The longest start of `word` that fits `width` columns (at least one character, so a
    /// wide character in a one-column line still moves on), and the rest.
    private static func split(_ word: Substring, at width: Int) -> (Substring, Substring) {
        var used = 0
        var end = word.startIndex
        while end < word.endIndex {
            let columns = TerminalColumns.width(of: word[end])
            if used + columns > width, end > word.startIndex { break }
            used += columns
            end = word.index(after: end)
        }
        return (word[..<end], word[end...])
    }
}
