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
    /// What the player has typed.
    public var input: String
    /// The last refusal or failure, shown as it came (a rule's reason is written for people).
    public var error: String?

    public init(
        header: ScreenHeader, events: [Event], history: IceCreamHistory = IceCreamHistory(),
        drawerSelection: DrawerItem? = nil, input: String = "", error: String? = nil
    ) {
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
