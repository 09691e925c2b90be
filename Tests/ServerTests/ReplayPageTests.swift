import Client
import Foundation
import Server
import ServerTestSupport
import Testing
import Transport
import Wire

/// A finished game's state page links to its replay, which steps through its moves as a
/// non-player saw them; a game still played has none. In a real browser against a real server.
@Suite struct ReplayPageTests {
    @Test(.timeLimit(.minutes(2)))
    func aFinishedGameIsReplayedMoveByMoveInABrowser() async throws {
        _ = try Browser.require()
        try await LiveServer.with(configure: { $0.pipelines = 2 }) { server in
            let amber = try await Player.connect(to: server, name: "Amber")
            let ben = try await Player.connect(to: server, name: "Ben")
            let conversation = try await Games.gather(amber, [ben])
            let placed = try await amber.request(.send(.init(
                id: "m1", conversation: conversation, game: "battleship", url: "?Ship_Location=2&Ship_Location=6&Is_Complete=0")))
            #expect(placed.isAccepted)
            var shown = try await ben.nextMessage()
            let session = try #require(shown.message?.session?.uuidString)
            // While the game is played: no link, and no replay.
            let running = try await Browser.dom(of: try #require(shown.message?.url))
            #expect(!running.contains(#"id="replay""#))
            let early = try await HTTPS.request("\(server.url)/replay/\(session)")
            #expect(early.status == 404 && early.body.contains("replay opens once it is over"))

            for cell in [0, 2, 6] {
                #expect(try await Games.send(ben, replyingTo: shown, adding: "Shot=\(cell)").isAccepted)
                shown = try await ben.nextMessage()
            }
            #expect(shown.status?.outcome.finished == true)
            let page = try await Browser.dom(of: try #require(shown.message?.url))
            #expect(page.contains(#"<a id="replay" href="/replay/\#(session)?move=4">"#), "\(page)")

            let second = try await Browser.dom(of: "\(server.url)/replay/\(session)?move=2")
            #expect(second.contains("Move 2 of 4"))
            #expect(second.contains("Player 2 fired at 0: a miss."), "\(second)")
            #expect(second.contains(#"<a id="next" href="?move=3">Next</a>"#))
            #expect(second.matches(of: /class="cell ship"/).count == 0, "a non-player's view shows no ship")
            let last = try await Browser.dom(of: "\(server.url)/replay/\(session)")
            #expect(last.contains("Move 4 of 4") && last.contains(#"<span id="next">Next</span>"#))
            #expect(last.contains("Player 2 won"))
            // Each move links to its signed message, whose page the server vouches for.
            let state = try #require(last.firstMatch(of: /id="state" href="([^"]+)"/).map { String($0.1) })
            let signed = try await Browser.dom(of: server.url + state.replacingOccurrences(of: "&amp;", with: "&"))
            #expect(signed.contains(#"class="signed">Signed by this server"#), "\(signed)")

            let unknown = try await HTTPS.request("\(server.url)/replay/\(UUID().uuidString)")
            #expect(unknown.status == 404)
        }
    }
}
