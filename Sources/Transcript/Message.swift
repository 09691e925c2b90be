import GameRules

/// One interactive message, after `MSMessage`: a move of a game, whose `url` carries the state
/// as query items, shown as a bubble described by `layout`.
///
/// A message is always in some viewer's view: `sender` and every `$<uuid>` token in its texts
/// are identifiers scoped to that viewer's install. The server changes the view with
/// `translated(from:to:)` before relaying.
public struct Message: Hashable, Sendable, Codable {
    /// The game that made the message, which knows how to read `url`.
    public var game: GameID
    /// The state, as the original apps carry it, such as `?Base=base01&Scoops=scoops03`.
    public var url: String
    /// The game instance; `nil` for a message that belongs to none and never collapses.
    public var session: SessionID?
    public var layout: TemplateLayout
    /// What stands for the message once a newer one of its session collapses it.
    public var summaryText: String?
    public var accessibilityLabel: String?
    public var sender: ParticipantID

    public init(
        game: GameID,
        url: String,
        session: SessionID? = nil,
        layout: TemplateLayout = TemplateLayout(),
        summaryText: String? = nil,
        accessibilityLabel: String? = nil,
        sender: ParticipantID
    ) {
        self.game = game
        self.url = url
        self.session = session
        self.layout = layout
        self.summaryText = summaryText
        self.accessibilityLabel = accessibilityLabel
        self.sender = sender
    }

    /// Spelled out so that renaming a property can never silently change the wire.
    private enum CodingKeys: String, CodingKey {
        case game
        case url
        case session
        case layout
        case summaryText
        case accessibilityLabel
        case sender
    }

    /// The message with every text that may hold tokens passed through `transform`: the
    /// layout's texts, `summaryText` and `accessibilityLabel`. Not `url` or the image name.
    public func mapTexts<Failure: Error>(
        _ transform: (String) throws(Failure) -> String
    ) throws(Failure) -> Message {
        var copy = self
        copy.layout = try layout.mapTexts(transform)
        copy.summaryText = try summaryText.map(transform)
        copy.accessibilityLabel = try accessibilityLabel.map(transform)
        return copy
    }
}
