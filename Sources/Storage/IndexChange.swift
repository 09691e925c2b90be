/// A change to the store's index: the small, keyed facts that start-up and loading read instead
/// of replaying history (which conversation an invite opens, an account's conversations, a name,
/// which conversations have a turn clock running). The log knows nothing of what they mean; the
/// engine decides them, and they are written in the same transaction as the records of the
/// batch that changed them, so the index never says more or less than the log.
public struct IndexChange: Hashable, Sendable {
    /// What kind of fact, such as "invite"; each kind is its own key space.
    public let kind: String
    public let key: String
    /// The new value; `nil` removes the entry.
    public let value: String?

    public init(kind: String, key: String, value: String?) {
        self.kind = kind
        self.key = key
        self.value = value
    }

    public static func set(_ kind: String, _ key: String, _ value: String) -> Self {
        Self(kind: kind, key: key, value: value)
    }

    public static func remove(_ kind: String, _ key: String) -> Self {
        Self(kind: kind, key: key, value: nil)
    }
}

/// One entry of the store's index, as read back.
public struct IndexEntry: Hashable, Sendable {
    public let key: String
    public let value: String

    public init(key: String, value: String) {
        self.key = key
        self.value = value
    }
}
