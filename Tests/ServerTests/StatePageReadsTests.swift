import Client
import Engine
import Foundation
import Server
import ServerTestSupport
import StorageSQLite
import Testing
import TestSupport
import Transport
import Wire

/// A state page reads the store only for a URL this server signed: a forged one, naming any
/// message it likes, costs no read of a conversation.
@Suite(.timeLimit(.minutes(1)))
struct StatePageReadsTests {
    @Test func onlyAURLThisServerSignedIsLookedUpInTheStore() async throws {
        let folder = LiveServer.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let log = CountingLog(try SQLiteEventLog(folder: URL(fileURLWithPath: folder)))
        try await LiveServer.with(dataDirectory: folder, eventLog: log) { server in
            let amber = try await Player.connect(to: server)
            let ben = try await Player.connect(to: server)
            let conversation = try await Games.gather(amber, [ben])
            let placed = try await amber.request(.send(.init(
                id: "m1", conversation: conversation, game: "battleship", url: "?Ship_Location=2&Ship_Location=6&Is_Complete=0")))
            guard case .accepted = placed else { throw ConnectionError.unexpected("\(placed)") }
            let shot = try await Games.send(ben, replyingTo: try await ben.nextMessage(), adding: "Shot=4")
            guard case .accepted = shot else { throw ConnectionError.unexpected("\(shot)") }
            let shown = try #require(try await ben.nextMessage().message?.url)
            let url = try #require(URLComponents(string: shown))
            let page = url.percentEncodedPath + "?" + (url.percentEncodedQuery ?? "")

            var before = await log.recordsRead
            let signed = try await HTTPS.request(server.url + page).body
            #expect(signed.contains("chain intact: it follows message 1 of its session"), "\(signed)")
            #expect(await log.recordsRead > before, "the message before it was read")

            // Message 3 of a session of two: looked up, it would be read for past message 1 to
            // the end of the conversation.
            let forged = page.replacingOccurrences(of: "Chain_Message=2", with: "Chain_Message=4")
            #expect(forged != page)
            before = await log.recordsRead
            let refused = try await HTTPS.request(server.url + forged).body
            #expect(refused.contains("Not as this server signed it"), "\(refused)")
            #expect(await log.recordsRead == before, "nothing read for a URL the server did not sign")
        }
        await log.close()
    }
}
