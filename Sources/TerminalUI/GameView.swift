import Battleship
import GameRules
import IceCream
import Transcript

/// A game's state read from a message's URL, ready to be drawn: the picture in a bubble,
/// and the game shown full size on the expanded screen.
public enum GameView: Sendable {
    case battleship(BattleshipGame, BattleshipState)
    case iceCream(IceCream)
    /// The URL could not be read (an unknown game, or a query that is no state of its game),
    /// with the reason for people. Drawn as one line: a bad message never takes the screen.
    case unreadable(String)

    public init(message: Message) {
        self.init(game: message.game, url: message.url)
    }

    /// The state in `url` read by the decoder of `game`.
    public init(game: GameID, url: String) {
        do throws(RuleViolation) {
            switch game {
            case BattleshipGame.id:
                let items = try QueryString.items(in: url)
                // The variant is in the URL itself (`Variant=classic`); none means the seed.
                let battleship = try BattleshipGame(variant: BattleshipGame.variant(of: items) ?? "seed")
                self = .battleship(battleship, try battleship.decode(items))
            case IceCreamGame.id:
                // Both variants read URLs alike; the variant only changes who moves next.
                self = .iceCream(try IceCreamGame().decode(url: url))
            default:
                self = .unreadable("a game this client does not know (\(game))")
            }
        } catch {
            self = .unreadable(error.reason)
        }
    }

    /// The drawing in `width` columns. A Battleship state is drawn for `perspective`, or for
    /// the viewer it was written for when that is `nil` (see `BoardPerspective.inferred`),
    /// with the cursor; an ice cream with its picker when there is a `selection`, the picker
    /// no taller than `height`.
    public func lines(
        width: Int, mode: ColourMode, perspective: BoardPerspective? = nil, cursor: BoardCursor? = nil,
        selection: Int? = nil, height: Int? = nil
    ) -> [Styled] {
        switch self {
        case let .battleship(game, state):
            return BoardRenderer(game: game, mode: mode)
                .lines(for: state, as: perspective ?? .inferred(from: state), cursor: cursor, width: width)
        case let .iceCream(iceCream):
            return IceCreamRenderer(mode: mode).builder(iceCream, selection: selection, width: width, height: height)
        case let .unreadable(reason):
            return [Styled("(cannot show this game: \(reason))", .dim).truncated(to: width)]
        }
    }
}
