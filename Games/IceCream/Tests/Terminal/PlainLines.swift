import GamePresentation

extension Array where Element == Styled {
    /// The lines as plain text, for comparing drawings.
    var plain: [String] { rendered(.plain) }
}
