/// How many terminal columns text takes, measured without a terminal.
///
/// One column per `Character` (an extended grapheme cluster, so an accent and its letter
/// count once), except two for the common wide characters: East Asian wide and full-width
/// forms, Hangul, and emoji shown as pictures. This is a simplification of `wcwidth`: it is
/// right for Latin text, names in CJK scripts and everyday emoji, and errs on rare scripts,
/// where a line may end a column early or late but never breaks the layout's line count.
public enum TerminalColumns {
    public static func width(of character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        if first.isASCII { return 1 }
        // An emoji presentation selector turns a text symbol (such as a heart) into a picture.
        if character.unicodeScalars.contains("\u{FE0F}") { return 2 }
        if first.properties.isEmojiPresentation { return 2 }
        return isWide(first.value) ? 2 : 1
    }

    public static func width(of text: some StringProtocol) -> Int {
        // ASCII is the common case and one column per byte.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        return text.reduce(0) { $0 + width(of: $1) }
    }

    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            true
        default:
            false
        }
    }

    /// `text` with every control character (escape, tab, newline, DEL, C1) turned into `?`.
    /// Texts come from other people (names, and captions a game wrote around them); an
    /// escape passed through could move the cursor, retitle the window or hide text, and a
    /// tab or newline would break the column count.
    public static func sanitized(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { isControl($0) ? "?" : $0 }))
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
