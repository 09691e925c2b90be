extension Message {
    /// This message, written in `senderView`, as `recipientView` must see it: the sender and
    /// every `$<uuid>` token in its texts become the recipient's own identifiers.
    ///
    /// A token that names no member of the conversation is refused rather than passed through:
    /// passed through, it would hand the recipient an identifier from someone else's view,
    /// which is exactly the link between views that scoped identifiers exist to prevent.
    /// Text with a `$` that is not followed by a UUID is left as it is.
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

/// One direction of translation, from one viewer's identifiers to another's.
private struct Translation {
    let from: ViewerDirectory
    let to: ViewerDirectory

    func id(_ id: ParticipantID) throws(TranscriptError) -> ParticipantID {
        guard let account = from.account(for: id) else { throw .unknownParticipant(id) }
        guard let translated = to.id(for: account) else { throw .notSharedWithRecipient }
        return translated
    }

    func text(_ text: String) throws(TranscriptError) -> String {
        try ParticipantTokens.replacing(in: text) { (found) throws(TranscriptError) -> String in
            try id(found).token
        }
    }
}
