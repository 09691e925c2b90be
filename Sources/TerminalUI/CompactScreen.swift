import IceCream
import Wire

/// The conversation screen: its transcript, the drawer of games to start, and the line the
/// player types on.
public struct CompactScreen: Sendable {
    public var header: ScreenHeader
    /// The conversation's events as this viewer received them, oldest first.
    public var events: [Event]
    /// The viewer's finished ice creams, listed in the drawer newest first.
    public var history: IceCreamHistory
    /// The drawer entry highlighted, if the player is choosing one.
    public var drawerSelection: DrawerItem?
    /// The message the player has selected, by seq: Enter opens its session's game.
    public var selectedMessage: Int?
    /// What the player has typed.
    public var input: String
    /// The keys, shown on the input line while nothing is typed.
    public var hint: String
    /// The last refusal or failure, shown as it came (a rule's reason is written for people).
    public var error: String?

    public init(
        header: ScreenHeader, events: [Event], history: IceCreamHistory = IceCreamHistory(),
        drawerSelection: DrawerItem? = nil, selectedMessage: Int? = nil, input: String = "", hint: String = "",
        error: String? = nil
    ) {
        self.selectedMessage = selectedMessage
        self.hint = hint
        self.header = header
        self.events = events
        self.history = history
        self.drawerSelection = drawerSelection
        self.input = input
        self.error = error
    }
}

/// The games a player can start from the drawer.
public enum DrawerItem: Hashable, Sendable, CaseIterable {
    case battleshipSeed
    case battleshipClassic
    case iceCream
}
