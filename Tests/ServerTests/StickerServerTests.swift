import Client
import Foundation
import Logging
@testable import Server
import ServerTestSupport
import Timekeeping
import TestSupport
import Testing
import Transcript
import Transport
import Wire

/// Stickers over real sockets: posted over HTTPS signed by the install's key, checked by their
/// header, stored with their event, relayed like any message and served as a page and an image.
@Suite(.timeLimit(.minutes(2)))
struct StickerServerTests {
    static func client(_ server: RunningServer, key: InstallKey) -> ParleyClient {
        ParleyClient(
            endpoint: ServerEndpoint(host: server.host, port: server.port, trust: .pinned(server.fingerprint)), key: key, name: nil,
            logger: Logger(label: "sticker"))
    }

    struct Posted: Decodable { let conversation: ConversationID; let seq: Int; let sticker: String; let url: String }
    struct Refused: Decodable { let code: String; let reason: String }

    @Test func aStickerIsPostedRelayedAndServed() async throws {
        try await LiveServer.with(configure: { $0.pipelines = 2 }) { server in
            let amberKey = InstallKey()
            let amber = try await Player.connect(to: server, key: amberKey, name: "Amber")
            let ben = try await Player.connect(to: server, name: "Ben")
            let conversation = try await Games.gather(amber, [ben])
            let poster = Self.client(server, key: amberKey)
            let image = TestImages.png(width: 320, height: 320)

            let answer = try await poster.postSticker(conversation: conversation, name: "Pink + square", image: image, id: "s1")
            #expect(answer.status == 200, "\(answer.body)")
            let posted = try JSONDecoder().decode(Posted.self, from: Data(answer.body.utf8))
            let told = try await ben.next { $0.event?.kind == .sticker }
            let sticker = try #require(told.event?.sticker)
            #expect(told.event?.seq == posted.seq && sticker.id == posted.sticker)
            #expect(sticker.name == "Pink + square" && sticker.format == "png" && sticker.width == 320 && sticker.bytes == image.count)
            #expect(sticker.url == posted.url && sticker.url.hasSuffix(":\(server.port)/stickers/\(sticker.id)"))
            #expect(told.event?.participant?.name == "Amber")

            // The same request again: the first answer, nothing new.
            let again = try await poster.postSticker(conversation: conversation, name: "Pink + square", image: image, id: "s1")
            #expect(try JSONDecoder().decode(Posted.self, from: Data(again.body.utf8)).seq == posted.seq)

            // The image as sent, and its page.
            let served = try await HTTPS.request(sticker.url + "/image")
            #expect(served.status == 200 && served.contentType == "image/png")
            #expect(served.headers.first(name: "Content-Length") == String(image.count))
            #expect(served.body.hasPrefix("\u{FFFD}PNG"), "the PNG signature, its first byte not UTF-8")
            let page = try await HTTPS.request(sticker.url)
            #expect(page.body.contains(#"<img id="sticker" src="/stickers/\#(sticker.id)/image" width="320" height="320""#))
            #expect(page.body.contains("Pink + square"))
            #expect(page.headers.first(name: "Content-Security-Policy")?.contains("img-src 'self'") == true, "the page may show the image")

            // A member offline meanwhile gets it on resume, from the store.
            let later = try await Player.connect(to: server, key: ben.key)
            _ = try await later.request(.resume(.init(id: "r", conversation: conversation, after: 0)))
            let resumed = try await later.next { $0.event?.kind == .sticker }
            #expect(resumed.event?.sticker == sticker)
            await poster.stop()
        }
    }

    /// A conversation's id in lower case is the same conversation, as in a frame; a name with
    /// spaces around it is signed and kept without them.
    @Test func aLowerCaseIdAndANameWithSpacesAroundArePosted() async throws {
        try await LiveServer.with(configure: { $0.pipelines = 2 }) { server in
            let amberKey = InstallKey()
            let amber = try await Player.connect(to: server, key: amberKey, name: "Amber")
            let ben = try await Player.connect(to: server, name: "Ben")
            let conversation = try await Games.gather(amber, [ben])
            let poster = Self.client(server, key: amberKey)
            let answer = try await poster.postSticker(
                conversation: ConversationID(rawValue: conversation.rawValue.lowercased()), name: "  Pink square\t", image: TestImages.png(width: 320, height: 320))
            #expect(answer.status == 200, "\(answer.body)")
            let posted = try JSONDecoder().decode(Posted.self, from: Data(answer.body.utf8))
            #expect(posted.conversation == conversation)
            let told = try await ben.next { $0.event?.kind == .sticker }
            #expect(told.event?.sticker?.name == "Pink square")
        }
    }

    @Test func theOperatorListsAndRemovesStickers() async throws {
        let token = LiveServer.adminToken
        try await LiveServer.with(configure: { $0.adminToken = token; $0.stickerQuotaBytes = 300_000 }) { server in
            let amberKey = InstallKey()
            let amber = try await Player.connect(to: server, key: amberKey, name: "Amber")
            let created = try #require(try await amber.request(.create(.init(id: "c"))).conversationSummary)
            let poster = Self.client(server, key: amberKey)
            let image = TestImages.png(width: 300, height: 300)
            let answer = try await poster.postSticker(conversation: created.conversation, name: "square", image: image)
            let posted = try JSONDecoder().decode(Posted.self, from: Data(answer.body.utf8))
            let bearer = [("Authorization", "Bearer \(token)")]
            let listed = try await HTTPS.request("\(server.url)/admin/api/stickers", headers: bearer)
            let stickers = try JSONDecoder().decode([AdminSticker].self, from: Data(listed.body.utf8))
            #expect(stickers.map(\.id) == [posted.sticker])
            #expect(stickers.first?.account == amberKey.account && stickers.first?.bytes == image.count)
            #expect(stickers.first?.conversation == created.conversation && stickers.first?.seq == posted.seq)
            // The quota is full: a second one is refused until the first is removed.
            #expect(try await poster.postSticker(conversation: created.conversation, name: "two", image: image).status == 403)
            let removed = try await HTTPS.request("\(server.url)/admin/api/stickers/\(posted.sticker)/remove", method: .POST, headers: bearer)
            #expect(removed.status == 200 && removed.body.contains(posted.sticker))
            #expect(try await HTTPS.request(posted.url + "/image").status == 404)
            #expect(try await HTTPS.request(posted.url).status == 404)
            let again = try await HTTPS.request("\(server.url)/admin/api/stickers/\(posted.sticker)/remove", method: .POST, headers: bearer)
            #expect(again.status == 404 && again.body.contains("unknown-sticker"))
            #expect(try await HTTPS.request("\(server.url)/admin/api/stickers", headers: bearer).body == "[]")
            #expect(try await poster.postSticker(conversation: created.conversation, name: "two", image: image).status == 200)
            #expect(try await HTTPS.request("\(server.url)/admin/api/stickers").status == 401, "the admin needs its token")
            await poster.stop()
        }
    }

    @Test func parleyAdminListsAndRemovesStickers() async throws {
        let parley = try Programs.parley()
        let data = LiveServer.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: data) }
        try await LiveServer.with(dataDirectory: data, configure: { $0.adminToken = LiveServer.adminToken }) { server in
            let amberKey = InstallKey()
            let amber = try await Player.connect(to: server, key: amberKey, name: "Amber")
            let created = try #require(try await amber.request(.create(.init(id: "c"))).conversationSummary)
            let poster = Self.client(server, key: amberKey)
            let answer = try await poster.postSticker(conversation: created.conversation, name: "square", image: TestImages.png(width: 310, height: 320))
            let posted = try JSONDecoder().decode(Posted.self, from: Data(answer.body.utf8))
            let options = ["--server", "https://127.0.0.1:\(server.port)", "--token", LiveServer.adminToken, "--ca", data + "/tls/certificate.pem"]
            let listed = try await Spawn.run(parley, ["admin", "stickers"] + options)
            #expect(listed.status == 0)
            #expect(listed.output.contains("\(posted.sticker)  png 310x320") && listed.output.contains("square"), "\(listed.output)")
            let removed = try await Spawn.run(parley, ["admin", "remove-sticker", posted.sticker] + options)
            #expect(removed.status == 0 && removed.output.contains("removed sticker \(posted.sticker)"))
            #expect(try await Spawn.run(parley, ["admin", "stickers"] + options).output.contains("no stickers"))
            await poster.stop()
        }
    }

    @Test func everyBadStickerIsRefusedWithWhatIsWrong() async throws {
        try await LiveServer.with(configure: { $0.stickerQuotaBytes = 400_000 }) { server in
            let amberKey = InstallKey()
            let amber = try await Player.connect(to: server, key: amberKey, name: "Amber")
            let created = try #require(try await amber.request(.create(.init(id: "c"))).conversationSummary)
            let poster = Self.client(server, key: amberKey)
            func refused(_ image: [UInt8], to conversation: ConversationID = created.conversation, by client: ParleyClient? = nil) async throws
                -> (Int, Refused)
            {
                let answer = try await (client ?? poster).postSticker(conversation: conversation, name: "x", image: image)
                return (answer.status, try JSONDecoder().decode(Refused.self, from: Data(answer.body.utf8)))
            }
            let small = try await refused(TestImages.png(width: 200, height: 320))
            #expect(small.0 == 400 && small.1.code == "sticker-wrong-size" && small.1.reason.contains("200x320"))
            let text = try await refused(Array("just words, called sticker.png".utf8))
            #expect(text.0 == 400 && text.1.code == "not-an-image")
            let large = try await refused(TestImages.png(width: 300, height: 300) + Array(repeating: 0, count: 300_000))
            #expect(large.0 == 413 && large.1.code == "sticker-too-large" && large.1.reason.contains("more than 512000 bytes"))
            let stranger = Self.client(server, key: InstallKey())
            let elsewhere = try await refused(TestImages.png(width: 300, height: 300), by: stranger)
            #expect(elsewhere.0 == 404 && elsewhere.1.code == "unknown-conversation")
            // Two of 270 KB pass a quota of 400,000 bytes.
            #expect(try await poster.postSticker(conversation: created.conversation, name: "one", image: TestImages.png(width: 300, height: 300)).status == 200)
            let over = try await refused(TestImages.png(width: 300, height: 301))
            #expect(over.0 == 403 && over.1.code == "sticker-quota")
            // Unsigned, or signed for another image: not let in.
            let image = TestImages.png(width: 300, height: 300)
            var headers = try amberKey.stickerHeaders(conversation: created.conversation, id: "forged", name: "x", image: image)
            let endpoint = ServerEndpoint(host: server.host, port: server.port, trust: .pinned(server.fingerprint))
            let path = "/stickers?conversation=\(created.conversation)&id=forged&name=x"
            // A request that names no conversation, or whose name is too long, before any check of its signature.
            let nowhere = try await endpoint.request(.POST, "/stickers?name=x", body: image)
            #expect(nowhere.status == 400 && nowhere.body.contains("malformed-request"))
            let long = try await endpoint.request(
                .POST, "/stickers?conversation=\(created.conversation)&id=l&name=" + String(repeating: "n", count: 1025), body: image)
            #expect(long.status == 400 && long.body.contains("text-too-long"))
            let unsigned = try await endpoint.request(.POST, path, body: image)
            #expect(unsigned.status == 401 && unsigned.body.contains("unauthenticated"))
            let other = try await endpoint.request(.POST, path, headers: headers, body: TestImages.png(width: 310, height: 310))
            #expect(other.status == 401)
            headers[2].1 = String(Int64(Date().timeIntervalSince1970 * 1000) - 3_600_000)
            let stale = try await endpoint.request(.POST, path, headers: headers, body: image)
            #expect(stale.status == 401)
            // Nothing of it reached the conversation but the one sticker.
            let listed = try await amber.request(.list(.init(id: "l")))
            #expect(listed.conversationList?.first?.lastSeq == 2)
            #expect(try await HTTPS.request("\(server.url)/stickers/\(String(repeating: "0", count: 32))").status == 404)
            await poster.stop()
            await stranger.stop()
        }
    }

    /// Posting is limited per account (`stickers.postsPerMinute`): one more is refused, typed,
    /// and stores nothing, while another account posts on.
    @Test func anAccountThatPostsTooOftenIsToldToWait() async throws {
        try await LiveServer.with(configure: { $0.stickerPostsPerMinute = 1 }) { server in
            let amberKey = InstallKey(), benKey = InstallKey()
            let amber = try await Player.connect(to: server, key: amberKey, name: "Amber")
            let ben = try await Player.connect(to: server, key: benKey, name: "Ben")
            let conversation = try await Games.gather(amber, [ben])
            let amberPoster = Self.client(server, key: amberKey), benPoster = Self.client(server, key: benKey)
            let image = TestImages.png(width: 300, height: 300)
            let first = try await amberPoster.postSticker(conversation: conversation, name: "a1", image: image, id: "a1")
            #expect(first.status == 200)
            // The next at once (a minute is far longer than one request, even on a busy machine).
            let second = try await amberPoster.postSticker(conversation: conversation, name: "a2", image: image, id: "a2")
            let refused = try JSONDecoder().decode(Refused.self, from: Data(second.body.utf8))
            #expect(second.status == 429 && refused.code == "rate-limited", "\(second.body)")
            let wait = refused.reason.firstMatch(of: /again in (\d+) s/).flatMap { Int($0.1) }
            #expect(refused.reason.contains("1 sticker a minute") && (1...60).contains(wait ?? 0), "\(refused.reason)")
            let benAnswer = try await benPoster.postSticker(conversation: conversation, name: "b1", image: image, id: "b1")
            #expect(benAnswer.status == 200)
            // The refused one stored nothing: Ben's follows Amber's first.
            let seqs = try [first, benAnswer].map { try JSONDecoder().decode(Posted.self, from: Data($0.body.utf8)).seq }
            #expect(seqs[1] == seqs[0] + 1)
            let listed = try await ben.request(.list(.init(id: "l")))
            #expect(listed.conversationList?.first?.lastSeq == seqs[1])
            await amberPoster.stop()
            await benPoster.stop()
        }
    }

    /// Two posts at once where the quota holds one: one is stored, the other refused.
    @Test func postsMadeAtOnceShareTheQuota() async throws {
        let image = TestImages.png(width: 300, height: 300)
        try await LiveServer.with(configure: { $0.stickerQuotaBytes = image.count * 3 / 2 }) { server in
            let amberKey = InstallKey()
            let amber = try await Player.connect(to: server, key: amberKey, name: "Amber")
            let created = try #require(try await amber.request(.create(.init(id: "c"))).conversationSummary)
            let poster = Self.client(server, key: amberKey)
            async let one = poster.postSticker(conversation: created.conversation, name: "one", image: image, id: "one")
            async let two = poster.postSticker(conversation: created.conversation, name: "two", image: image, id: "two")
            let answers = try await [one, two]
            #expect(answers.map(\.status).sorted() == [200, 403], "\(answers.map(\.body))")
            let listed = try await amber.request(.list(.init(id: "l")))
            #expect(listed.conversationList?.first?.lastSeq == 2, "created, joined, one sticker")
            await poster.stop()
        }
    }

    @Test func theLimiterRefillsAtItsRate() {
        let clock = ManualClock()
        let limiter = KeyedRateLimiter<AccountID>(perMinute: 120, clock: clock)
        let amber = AccountID(rawValue: "amber"), ben = AccountID(rawValue: "ben")
        #expect((0..<120).allSatisfy { _ in limiter.admit(amber) })
        #expect(!limiter.admit(amber))
        #expect(limiter.secondsToWait(amber) == 1)
        #expect(limiter.admit(ben), "each account has its own")
        clock.advance(by: .milliseconds(250))
        #expect(!limiter.admit(amber))
        clock.advance(by: .milliseconds(250))
        #expect(limiter.admit(amber))
        clock.advance(by: .milliseconds(100))
        #expect(!limiter.admit(amber))
    }
}
