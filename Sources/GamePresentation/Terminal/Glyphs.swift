/// The characters frames are drawn with: Unicode box drawing where the terminal reads UTF-8,
/// ASCII otherwise, so a frame never turns into question marks.
public struct Glyphs: Hashable, Sendable {
    public let horizontal: Character
    public let vertical: Character
    public let topLeft: Character
    public let topRight: Character
    public let bottomLeft: Character
    public let bottomRight: Character
    public let leftTee: Character
    public let rightTee: Character

    /// `.-.`, `|`, `'-'`.
    public static let ascii = Glyphs(
        horizontal: "-", vertical: "|", topLeft: ".", topRight: ".", bottomLeft: "'", bottomRight: "'", leftTee: "|", rightTee: "|")
    /// `╭─╮`, `│`, `╰─╯`.
    public static let unicode = Glyphs(
        horizontal: "─", vertical: "│", topLeft: "╭", topRight: "╮", bottomLeft: "╰", bottomRight: "╯", leftTee: "├", rightTee: "┤")
    /// The same in double lines, for a frame that is selected: `╔═╗`, `║`, `╚═╝`; in ASCII `=`.
    public var selected: Glyphs {
        self == .unicode
            ? Glyphs(horizontal: "═", vertical: "║", topLeft: "╔", topRight: "╗", bottomLeft: "╚", bottomRight: "╝", leftTee: "╠", rightTee: "╣")
            : Glyphs(horizontal: "=", vertical: "|", topLeft: ".", topRight: ".", bottomLeft: "'", bottomRight: "'", leftTee: "|", rightTee: "|")
    }

    public init(
        horizontal: Character, vertical: Character, topLeft: Character, topRight: Character, bottomLeft: Character,
        bottomRight: Character, leftTee: Character, rightTee: Character
    ) {
        self.horizontal = horizontal
        self.vertical = vertical
        self.topLeft = topLeft
        self.topRight = topRight
        self.bottomLeft = bottomLeft
        self.bottomRight = bottomRight
        self.leftTee = leftTee
        self.rightTee = rightTee
    }

    /// Unicode when the locale's character set is UTF-8 (`LC_ALL`, else `LC_CTYPE`, else
    /// `LANG`, as the C library reads them), ASCII otherwise.
    public init(environment: [String: String]) {
        let locale = [environment["LC_ALL"], environment["LC_CTYPE"], environment["LANG"]]
            .compactMap { $0 }.first { !$0.isEmpty } ?? ""
        // "en_GB.UTF-8", "C.utf8", "de_DE.UTF-8@euro": the character set follows the dot.
        let charset = locale.lowercased().split(separator: ".", maxSplits: 1).dropFirst().first?
            .split(separator: "@").first.map { $0.filter { $0 != "-" } }
        self = charset == "utf8" ? .unicode : .ascii
    }
}
