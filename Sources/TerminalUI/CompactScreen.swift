import GameCatalog
import GamePresentation
import GameRules
import Wire

/// The conversation screen: its transcript, the drawer of games to start, and the line the
/// player types on.
public struct CompactScreen: Sendable {
    public var header: ScreenHeader
    /// The conversation's events as this viewer received them, oldest first.
    public var events: [Event]
    /// The games the drawer starts.
    public var drawer: [DrawerItem]
    /// The drawer entry highlighted (an index into `drawer`), if the player is choosing one.
    public var drawerSelection: Int?
    /// The games' own lines below the drawer's, such as the recent ice creams.
    public var drawerLines: [Styled]
    /// The message the player has selected, by seq: Enter opens its session's game.
    public var selectedMessage: Int?
    /// What the player has typed.
    public var input: String
    /// The keys, shown on the input line while nothing is typed.
    public var hint: String
    /// The last refusal or failure, shown as it came (a rule's reason is written for people).
    public var error: String?
    /// What the client's own check said of each game message, by seq.
    public var checks: [Int: MessageCheck] = [:]
    /// The newest failed check, said loudly over the transcript (`MessageCheck.warning`).
    public var warning: String?
    /// The games the client draws; any other shows its state as its items.
    public var catalog = GameCatalog.standard
    /// Whether the terminal draws pictures: where it does not, a selected sticker shows its
    /// page's whole address instead.
    public var showsPictures = true

    public init(
        header: ScreenHeader, events: [Event], drawer: [DrawerItem] = DrawerItem.all(), drawerSelection: Int? = nil,
        drawerLines: [Styled] = [], selectedMessage: Int? = nil, input: String = "", hint: String = "", error: String? = nil
    ) {
        self.selectedMessage = selectedMessage
        self.hint = hint
        self.header = header
        self.events = events
        self.drawer = drawer
        self.drawerSelection = drawerSelection
        self.drawerLines = drawerLines
        self.input = input
        self.error = error
    }
}

/// A game a player can start from the drawer: a game of the catalog in one of its variants
/// for two players or more.
public struct DrawerItem: Hashable, Sendable {
    public let game: GameID
    public let variant: String
    /// The game's name, which the drawer shows once for all its variants.
    public let name: String
    /// How many of the drawer's items are of this game: with more than one, each shows its
    /// variant ("Battleship (seed/classic)").
    public let variantsShown: Int

    /// The drawer of a catalog, in its order.
    public static func all(in catalog: GameCatalog = .standard) -> [DrawerItem] {
        catalog.games.flatMap { game in
            let variants = game.variants.filter { $0.seats.lowerBound >= 2 }
            return variants.map { DrawerItem(game: game.id, variant: $0.id, name: game.name, variantsShown: variants.count) }
        }
    }
}
