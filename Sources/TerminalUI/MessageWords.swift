import GameCatalog
import GamePresentation
import GameRules
import Transcript

/// A message's texts as one viewer reads them: the viewer named "you" ("You" at the start of
/// a sentence), in the words their game gives the player who made the move where the person
/// changes them ("You hid your ships."), everyone else by name.
public struct MessageWords: Sendable {
    public let names: NameBook
    public let viewer: ParticipantID
    public let catalog: GameCatalog

    public init(names: NameBook, viewer: ParticipantID, catalog: GameCatalog = .standard) {
        self.names = names
        self.viewer = viewer
        self.catalog = catalog
    }

    /// `text`, one of `message`'s, for this viewer.
    public func text(_ text: String, of message: Message) -> String {
        let token = viewer.token
        guard text.contains(token) else { return names.resolve(text) }
        if message.sender == viewer, let game = catalog.type(message.game),
            let own = game.moversWords(for: text, mover: token)
        {
            return names.resolve(own)
        }
        return names.resolve(Self.secondPerson(text, token: token))
    }

    /// The message's layout with every text for this viewer.
    public func layout(of message: Message) -> TemplateLayout {
        message.mapTexts { text($0, of: message) }.layout
    }

    /// Whether `text` begins with the message's sender, so it needs no "Amber: " before it.
    public func startsWithSender(_ text: String, of message: Message) -> Bool {
        text.hasPrefix(message.sender.token)
    }

    /// Every `token` as "you", "You" where it begins a sentence.
    static func secondPerson(_ text: String, token: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let range = rest.range(of: token) {
            let before = result + rest[..<range.lowerBound]
            let trimmed = before.reversed().drop { $0 == " " }
            let startsSentence = trimmed.first.map { ".!?".contains($0) } ?? true
            result = before + (startsSentence ? "You" : "you")
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
