import Foundation

/// Pictures drawn in the terminal itself, for the terminals that can: kitty's graphics protocol
/// (kitty, and others that speak it, such as Ghostty and WezTerm) and iTerm2's inline images
/// (iTerm2, WezTerm). Which one a terminal speaks is read from its environment; a terminal
/// that speaks neither, or tmux in between (which passes neither by default), shows none.
public enum InlineImage: Hashable, Sendable {
    case kitty
    case iTerm

    /// What removes the pictures drawn, before the screen is drawn again.
    public var clearing: String {
        switch self {
        case .kitty: "\u{1B}_Ga=d,q=2\u{1B}\\"
        case .iTerm: ""
        }
    }

    /// The protocol the terminal of `environment` speaks, if any.
    public static func supported(in environment: [String: String]) -> InlineImage? {
        if environment["TMUX"] != nil { return nil }
        let term = environment["TERM"] ?? "", program = environment["TERM_PROGRAM"] ?? ""
        if term == "xterm-kitty" || term == "xterm-ghostty" || environment["KITTY_WINDOW_ID"] != nil { return .kitty }
        if program == "iTerm.app" || program == "WezTerm" || environment["LC_TERMINAL"] == "iTerm2" { return .iTerm }
        return nil
    }

    /// What to write for `image` (a PNG for kitty; any format for iTerm2) of `width` by
    /// `height` pixels to be drawn at the cursor, at most `columns` wide and `rows` high, its
    /// proportions kept (a cell taken as twice as high as it is wide).
    public func sequence(for image: [UInt8], width: Int, height: Int, columns: Int, rows: Int) -> String {
        let data = Data(image).base64EncodedString()
        let fitted = max(1, min(columns, rows * 2 * width / max(1, height)))
        switch self {
        case .iTerm:
            return "\u{1B}]1337;File=inline=1;size=\(image.count);width=\(fitted);preserveAspectRatio=1:\(data)\u{07}"
        case .kitty:
            // In chunks of at most 4096 base64 bytes; `m=1` on each but the last.
            var chunks: [Substring] = []
            var rest = Substring(data)
            while !rest.isEmpty {
                chunks.append(rest.prefix(4096))
                rest = rest.dropFirst(4096)
            }
            return chunks.enumerated().map { index, chunk in
                let more = index < chunks.count - 1 ? 1 : 0
                let keys = index == 0 ? "a=T,f=100,c=\(fitted),q=2,m=\(more)" : "m=\(more)"
                return "\u{1B}_G\(keys);\(chunk)\u{1B}\\"
            }.joined()
        }
    }
}
