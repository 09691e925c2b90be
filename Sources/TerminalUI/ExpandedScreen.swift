import Battleship

/// One game full size: the boards with a cursor, or the ice cream with its picker, and the
/// move staged for sending.
public struct ExpandedScreen: Sendable {
    public var header: ScreenHeader
    /// The state shown, usually `GameView(message:)` of the session's newest message.
    public var game: GameView
    /// For Battleship: whose boards; `nil` reads it from the state (`BoardPerspective.inferred`).
    public var perspective: BoardPerspective?
    public var cursor: BoardCursor?
    /// For Ice Cream: the picker's selected choice; `nil` shows no picker.
    public var selection: Int?
    /// The move about to be sent, in words, such as "Fire at B7? Enter sends it".
    public var staging: String
    /// The keys, shown on the input line while nothing is staged.
    public var hint: String
    /// A line over the game, for its end: "You won!".
    public var banner: String?
    public var error: String?

    public init(
        header: ScreenHeader, game: GameView, perspective: BoardPerspective? = nil, cursor: BoardCursor? = nil,
        selection: Int? = nil, staging: String = "", hint: String = "", banner: String? = nil, error: String? = nil
    ) {
        self.hint = hint
        self.banner = banner
        self.header = header
        self.game = game
        self.perspective = perspective
        self.cursor = cursor
        self.selection = selection
        self.staging = staging
        self.error = error
    }
}
