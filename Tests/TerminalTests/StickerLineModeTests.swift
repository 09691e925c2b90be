import Client
import Foundation
import Play
import ServerTestSupport
import Stickers
import Testing
import Transport

/// Stickers in `parley play --lines`: a finished ice cream sent as a sticker, drawn by the server,
/// reaches the other player and opens as a page with its image; a file too.
@Suite struct StickerLineModeTests {
    @Test(.timeLimit(.minutes(1)))
    func aFinishedIceCreamIsSentAsASticker() async throws {
        _ = try Browser.require()
        try await LiveServer.with { server in
            let amber = await LineModeTests.Terminal(server, name: "Amber")
            let ben = await LineModeTests.Terminal(server, name: "Ben")
            try await amber.gather((ben, "Ben"))
            amber.type("start 1 icecream group Base=base02")
            _ = try await ben.screen.wait(for: "#3 icecream")
            ben.type("add 1 3 scoops03")
            _ = try await amber.screen.wait(for: "#4 icecream")
            // Not finished yet: no sticker.
            amber.type("sticker 1 4")
            _ = try await amber.screen.wait(for: "refused: message #4's state makes no sticker")
            amber.type("add 1 4 topping01")
            _ = try await ben.screen.wait(for: "#5 icecream")

            ben.type("sticker 1 5 Our ice cream")
            let sent = try await ben.screen.wait(for: "sticker sent as #6")
            let told = try await amber.screen.wait(for: "#6 Ben: [sticker] Our ice cream (PNG, 400x520")
            let url = try #require(told.split(separator: " ").last.map(String.init))
            #expect(sent.hasSuffix(url))
            let endpoint = ServerEndpoint(host: server.host, port: server.port, trust: .pinned(server.fingerprint))
            let path = try #require(url.range(of: "/stickers/")).lowerBound
            let image = try await endpoint.get(String(url[path...]) + "/image")
            #expect(image.status == 200)
            #expect(try StickerImage.inspect(image.bytes) == StickerImage(format: .png, width: 400, height: 520, bytes: image.bytes.count))
            let page = try await Browser.dom(of: url)
            #expect(page.contains(#"width="400" height="520" alt="Our ice cream""#), "\(page)")

            // A file of one's own, and one that is no image.
            let folder = LiveServer.temporaryDirectory()
            try Data("plain words".utf8).write(to: URL(fileURLWithPath: folder + "/note.png"))
            amber.type("sticker 1 \(folder)/note.png")
            _ = try await amber.screen.wait(for: "refused: The file is not a PNG, APNG, GIF or JPEG image")
            for terminal in [amber, ben] { terminal.input.finish() }
            for terminal in [amber, ben] { await terminal.task.value }
        }
    }

    /// `sticker CONV SEQ` without a name names the sticker as the full-screen client's `s` does:
    /// by what the ice cream is, not by the game's id.
    @Test(.timeLimit(.minutes(1)))
    func aStickerOfAMessageIsNamedAsTheFullScreenClientNamesIt() async throws {
        try await LiveServer.with { server in
            let amber = await LineModeTests.Terminal(server, name: "Amber")
            let ben = await LineModeTests.Terminal(server, name: "Ben")
            try await amber.gather((ben, "Ben"))
            amber.type("start 1 icecream group Base=base02")
            _ = try await ben.screen.wait(for: "#3 icecream")
            ben.type("add 1 3 scoops03")
            _ = try await amber.screen.wait(for: "#4 icecream")
            amber.type("add 1 4 topping01")
            // Her own message is in her book before she names it.
            _ = try await amber.screen.wait(for: "#5 icecream")
            amber.type("sticker 1 5")
            let told = try await ben.screen.wait(for: "#6 Amber: [sticker] ")
            #expect(told.contains("#6 Amber: [sticker] sugar cone with "), "\(told)")
            for terminal in [amber, ben] { terminal.input.finish() }
            for terminal in [amber, ben] { await terminal.task.value }
        }
    }
}
