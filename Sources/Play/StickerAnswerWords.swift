import Client
import Foundation

/// The server's answer to a sticker's post, in words: where it went, or why it was refused.
enum StickerAnswerWords {
    static func line(_ answer: ServerEndpoint.Page) -> String {
        struct Posted: Decodable { let seq: Int; let url: String }
        struct Refused: Decodable { let code: String; let reason: String }
        let body = Data(answer.body.utf8)
        if answer.status == 200, let posted = try? JSONDecoder().decode(Posted.self, from: body) {
            return "sticker sent as #\(posted.seq): \(posted.url)"
        }
        if let refused = try? JSONDecoder().decode(Refused.self, from: body) { return "refused: \(refused.reason) (\(refused.code))" }
        return "refused: the server answered \(answer.status)"
    }
}
