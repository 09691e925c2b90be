import Foundation
import Transcript
import Wire

/// A sticker as the engine keeps it: what its image is, not its bytes, which the store keeps in
/// a stream of their own (`Engine.stickerStream(_:)`), written with the sticker's event.
public struct StoredSticker: Codable, Hashable, Sendable {
    /// 32 lowercase hex digits, made by the server from who sent it, where, and the request's id.
    public var id: String
    public var name: String
    /// `png`, `apng`, `gif` or `jpeg`.
    public var format: String
    public var width: Int
    public var height: Int
    public var bytes: Int

    public init(id: String, name: String, format: String, width: Int, height: Int, bytes: Int) {
        self.id = id
        self.name = name
        self.format = format
        self.width = width
        self.height = height
        self.bytes = bytes
    }

    /// The sticker as members receive it, its page under the server's address `publicURL`.
    public func sticker(at publicURL: String) -> Sticker {
        Sticker(id: id, name: name, format: format, width: width, height: height, bytes: bytes, url: publicURL + "/stickers/" + id)
    }
}

/// What a sticker's sender asked for: to post the sticker `sticker` to `conversation`.
public struct StickerPost: Hashable, Sendable {
    public var conversation: ConversationID
    public var sticker: StoredSticker

    public init(conversation: ConversationID, sticker: StoredSticker) {
        self.conversation = conversation
        self.sticker = sticker
    }
}

/// How a sticker's post went: its event, or why it was refused.
public enum StickerAnswer: Hashable, Sendable {
    case posted(conversation: ConversationID, seq: Int, sticker: String)
    case refused(ErrorFrame)
}

extension Engine {
    /// The store's stream that holds a sticker's bytes: one record, appended with its event.
    public static func stickerStream(_ id: String) -> String { stickerStreamPrefix + id }

    /// Whether a stream of the store holds a sticker's bytes: no events, and no conversation of
    /// that name. Whatever reads events or follows conversations' streams passes these over.
    public static func isStickerStream(_ stream: String) -> Bool { stream.hasPrefix(stickerStreamPrefix) }

    private static let stickerStreamPrefix = "sticker/"

    /// Whether `id` is written as a sticker's id is (32 hex digits), before the store is asked.
    public static func isStickerID(_ id: String) -> Bool { id.utf8.count == 32 && id.allSatisfy(\.isHexDigit) }

    /// A member's sticker, stored and told to every member, like a chat message. The same
    /// sticker again (a post sent again after a drop: its id is made from the request's) is
    /// answered with its first event and stores nothing.
    public mutating func post(_ post: StickerPost, by account: AccountID, now: Date) -> (Decision, StickerAnswer) {
        guard let conversation = conversations[post.conversation], conversation.members.contains(account) else {
            return (Decision(), .refused(EngineError.unknownConversation(post.conversation).frame))
        }
        if let seq = conversation.recentStickers[post.sticker.id] {
            return (Decision(), .posted(conversation: conversation.id, seq: seq, sticker: post.sticker.id))
        }
        let seq = conversation.lastSeq + 1
        // Its answer is `StickerAnswer`, for the HTTP request: no frame to reply with.
        let decision = commit(
            [.sticker(conversation: conversation.id, seq: seq, account: account, sticker: post.sticker, at: now)],
            reply: nil, notify: [EntryReference(conversation: conversation.id, seq: seq)])
        return (decision, .posted(conversation: conversation.id, seq: seq, sticker: post.sticker.id))
    }

    func stickerEvent(
        _ sticker: StoredSticker, by account: AccountID, role: ParticipantRole, in conversation: ConversationID, seq: Int,
        for viewer: AccountID
    ) -> Event {
        Event(
            conversation: conversation, seq: seq, kind: .sticker, participant: info(account, seenBy: viewer, role: role),
            sticker: sticker.sticker(at: configuration.publicURL))
    }
}

/// A sticker as the store's index keeps it (`IndexKind.sticker`): the page and the image are
/// served from it, and the operator lists and removes stickers by it.
public struct StickerRecord: IndexRecord, Hashable, Sendable {
    public var conversation: ConversationID
    public var seq: Int
    public var account: String
    public var sticker: StoredSticker

    public init(conversation: ConversationID, seq: Int, account: String, sticker: StoredSticker) {
        self.conversation = conversation
        self.seq = seq
        self.account = account
        self.sticker = sticker
    }
}
