import GamePresentation

/// One game full size, drawn by its game with the move the player is making, and the move
/// staged for sending.
public struct ExpandedScreen: Sendable {
    public var header: ScreenHeader
    /// The game at whatever size the screen leaves it.
    public var picture: ExpandedPicture
    /// The move about to be sent, in words, such as "Fire at B7? Enter sends it".
    public var staging: String
    /// The keys, shown on the input line while nothing is staged.
    public var hint: String
    /// A line over the game, for its end: "You won!".
    public var banner: String?
    /// The newest move in words, as its caption says it to this viewer: "Ben fired at B7: a
    /// hit!", "You sank the carrier!". Shown over the picture when there is room for both.
    public var caption: String?
    public var error: String?
    /// A message of the game that failed the client's own check, said loudly over the game.
    public var warning: String?

    public init(
        header: ScreenHeader, picture: ExpandedPicture, staging: String = "", hint: String = "", banner: String? = nil,
        caption: String? = nil, error: String? = nil
    ) {
        self.caption = caption
        self.hint = hint
        self.banner = banner
        self.header = header
        self.picture = picture
        self.staging = staging
        self.error = error
    }
}

/// A game's picture for the expanded screen, drawn when the screen knows how many columns and
/// lines it has left.
public struct ExpandedPicture: Sendable {
    private let draw: @Sendable (_ width: Int, _ height: Int, _ mode: ColourMode) -> [Styled]

    public init(_ draw: @escaping @Sendable (_ width: Int, _ height: Int, _ mode: ColourMode) -> [Styled]) {
        self.draw = draw
    }

    /// One dim line in place of a picture.
    public static func unreadable(_ reason: String) -> ExpandedPicture {
        ExpandedPicture { width, _, _ in [Styled("(cannot show this game: \(reason))", .dim).truncated(to: width)] }
    }

    public func lines(width: Int, height: Int, mode: ColourMode) -> [Styled] {
        draw(width, height, mode)
    }
}
