import GamePresentation
import TerminalUI
import Testing
import Transcript

@Suite("Message bubbles")
struct BubbleRendererTests {
    let renderer = BubbleRenderer(names: Cast.names, viewer: Cast.amber, mode: .plain)

    /// A guess by Ben in the guesser's view, as Amber, a third member, receives it: every
    /// field of the layout set.
    static let shot = Message(
        game: "battleship", url: "https://localhost:8443/g/battleship?Hidden=0&Shot=4-hit&Shot=7-miss&Is_Complete=0",
        session: Cast.battleshipSession,
        layout: TemplateLayout(
            caption: "\(Cast.ben.token) fired at 7: a miss.", subcaption: "Fired at 7", trailingCaption: "Hits 1 of 2",
            trailingSubcaption: "Misses 1 of 3", imageTitle: "Battleship", imageSubtitle: "Seed, 3x3", image: "board"),
        summaryText: "\(Cast.ben.token) fired at 7: miss", sender: Cast.ben)

    @Test func aBubbleWithEveryLayoutField() {
        #expect(renderer.bubble(for: Self.shot, width: 80).plain == [
            "Ben",
            ".-------------------------------------.",
            "| Find the ships                      |",
            "|  .  .  .    0 1 2                   |",
            "|  .  X  .    3 4 5                   |",
            "|  . (o) .    6 7 8                   |",
            "| Battleship                          |",
            "| Seed, 3x3                           |",
            "|-------------------------------------|",
            "| Ben fired at 7: a miss. Hits 1 of 2 |",
            "| Fired at 7            Misses 1 of 3 |",
            "'-------------------------------------'",
        ])
    }

    @Test func theViewersOwnBubbleSitsOnTheRight() {
        let own = Message(
            game: "icecream", url: "?Base=base01&Scoops=scoops03", session: Cast.iceCreamSession,
            layout: TemplateLayout(caption: "I added some scoops"), sender: Cast.amber)
        #expect(renderer.bubble(for: own, width: 80).plain == [
            "                                                                             You",
            "                                        .--------------------------------------.",
            "                                        |    .--------.                        |",
            "                                        |   (%%%%%%%%%%)    scoops: strawberry |",
            "                                        |   (%%%%%%%%%%)                       |",
            "                                        |    '--------'                        |",
            "                                        |   \\##########/                       |",
            "                                        |    \\########/                        |",
            "                                        |     \\######/      base: waffle cone  |",
            "                                        |      \\####/                          |",
            "                                        |       \\##/                           |",
            "                                        |        \\/                            |",
            "                                        |--------------------------------------|",
            "                                        | I added some scoops                  |",
            "                                        '--------------------------------------'",
        ])
    }

    @Test func aCollapsedEntryIsOneDimLine() {
        let line = renderer.lines(for: .collapsed(Self.shot, summary: Self.shot.summaryText!), width: 80)
        #expect(line.plain == ["Ben fired at 7: miss"], "a summary that names its sender is not prefixed with the name")
        #expect(line[0].runs.allSatisfy { $0.style.dim })
        #expect(renderer.collapsed(Self.shot, summary: "x", width: 4).plainText == "Ben…")
        #expect(renderer.collapsed(Self.shot, summary: "x", width: 20).plainText == "Ben: x")
    }

    /// Each viewer reads a message as a person would write it to them: the one who moved reads
    /// "You hid your ships.", not "you placed their ships! Can you find them?".
    @Test func theMoverReadsTheirOwnMoveInTheSecondPerson() {
        let placed = Message(
            game: "battleship", url: "?Ship_Location=0&Ship_Location=4&Is_Complete=0", session: Cast.battleshipSession,
            layout: TemplateLayout(
                caption: "\(Cast.amber.token) placed their ships! Can you find them?", subcaption: "2 ships, 3 misses allowed"),
            summaryText: "\(Cast.amber.token) placed their ships",
            accessibilityLabel: "Battleship. \(Cast.amber.token) hid 2 ships on the 3 by 3 board.", sender: Cast.amber)
        let own = renderer.bubble(for: placed, width: 80).plain.joined(separator: "\n")
        #expect(own.contains("| You hid your ships."), "\(own)")
        #expect(!own.contains("you placed"))
        #expect(renderer.collapsed(placed, summary: placed.summaryText!, width: 40).plainText
            .hasSuffix("You placed your ships"))
        let words = MessageWords(names: Cast.names, viewer: Cast.amber)
        #expect(words.text(placed.accessibilityLabel!, of: placed) == "Battleship. You hid 2 ships on the 3 by 3 board.")
        // Ben reads it as Amber's, with its question.
        let ben = BubbleRenderer(names: Cast.names, viewer: Cast.ben, mode: .plain)
        #expect(ben.bubble(for: placed, width: 80).plain.contains { $0.contains("Amber placed their ships! Can you find them?") })
        // A shot of one's own: "You fired", capital Y.
        var fired = Self.shot
        fired.sender = Cast.amber
        fired.layout.caption = "\(Cast.amber.token) fired at 7: a miss."
        #expect(renderer.bubble(for: fired, width: 80).plain.contains { $0.contains("| You fired at 7: a miss.") })
    }


    @Test func aURLThatDoesNotDecodeShowsAPlaceholder() {
        for (game, url) in [("battleship", "?Shot=banana"), ("battleship", "?Variant=chess"), ("icecream", "?Nothing=1"),
            ("icecream", "%zz?Base=%zz")] {
            var message = Self.shot
            message.game = .init(rawValue: game)
            message.url = url
            let lines = renderer.bubble(for: message, width: 60).plain
            #expect(lines[2].hasPrefix("| (cannot show this game: "), "\(game) \(url)")
            #expect(lines.count == 9)  // the picture is one line; the texts are all there
            #expect(lines.allSatisfy { $0.count <= 60 })
        }
    }

    /// A game this client does not know shows its state as its items, without the server's.
    @Test func aGameThisClientDoesNotKnowShowsItsItems() {
        var message = Self.shot
        message.game = "nim"
        message.url = "https://parley.test/g/nim?Take=2&Take=3&Chain_Session=AB&Chain_Signature=CD"
        let lines = renderer.bubble(for: message, width: 60).plain
        #expect(lines[2].hasPrefix("| Take=2 ") && lines[3].hasPrefix("| Take=3 "), "\(lines)")
        #expect(!lines.contains { $0.contains("Chain_") || $0.contains("cannot show") }, "\(lines)")
    }

    @Test func tokensBecomeNamesAndUnknownOnesAPlaceholder() {
        var message = Self.shot
        message.layout = TemplateLayout(caption: "\(Cast.chris.token) watched \(Cast.ben.token)")
        message.sender = Cast.chris
        let stranger = BubbleRenderer(names: NameBook([Cast.ben: "Ben"]), viewer: Cast.amber, mode: .plain)
        let lines = stranger.bubble(for: message, width: 80).plain
        #expect(lines[0] == "someone")
        #expect(lines[lines.count - 2].hasPrefix("| someone watched Ben "))
    }

    /// However narrow the terminal, no line is wider than it, and nothing traps.
    @Test func neverWiderThanTheWidthGiven() {
        var own = Self.shot
        own.sender = Cast.amber
        for width in 0...90 {
            for message in [Self.shot, own] {
                #expect(renderer.bubble(for: message, width: width).allSatisfy { $0.width <= width }, "width \(width)")
            }
        }
    }

    @Test func colourStylesTheCaptionBold() {
        let lines = BubbleRenderer(names: Cast.names, viewer: Cast.amber, mode: .colour).bubble(for: Self.shot, width: 80)
        #expect(lines.rendered(.colour).joined().contains("\u{1B}[1mBen fired at 7: a miss.\u{1B}[0m"))
        #expect(!lines.rendered(.plain).joined().contains("\u{1B}"))
    }
}

/// Frames in Unicode box drawing where the terminal reads UTF-8, in ASCII otherwise.
@Suite struct GlyphsTests {
    @Test(arguments: [
        ([:], Glyphs.ascii),
        (["LANG": "C"], .ascii),
        (["LANG": "en_GB.UTF-8"], .unicode),
        (["LANG": "C.utf8"], .unicode),
        (["LANG": "de_DE.UTF-8@euro"], .unicode),
        (["LANG": "en_GB.UTF-8", "LC_ALL": "C"], .ascii),
        (["LANG": "C", "LC_CTYPE": "C.UTF-8"], .unicode),
        (["LANG": "en_US.ISO-8859-1"], .ascii),
    ])
    func fromTheLocale(environment: [String: String], expected: Glyphs) {
        #expect(Glyphs(environment: environment) == expected)
    }

    @Test func aBubbleInBoxDrawing() {
        let renderer = BubbleRenderer(names: Cast.names, viewer: Cast.amber, mode: .plain, glyphs: .unicode)
        let lines = renderer.bubble(for: BubbleRendererTests.shot, width: 80).plain
        #expect(lines[1] == "╭─────────────────────────────────────╮")
        #expect(lines[2] == "│ Find the ships                      │")
        #expect(lines[8] == "├─────────────────────────────────────┤")
        #expect(lines.last == "╰─────────────────────────────────────╯")
        let selected = renderer.bubble(for: BubbleRendererTests.shot, width: 80, selected: true).plain
        #expect(selected[1].hasPrefix("╔═") && selected.last?.hasPrefix("╚═") == true)
        #expect(lines.allSatisfy { TerminalColumns.width(of: $0) <= 80 })
    }
}
