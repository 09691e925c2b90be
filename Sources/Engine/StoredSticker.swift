import Foundation
import Transcript
import Wire

/// A sticker as the engine keeps it: what its image is, not its bytes, which the store keeps in
/// a stream of their own (`StoredStream.sticker`), written with the sticker's event.
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

extension StoredSticker {
    /// Whether `id` is written as a sticker's id is (32 hex digits), before the store is asked.
    public static func isID(_ id: String) -> Bool { id.utf8.count == 32 && id.allSatisfy(\.isHexDigit) }
}

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
