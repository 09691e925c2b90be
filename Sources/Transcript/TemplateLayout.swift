/// How a message's bubble looks, after `MSMessageTemplateLayout`: an image with a title and
/// subtitle over it, and captions under it, left and right.
///
/// Every text may hold `$<uuid>` tokens, which the server translates for each recipient. The
/// `image` names a picture (such as an ice cream part or a board) and is never translated.
public struct TemplateLayout: Hashable, Sendable, Codable {
    public var caption: String?
    public var subcaption: String?
    public var trailingCaption: String?
    public var trailingSubcaption: String?
    public var imageTitle: String?
    public var imageSubtitle: String?
    public var image: String?

    public init(
        caption: String? = nil,
        subcaption: String? = nil,
        trailingCaption: String? = nil,
        trailingSubcaption: String? = nil,
        imageTitle: String? = nil,
        imageSubtitle: String? = nil,
        image: String? = nil
    ) {
        self.caption = caption
        self.subcaption = subcaption
        self.trailingCaption = trailingCaption
        self.trailingSubcaption = trailingSubcaption
        self.imageTitle = imageTitle
        self.imageSubtitle = imageSubtitle
        self.image = image
    }

    /// Spelled out so that renaming a property can never silently change the wire.
    /// Absent texts are left out of the JSON rather than written as null.
    private enum CodingKeys: String, CodingKey {
        case caption
        case subcaption
        case trailingCaption
        case trailingSubcaption
        case imageTitle
        case imageSubtitle
        case image
    }

    /// The layout with every text (not the image name) passed through `transform`.
    public func mapTexts<Failure: Error>(_ transform: (String) throws(Failure) -> String) throws(Failure) -> Self {
        var copy = self
        copy.caption = try caption.map(transform)
        copy.subcaption = try subcaption.map(transform)
        copy.trailingCaption = try trailingCaption.map(transform)
        copy.trailingSubcaption = try trailingSubcaption.map(transform)
        copy.imageTitle = try imageTitle.map(transform)
        copy.imageSubtitle = try imageSubtitle.map(transform)
        return copy
    }
}
