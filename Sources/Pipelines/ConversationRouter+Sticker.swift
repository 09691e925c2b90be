import Crypto
import Engine
import Foundation
import Stickers
import Storage
import Transcript
import Transport
import Wire

package extension ConversationRouter {
    /// Posts a sticker for `account`, as `POST /stickers` asked: the image checked by its header,
    /// the account's quota, then its pipeline stores the bytes and the event together and
    /// relays the event. The same request again (its `id`) is answered with its first event.
    func postSticker(conversation: ConversationID, request: String, name: String, image: Data, by account: AccountID) async -> StickerAnswer {
        let inspected: StickerImage
        do { inspected = try StickerImage.inspect(image) } catch {
            return .refused(ErrorFrame(code: error.code, reason: error.reason))
        }
        let id = Self.stickerID(account: account, conversation: conversation, request: request, secret: pipelines[0].environment.secret)
        do {
            if let json = try await log.indexValue(IndexKind.sticker, key: id), let record = StickerRecord(json: json) {
                return .posted(conversation: record.conversation, seq: record.seq, sticker: id)
            }
            let stored = try await log.indexEntries(IndexKind.stickerOf, prefix: account.rawValue + "/").reduce(0) { $0 + (Int($1.value) ?? 0) }
            let quota = configuration.stickerQuotaBytes
            // The account's other posts under way count as held; this one is counted with them
            // until its pipeline has answered (stored, it is then in the index).
            let held = stickersUnderWay.withLock { underWay -> Int? in
                let held = stored + (underWay[account] ?? [:]).filter { $0.key != id }.values.reduce(0, +)
                guard held + image.count <= quota else { return held }
                underWay[account, default: [:]][id] = image.count
                return nil
            }
            if let held {
                return .refused(ErrorFrame(code: "sticker-quota", reason: "Your stickers hold \(held) bytes; this one's \(image.count) "
                    + "would pass your quota of \(quota) bytes."))
            }
        } catch {
            return .refused(Self.unavailable)
        }
        defer {
            stickersUnderWay.withLock { underWay in
                underWay[account]?[id] = nil
                if underWay[account]?.isEmpty == true { underWay[account] = nil }
            }
        }
        let sticker = StoredSticker(
            id: id, name: name, format: inspected.format.rawValue, width: inspected.width, height: inspected.height,
            bytes: inspected.bytes)
        return await withCheckedContinuation { continuation in
            pipeline(of: conversation).submit(.sticker(
                StickerPost(conversation: conversation, sticker: sticker), image: image, account: account,
                answer: { continuation.resume(returning: $0) }))
        }
    }

    /// A sticker's record and bytes, for its page and its image; `nil` for none.
    func sticker(_ id: String) async throws -> (record: StickerRecord, image: Data)? {
        guard StoredSticker.isID(id),
            let json = try await log.indexValue(IndexKind.sticker, key: id), let record = StickerRecord(json: json),
            let stored = try await log.records(in: StoredStream.sticker(id).name, after: 0, limit: 1).first
        else { return nil }
        return (record, stored.payload)
    }

    /// Every sticker the store holds, in the order of their ids.
    func stickers() async throws -> [StickerRecord] {
        try await log.indexEntries(IndexKind.sticker, prefix: "").compactMap { StickerRecord(json: $0.value) }
    }

    /// Removes a sticker: its bytes leave the store and it leaves its sender's quota; its event
    /// stays in its conversation, whose members find its page and image gone (404). `nil` when
    /// the store holds no such sticker.
    func removeSticker(_ id: String) async throws -> StickerRecord? {
        guard StoredSticker.isID(id), let json = try await log.indexValue(IndexKind.sticker, key: id),
            let record = StickerRecord(json: json)
        else { return nil }
        try await log.erase(stream: StoredStream.sticker(id).name, indexing: [
            .remove(IndexKind.sticker, id), .remove(IndexKind.stickerOf, IndexKind.memberKey(AccountID(rawValue: record.account), id)),
        ])
        return record
    }

    /// 32 hex digits that only this server can make, the same for the same request again.
    static func stickerID(account: AccountID, conversation: ConversationID, request: String, secret: [UInt8]) -> String {
        let code = HMAC<SHA256>.authenticationCode(
            for: Array("sticker\n\(account.rawValue)\n\(conversation)\n\(request)".utf8), using: SymmetricKey(data: secret))
        return code.prefix(16).map { String(format: "%02x", $0) }.joined()
    }
}
