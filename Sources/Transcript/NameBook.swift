/// The names one viewer knows for the identifiers in its view, like a phone's contacts: the
/// client turns `$<uuid>` tokens into names only at the moment it shows a text, so the names
/// never travel and the server never needs to know them.
public struct NameBook: Hashable, Sendable {
    /// What an id without a name reads as. A token is never shown raw: a UUID means nothing
    /// to a person and would invite copying it around.
    public let placeholder: String
    private var names: [ParticipantID: String]

    public init(_ names: [ParticipantID: String] = [:], placeholder: String = "someone") {
        self.names = names
        self.placeholder = placeholder
    }

    /// The name of `id`, or `nil` when this viewer has none for it.
    public subscript(id: ParticipantID) -> String? {
        get { names[id] }
        set { names[id] = newValue }
    }

    /// The name to show for `id`: its own name, else the placeholder.
    public func name(of id: ParticipantID) -> String {
        names[id] ?? placeholder
    }

    /// `text` with every `$<uuid>` token replaced by the name of its participant, such as
    /// "$6F96...64FF placed their ships!" becoming "Amber placed their ships!".
    public func resolve(_ text: String) -> String {
        ParticipantTokens.replacing(in: text) { name(of: $0) }
    }

    /// The message with names in every text that may hold tokens; `sender` stays an id.
    public func resolve(_ message: Message) -> Message {
        message.mapTexts { resolve($0) }
    }
}
