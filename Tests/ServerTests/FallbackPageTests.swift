import Client
import Foundation
import Server
import ServerTestSupport
import Testing
import Transport
import Wire

/// The state URLs the server hands out, opened in a real browser against a real server.
@Suite struct FallbackPageTests {
    private func shipCells(_ html: String) -> Int {
        html.matches(of: /class="cell ship"/).count
    }

    @Test(.timeLimit(.minutes(2)))
    func eachPlayersURLOpensAsTheirViewOfTheGame() async throws {
        _ = try Browser.require()
        try await LiveServer.with { server in
            let amber = try await Player.connect(to: server, name: "Amber")
            let ben = try await Player.connect(to: server, name: "Ben")
            let conversation = try await Games.gather(amber, [ben])
            let placed = try await amber.request(.send(.init(
                id: "m1", conversation: conversation, game: "battleship", url: "?Ship_Location=2&Ship_Location=6&Is_Complete=0")))
            guard case .accepted = placed else { throw ConnectionError.unexpected("\(placed)") }
            let guess = try await Games.send(ben, replyingTo: try await ben.nextMessage(), adding: "Shot=2")
            guard case .accepted = guess else { throw ConnectionError.unexpected("\(guess)") }

            let bensURL = try #require(try await ben.nextMessage().message?.url)
            let ambersURL = try #require(try await amber.nextMessage().message?.url)
            #expect(bensURL.hasPrefix("https://localhost:\(server.port)/g/battleship?"))

            // The guesser's page: the hit shows, no ship position does.
            let guesser = try await Browser.dom(of: bensURL)
            #expect(guesser.contains("Find the ships"))
            #expect(guesser.contains("The guesser fired at 2: a hit!"))
            #expect(guesser.contains(#"class="cell hit" data-cell="2""#))
            #expect(shipCells(guesser) == 0)

            // The server says on the page that it signed the URL as it stands, and where it
            // stands in its session; an edited copy is not as it signed it.
            #expect(guesser.contains(#"id="signature" class="signed">Signed by this server"#), "\(guesser)")
            #expect(guesser.contains("message 2 of session"))
            #expect(guesser.contains("chain intact: it follows message 1 of its session as this server holds it"), "\(guesser)")
            let edited = try await Browser.dom(of: bensURL.replacingOccurrences(of: "Shot=2-hit", with: "Shot=2-miss"))
            #expect(edited.contains(#"id="signature" class="error">Not as this server signed it: The signature does not match"#),
                    "\(edited)")

            // The hider's page shows her other boat, still afloat.
            let hider = try await Browser.dom(of: ambersURL)
            #expect(hider.contains("Your ships"))
            #expect(hider.contains(#"class="cell ship" data-cell="6""#))

            // The original apps' URLs open too, and a broken one says why.
            let original = try await Browser.dom(of: "https://localhost:\(server.port)/?Base=base01&Scoops=scoops03")
            #expect(original.contains("I added some scoops"))
            let broken = try await Browser.dom(of: "https://localhost:\(server.port)/g/icecream?Scoops=scoops03")
            #expect(broken.contains("This link holds no game"))
            #expect(broken.contains(#"id="reason""#))

            // And the page is drawn: a screenshot of a finished ice cream is a real picture.
            let shot = LiveServer.temporaryDirectory() + "/icecream.png"
            try await Browser.screenshot(of: "https://localhost:\(server.port)/g/icecream?Base=base02&Scoops=scoops03&Topping=topping01", to: shot)
            let png = try Data(contentsOf: URL(fileURLWithPath: shot))
            #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
            #expect(png.count > 5_000)
        }
    }
}
