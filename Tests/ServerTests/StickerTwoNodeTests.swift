import Client
import Foundation
import Logging
import Server
import ServerTestSupport
import Stickers
import TestSupport
import Testing
import Transport
import Wire

/// A sticker on two nodes of one PostgreSQL: posted to one, relayed by the other to its own
/// players, served by both, and removed by the operator of either.
@Suite(.timeLimit(.minutes(2)))
struct StickerTwoNodeTests {
    @Test func aStickerPostedOnOneNodeReachesAndIsServedByTheOther() async throws {
        try await TwoNodes.with { first, second, _ in
            let amberKey = InstallKey()
            let amber = try await Player.connect(to: first, key: amberKey, name: "Amber")
            let ben = try await Player.connect(to: second, name: "Ben")
            let conversation = try await Games.gather(amber, [ben])
            let poster = StickerServerTests.client(first, key: amberKey)
            let image = TestImages.png(width: 333, height: 444)
            let answer = try await poster.postSticker(conversation: conversation, name: "tall", image: image)
            #expect(answer.status == 200, "\(answer.body)")
            let told = try await ben.next { $0.event?.kind == .sticker }
            let sticker = try #require(told.event?.sticker)
            #expect(sticker.width == 333 && sticker.height == 444)
            // Ben's node serves the bytes the other stored.
            let endpoint = ServerEndpoint(host: second.host, port: second.port, trust: .pinned(second.fingerprint))
            let served = try await endpoint.get("/stickers/\(sticker.id)/image")
            #expect(served.status == 200 && served.bytes == image)
            // And the game goes on: a move after the sticker, on the other node.
            let placed = try await ben.request(.send(.init(
                id: "m1", conversation: conversation, game: "battleship", url: "?Ship_Location=0&Ship_Location=4&Is_Complete=0")))
            #expect(placed.isAccepted, "\(placed)")
            _ = try await amber.nextMessage()
            let removed = try await HTTPS.request(
                "https://127.0.0.1:\(second.port)/admin/api/stickers/\(sticker.id)/remove", method: .POST,
                headers: [("Authorization", "Bearer \(LiveServer.adminToken)")])
            #expect(removed.status == 200)
            let gone = ServerEndpoint(host: first.host, port: first.port, trust: .pinned(first.fingerprint))
            #expect(try await gone.get("/stickers/\(sticker.id)/image").status == 404)
            await poster.stop()
        }
    }
}
