import Play
import TerminalUI
import Testing
import Wire

/// A finished ice cream sent as a sticker from its own screen: `s` asks the session to have the
/// server draw it and post it; the screen says how it went; a sticker shows in the transcript.
@Suite struct StickerScreenTests {
    /// Amber and Ben build a sugar cone with strawberry scoops and rainbow sprinkles; Amber is
    /// on its screen at the end.
    static func finishedIceCream() -> PlayTable {
        var table = PlayTable("Amber", "Ben")
        table.gather(host: "Amber", guests: "Ben")
        table.press("Amber", .right, .right, .enter, .down, .enter, .enter)
        table.press("Ben", .enter, .down, .down, .enter, .enter)
        table.press("Amber", .enter, .enter)
        return table
    }

    @Test func sSendsAFinishedIceCreamAsASticker() throws {
        var table = Self.finishedIceCream()
        let over = table.screen("Amber")
        #expect(over.contains("*** The ice cream is ready! ***") && over.contains("s: send as a sticker"), "\(over)")
        let effects = table.effects("Amber", pressing: .character("s"))
        guard case let .sendSticker(conversation, game, query, name)? = effects.first else { throw Missing() }
        #expect(game == "icecream" && !conversation.rawValue.isEmpty)
        #expect(query.hasPrefix("?") && query.contains("Base=base02") && query.contains("Topping=topping01"), "\(query)")
        #expect(name == "sugar cone with strawberry scoops and rainbow sprinkles on top")
        #expect(table.screen("Amber").contains("Sending the sticker"))
        table.tell("Amber", "sticker sent as #6: https://parley.test/stickers/ab", failed: false)
        #expect(table.screen("Amber").contains("sticker sent as #6"))
        table.tell("Amber", "refused: over quota (sticker-quota)", failed: true)
        #expect(table.screen("Amber").contains("! refused: over quota (sticker-quota)"))
    }

    @Test func aStickerInTheTranscriptIsSelectedAndShown() throws {
        var table = Self.finishedIceCream()
        table.press("Ben", .escape)
        let sticker = Sticker(
            id: String(repeating: "c", count: 32), name: "sugar cone", format: "png", width: 400, height: 520, bytes: 4000,
            url: "https://parley.test/stickers/" + String(repeating: "c", count: 32))
        try table.receive("Ben", sticker: sticker, from: "Amber")
        let shown = table.screen("Ben")
        #expect(shown.contains("[sticker] sugar cone (PNG, 400x520, 3.9 KB)"), "\(shown)")
        let selected = table.screen("Ben")
        #expect(selected.contains("Enter shows the picture"), "\(selected)")
        #expect(table.effects("Ben", pressing: .enter) == [.showSticker(sticker)])
    }

    /// In a terminal without pictures a selected sticker shows its page's whole address,
    /// wrapped, where a picture's terminal says Enter shows it; Enter points there.
    @Test func withoutPicturesAStickersWholeAddressIsShown() throws {
        var table = Self.finishedIceCream()
        table.press("Ben", .escape)
        table.configure("Ben") { $0.showsPictures = false }
        let id = "7d2905" + String(repeating: "e", count: 58)
        let sticker = Sticker(
            id: id, name: "sugar cone", format: "png", width: 400, height: 520, bytes: 4000,
            url: "https://localhost:18600/stickers/" + id)
        try table.receive("Ben", sticker: sticker, from: "Amber")
        let shown = table.screen("Ben")
        #expect(!shown.contains("Enter shows the picture"), "\(shown)")
        let address = shown.split(separator: "\n").drop { !$0.contains("its page:") }.dropFirst().prefix(2)
            .map { $0.trimmingCharacters(in: .whitespaces) }.joined()
        #expect(address == sticker.url, "\(shown)")
        #expect(table.effects("Ben", pressing: .enter).isEmpty)
        #expect(table.screen("Ben").contains("No pictures in this terminal: the sticker's page is under it."))
    }

    @Test func theDrawersRecentIceCreamsAreSentAsStickers() throws {
        var table = Self.finishedIceCream()
        table.press("Ben", .escape)
        // From the newest message: Down to the drawer, Down again to the recent ice creams.
        table.press("Ben", .down, .down)
        let row = table.screen("Ben", width: 140)
        #expect(row.contains("Send as a sticker: < sugar cone with strawberry scoops and rainbow sprinkles on top >"), "\(row)")
        #expect(row.contains("(1 of 1; Left/Right, Enter sends)"))
        let effects = table.effects("Ben", pressing: .enter)
        guard case let .sendSticker(_, game, query, name)? = effects.first else { throw Missing() }
        #expect(game == "icecream" && query.contains("Topping=topping01") && name.hasPrefix("sugar cone"))
        #expect(table.screen("Ben").contains("Sending the sticker"))
        // Up goes back to the games of the drawer.
        table.press("Ben", .up)
        #expect(!table.screen("Ben").contains("Send as a sticker:"))
        #expect(table.screen("Ben").contains("Recent ice creams: sugar cone"))
    }

    @Test func aGameStillPlayedOrWithoutAPictureSendsNone() {
        var table = ReplayTests.finishedSeedGame()
        #expect(!table.screen("Ben").contains("s: send as a sticker"))
        #expect(table.effects("Ben", pressing: .character("s")).isEmpty)
    }

    struct Missing: Error {}
}
