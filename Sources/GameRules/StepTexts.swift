/// The words that go with one step of a game: the message's captions, the summary that stands
/// for it once a newer message of the same session collapses it, and a label for screen readers.
/// Texts name players by the `mover` string the caller passes (a `$<uuid>` token on the server).
public struct StepTexts: Hashable, Sendable, Codable {
    public var caption: String
    public var subcaption: String?
    public var trailingCaption: String?
    public var trailingSubcaption: String?
    public var summary: String
    public var accessibilityLabel: String

    public init(
        caption: String,
        subcaption: String? = nil,
        trailingCaption: String? = nil,
        trailingSubcaption: String? = nil,
        summary: String,
        accessibilityLabel: String
    ) {
        self.caption = caption
        self.subcaption = subcaption
        self.trailingCaption = trailingCaption
        self.trailingSubcaption = trailingSubcaption
        self.summary = summary
        self.accessibilityLabel = accessibilityLabel
    }
}
