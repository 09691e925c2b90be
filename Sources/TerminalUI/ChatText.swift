/// A chat message's words made safe for a terminal: what a sender writes reaches nobody's
/// terminal raw. Control characters (an escape sequence would move the cursor, change colours
/// or the window's title) are shown in caret notation (`^[`), the C1 controls and the Unicode
/// format characters (bidirectional overrides reorder what follows them) as U+FFFD, and line
/// breaks and tabs as spaces. The zero-width joiner, which joins emoji, stays.
public enum ChatText {
    public static func neutralised(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x09, 0x0A, 0x0D, 0x2028, 0x2029:
                result.append(" ")
            case 0x00..<0x20:
                result.append("^")
                result.append(Unicode.Scalar(UInt8(scalar.value) + 0x40))
            case 0x7F:
                result.append(contentsOf: "^?".unicodeScalars)
            case 0x80..<0xA0:
                result.append("\u{FFFD}")
            case 0x200D:
                result.append(scalar)
            default:
                result.append(scalar.properties.generalCategory == .format ? "\u{FFFD}" : scalar)
            }
        }
        return String(result)
    }
}
