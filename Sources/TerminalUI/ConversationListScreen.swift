import GamePresentation
/// The first screen of the client: the player's conversations, one line each, with the line
/// the player types an invite code or a name on.
public struct ConversationListScreen: Sendable {
    /// One conversation: who is in it, its invite codes, and what is going on in it.
    public struct Entry: Hashable, Sendable {
        public var members: String
        /// "invite 7K2Q-… · watch W4TC-…": the codes that bring others in.
        public var invites: String
        /// Such as "Battleship (seed) · Your turn" or "No game yet".
        public var state: String
        /// Whether the viewer may move in it now: drawn so that it catches the eye.
        public var viewersTurn: Bool

        public init(members: String, invites: String, state: String, viewersTurn: Bool) {
            self.members = members
            self.invites = invites
            self.state = state
            self.viewersTurn = viewersTurn
        }
    }

    public var entries: [Entry]
    public var selection: Int
    public var online: Bool
    /// What the player is typing, with its label ("Invite code: K7Q"); keys help otherwise.
    public var input: String
    public var hint: String
    public var error: String?

    public init(entries: [Entry], selection: Int, online: Bool, input: String = "", hint: String = "", error: String? = nil) {
        self.entries = entries
        self.selection = selection
        self.online = online
        self.input = input
        self.hint = hint
        self.error = error
    }
}
