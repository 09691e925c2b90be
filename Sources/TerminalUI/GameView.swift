import Fairness
import GameCatalog
import GamePresentation
import GameRules
import Transcript

/// A game's state read from a message's URL, ready to be drawn in a bubble by its game
/// (`TerminalPresentation.bubblePicture`).
public struct GameView: Sendable {
    private enum Content: Sendable {
        case state(AnyPresentation, [QueryItem])
        /// A game this client does not know: its state's own items, without the server's.
        case items([QueryItem])
        /// The URL could not be read (an unknown game, or a query that is no state of its
        /// game), with the reason for people. Drawn as one line: a bad message never takes
        /// the screen.
        case unreadable(String)
    }

    private let content: Content

    public init(message: Message, catalog: GameCatalog = .standard) {
        self.init(game: message.game, url: message.url, catalog: catalog)
    }

    /// The state in `url` read by the game `game`, in the variant the URL names.
    public init(game: GameID, url: String, catalog: GameCatalog = .standard) {
        do throws(RuleViolation) {
            let items = try QueryString.items(in: url)
            // Without its rules, a game's state is shown as what it is: its query items.
            guard catalog.type(game) != nil else {
                content = .items(ProofItems.removed(from: items))
                return
            }
            let presentation = try catalog.presentation(game, for: items)
            // Checked here, so that an unreadable state is known before it is drawn.
            try presentation.check(items)
            content = .state(presentation, items)
        } catch {
            content = .unreadable(error.reason)
        }
    }

    /// A line in place of a picture, with its reason.
    public static func unreadable(_ reason: String) -> GameView {
        GameView(content: .unreadable(reason))
    }

    private init(content: Content) {
        self.content = content
    }

    /// Whether there is a picture; a placeholder is text.
    public var isReadable: Bool {
        if case .unreadable = content { false } else { true }
    }

    /// The drawing in `width` columns.
    /// The picture in `width` columns; `seat`, the viewer's seat in the session when known.
    public func lines(width: Int, mode: ColourMode, seat: Seat? = nil) -> [Styled] {
        switch content {
        case let .state(presentation, items):
            do throws(RuleViolation) {
                return try presentation.bubblePicture(of: items, seat: seat, width: width, mode: mode)
            } catch {
                return Self.placeholder(error.reason, width: width)
            }
        case let .items(items):
            return Self.itemLines(items, width: width)
        case let .unreadable(reason):
            return Self.placeholder(reason, width: width)
        }
    }

    /// A state's items, one a line, as a game without drawings of its own draws them
    /// (`TerminalPresentation.itemLines`).
    public static func itemLines(_ items: [QueryItem], width: Int) -> [Styled] {
        items.map { Styled($0.description).truncated(to: width) }
    }

    private static func placeholder(_ reason: String, width: Int) -> [Styled] {
        [Styled("(cannot show this game: \(reason))", .dim).truncated(to: width)]
    }
}
