import Admin
import Crypto
import Engine
import Foundation
import Hummingbird
import NIOCore
import Pipelines
import Stickers
import Transcript
import Transport
import WebPages
import Wire
import Timekeeping

/// Stickers over HTTPS: `POST /stickers` posts one (signed by the install's key, see
/// docs/PROTOCOL.md), `GET /stickers/ID` is its page and `GET /stickers/ID/image` its image.
enum StickerRoutes {
    /// What a posted sticker's answer holds.
    struct Posted: Encodable {
        let conversation: ConversationID
        let seq: Int
        let sticker: String
        let url: String
    }

    static func add(to router: Router<ParleyRequestContext>, relay: ConversationRouter, limits: ServerLimits, posts: KeyedRateLimiter<AccountID>) {
        router.post("/stickers") { request, _ -> Response in
            let query = request.uri.queryParameters
            guard let conversation = query.get("conversation"), let id = query.get("id"), !id.isEmpty else {
                return refusal(.badRequest, "malformed-request", "A sticker is posted to /stickers?conversation=ID&id=REQUEST&name=NAME.")
            }
            let name = (query.get("name") ?? "").trimmingCharacters(in: .whitespaces)
            for text in [conversation, id, name] where text.utf8.count > limits.textLength {
                return refusal(.badRequest, "text-too-long", "A text of the request is longer than \(limits.textLength) bytes of UTF-8.")
            }
            let body: ByteBuffer
            do {
                body = try await request.body.collect(upTo: StickerImage.maximumBytes)
            } catch is NIOTooManyBytesError {
                // Not read to its end: how large it is, nobody knows.
                let refused = StickerRefusal.overLimit
                return refusal(.contentTooLarge, refused.code, refused.reason)
            }
            let image = Data(buffer: body)
            guard let account = account(signing: request, conversation: conversation, id: id, name: name, image: image, at: posts.clock.now) else {
                return refusal(.unauthorized, "unauthenticated", "The request is not signed by an install's key as docs/PROTOCOL.md says, "
                    + "or its time is more than \(StickerUpload.allowedSkewSeconds) seconds from the server's.")
            }
            guard posts.admit(account) else {
                let wait = posts.secondsToWait(account)
                let allowed = posts.burst == 1 ? "1 sticker" : "\(posts.burst) stickers"
                var refused = refusal(.tooManyRequests, "rate-limited", "You may post \(allowed) a minute; "
                    + "post it again in \(wait) s.")
                refused.headers[.retryAfter] = String(wait)
                return refused
            }
            // Signed as sent; the id is then spelt as a frame's is read (`ConversationID(spelling:)`).
            switch await relay.postSticker(
                conversation: ConversationID(spelling: conversation), request: id, name: name.isEmpty ? "sticker" : name, image: image, by: account)
            {
            case let .posted(conversation, seq, sticker):
                return try AdminRoutes.json(Posted(
                    conversation: conversation, seq: seq, sticker: sticker, url: relay.publicURL + "/stickers/" + sticker))
            case let .refused(error):
                let status: HTTPResponse.Status = switch error.code {
                case "unknown-conversation": .notFound
                case "sticker-quota": .forbidden
                case "unavailable": .serviceUnavailable
                default: .badRequest
                }
                return refusal(status, error.code, error.reason)
            }
        }
        router.get("/stickers/:id") { request, context -> Response in
            let id = context.parameters.get("id") ?? ""
            let found = try await relay.sticker(id)
            let page = found.map { StickerPage.page($0.record.sticker.sticker(at: relay.publicURL)) } ?? StickerPage.missing(id: id)
            return try HTMLResponse(page).response(from: request, context: context)
        }
        router.get("/stickers/:id/image") { _, context -> Response in
            let id = context.parameters.get("id") ?? ""
            guard let (record, image) = try await relay.sticker(id),
                let format = StickerImage.Format(rawValue: record.sticker.format)
            else { return refusal(.notFound, "unknown-sticker", "This server holds no sticker \(id).") }
            return Response(
                status: .ok,
                headers: [.contentType: format.mediaType, .cacheControl: "private, max-age=31536000, immutable"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: image)))
        }
    }

    /// The account whose install key signed the request, if it did, lately.
    static func account(
        signing request: Request, conversation: String, id: String, name: String, image: Data, at now: WallInstant
    ) -> AccountID? {
        guard let keyText = request.headers[.init(StickerUpload.keyHeader)!],
            let signatureText = request.headers[.init(StickerUpload.signatureHeader)!],
            let timeText = request.headers[.init(StickerUpload.timeHeader)!], let time = Int64(timeText),
            abs(Double(time) / 1000 - now.date.timeIntervalSince1970) <= Double(StickerUpload.allowedSkewSeconds),
            let keyBytes = Data(base64Encoded: keyText), let signatureBytes = Data(base64Encoded: signatureText),
            let key = try? P256.Signing.PublicKey(x963Representation: keyBytes)
        else { return nil }
        let digest = SHA256.hash(data: image).map { String(format: "%02x", $0) }.joined()
        let signed = StickerUpload.signedBytes(time: time, conversation: conversation, id: id, name: name, imageSHA256: digest)
        guard InstallSignature.verifies(signatureBytes, by: key, for: signed) else { return nil }
        return AccountID(rawValue: SHA256.hash(data: keyBytes).map { String(format: "%02x", $0) }.joined())
    }

    static func refusal(_ status: HTTPResponse.Status, _ code: String, _ reason: String) -> Response {
        let body = (try? AdminRoutes.encoded(ErrorFrame(code: code, reason: reason))) ?? Data()
        return Response(
            status: status, headers: [.contentType: "application/json", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}
