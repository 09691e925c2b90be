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
            "|  .  o  .    6 7 8                   |",
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
        #expect(line.plain == ["Ben: Ben fired at 7: miss"])
        #expect(line[0].runs.allSatisfy { $0.style.dim })
        #expect(renderer.collapsed(Self.shot, summary: "x", width: 4).plainText == "Ben…")
    }

    @Test func aURLThatDoesNotDecodeShowsAPlaceholder() {
        for (game, url) in [("battleship", "?Shot=banana"), ("battleship", "?Variant=chess"), ("icecream", "?Nothing=1"),
            ("chess", "?e4"), ("icecream", "%zz?Base=%zz")] {
            var message = Self.shot
            message.game = .init(rawValue: game)
            message.url = url
            let lines = renderer.bubble(for: message, width: 60).plain
            #expect(lines[2].hasPrefix("| (cannot show this game: "), "\(game) \(url)")
            #expect(lines.count == 9)  // the picture is one line; the texts are all there
            #expect(lines.allSatisfy { $0.count <= 60 })
        }
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
