/// One direction of translation, from one viewer's identifiers to another's: how a message
/// written in its sender's identifiers reaches each other member in theirs. The one place
/// identifiers are translated, for a `Message` value (`Message.translated(from:to:)`) and for a
/// message written straight to bytes (`FrameWriter.messageEvent(_:translatingTokens:)`, given
/// `token(_:)`).
///
/// An identifier that names no member of the conversation is refused rather than passed
/// through: passed through, it would hand the recipient an identifier from someone else's
/// view, which is exactly the link between views that scoped identifiers exist to prevent.
/// Text with a `$` that is not followed by a UUID is left as it is.
public struct Translation: Sendable {
    public let from: ViewerDirectory
    public let to: ViewerDirectory

    public init(from: ViewerDirectory, to: ViewerDirectory) {
        self.from = from
        self.to = to
    }

    /// The recipient's identifier for what the sender calls `id`; `nil` when it names nobody
    /// the sender knows or nobody the recipient shares a conversation with.
    public func token(_ id: ParticipantID) -> ParticipantID? {
        from.account(for: id).flatMap { to.id(for: $0) }
    }

    /// The recipient's identifier for what the sender calls `id`, or why there is none.
    public func id(_ id: ParticipantID) throws(TranscriptError) -> ParticipantID {
        guard let account = from.account(for: id) else { throw .unknownParticipant(id) }
        guard let translated = to.id(for: account) else { throw .notSharedWithRecipient }
        return translated
    }

    /// `text` with every `$<uuid>` token in the recipient's identifiers.
    public func text(_ text: String) throws(TranscriptError) -> String {
        try ParticipantTokens.replacing(in: text) { (found) throws(TranscriptError) -> String in
            try id(found).token
        }
    }
}

extension Message {
    /// This message, written in `senderView`, as `recipientView` must see it: the sender and
    /// every `$<uuid>` token in its texts become the recipient's own identifiers (see
    /// `Translation`).
    public func translated(
        from senderView: ViewerDirectory,
        to recipientView: ViewerDirectory
    ) throws(TranscriptError) -> Message {
        let translation = Translation(from: senderView, to: recipientView)
        var copy = try mapTexts { (text) throws(TranscriptError) -> String in
            try translation.text(text)
        }
        copy.sender = try translation.id(sender)
        return copy
    }
}
