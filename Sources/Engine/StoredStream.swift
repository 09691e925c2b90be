import Transcript

/// The streams of the store, by what each holds. Every stream's name is made and read here:
/// whatever classifies what the store appended (the pipelines, the readers) asks this, and
/// knows no name.
public enum StoredStream: Hashable, Sendable {
    /// A conversation's records; its name is the conversation's id.
    case conversation(ConversationID)
    /// The queue of seeks, shared by every server on the store: each seek taken, taken back or
    /// paired is a record of it, and every seek waiting an index entry (`IndexKind.seek`). A
    /// server's matchmaker mirrors it; each batch that changes the queue is stored only if it
    /// still ends where that server last read it, so of two servers pairing the same seeks, the
    /// store keeps one (`Engine.queueThrough`).
    case queue
    /// An account's rating changes: its rating's history, and what a change of its rating is
    /// conditional on (two games of one player rated at once on two servers: the store keeps
    /// the first, the second is rated again on what it stored).
    case rating(AccountID)
    /// A sticker's bytes: one record, appended with its event; no events, and no conversation.
    case sticker(String)
    /// The server-wide records (names, downtimes), under the empty name.
    case server

    private static let ratingPrefix = "rating/"
    private static let stickerPrefix = "sticker/"
    private static let queueName = "queue"

    /// The stream a name of the store's stands for.
    public init(_ name: String) {
        if name.isEmpty {
            self = .server
        } else if name == Self.queueName {
            self = .queue
        } else if name.hasPrefix(Self.ratingPrefix) {
            self = .rating(AccountID(rawValue: String(name.dropFirst(Self.ratingPrefix.count))))
        } else if name.hasPrefix(Self.stickerPrefix) {
            self = .sticker(String(name.dropFirst(Self.stickerPrefix.count)))
        } else {
            self = .conversation(ConversationID(rawValue: name))
        }
    }

    /// Its name in the store.
    public var name: String {
        switch self {
        case let .conversation(id): id.rawValue
        case .queue: Self.queueName
        case let .rating(account): Self.ratingPrefix + account.rawValue
        case let .sticker(id): Self.stickerPrefix + id
        case .server: ""
        }
    }

    /// Whether it holds records (`Record(stored:)`): every stream but a sticker's bytes.
    public var holdsRecords: Bool {
        if case .sticker = self { false } else { true }
    }

    /// The conversation whose records it holds, if it holds one's.
    public var conversation: ConversationID? {
        if case let .conversation(id) = self { id } else { nil }
    }
}
