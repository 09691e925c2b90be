import Engine
import Foundation
import Hummingbird
import Logging
import Pipelines
import Transport
import Wire

/// The operator's stickers: `GET /admin/api/stickers` lists them, `POST
/// /admin/api/stickers/ID/remove` removes one (its bytes leave the store).
package extension AdminRoutes {
    static func addStickers(to admin: RouterGroup<ParleyRequestContext>, relay: ConversationRouter, logger: Logger) {
        admin.get("api/stickers") { _, _ -> Response in
            do {
                return try json(try await relay.stickers().map(AdminSticker.init))
            } catch {
                return unavailable()
            }
        }
        admin.post("api/stickers/:id/remove") { _, context -> Response in
            let id = try context.parameters.require("id")
            let removed: StickerRecord?
            do { removed = try await relay.removeSticker(id) } catch { return unavailable() }
            guard let removed else {
                return AdminGate<ParleyRequestContext>.refusal(.notFound, "unknown-sticker", "There is no sticker \(id).")
            }
            logger.notice("An operator removed a sticker", metadata: [
                "sticker": "\(id)", "account": "\(removed.account)", "conversation": "\(removed.conversation)",
                "from": "\(context.remoteAddress?.description ?? "?")",
            ])
            return try json(["removed": id])
        }
    }
}

package extension AdminSticker {
    init(_ record: StickerRecord) {
        let sticker = record.sticker
        self.init(
            id: sticker.id, conversation: record.conversation, seq: record.seq, account: record.account, name: sticker.name,
            format: sticker.format, width: sticker.width, height: sticker.height, bytes: sticker.bytes)
    }
}
