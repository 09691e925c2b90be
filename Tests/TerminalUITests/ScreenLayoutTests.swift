import GamePresentation
import Battleship
import GameRules
import IceCream
import TerminalUI
import Testing
import Transcript
import Wire

@Suite("Whole screens")
struct ScreenLayoutTests {
    let layout = ScreenLayout(width: 80, height: 24, mode: .plain)

    static let expandedBattleship: ExpandedScreen = {
        let view = Cast.classicGame.view(of: try! Cast.classicMatch().state, for: Seat(1))
        let header = ScreenHeader(
            title: "Amber & Ben", viewer: Cast.ben, names: Cast.names,
            status: Cast.status(.player, [Cast.ben], prompt: "Fire at the enemy fleet"), online: false)
        var drafted = BattleshipDraft()
        drafted.cursor = Cast.cell("B2")
        let draft = drafted
        return ExpandedScreen(
            header: header,
            picture: ExpandedPicture { width, height, mode in
                Cast.classicGame.expandedLines(of: view, seat: nil, draft: draft, staged: nil, width: width, height: height, mode: mode)
            },
            staging: "Fire at B2? Enter sends it")
    }()

    static let expandedIceCream: ExpandedScreen = {
        let header = ScreenHeader(
            title: "Amber & Ben", viewer: Cast.amber, names: Cast.names,
            status: Cast.status(.anyoneExcept, [Cast.ben], prompt: "Finish with a topping", game: "icecream"),
            online: true)
        let iceCream = try! IceCreamGame().decode(url: Story.events[2].message!.url)
        var drafted = IceCreamDraft()
        drafted.picker = 3
        let draft = drafted
        return ExpandedScreen(
            header: header,
            picture: ExpandedPicture { width, height, mode in
                IceCreamGame().expandedLines(of: iceCream, seat: nil, draft: draft, staged: nil, width: width, height: height, mode: mode)
            },
            staging: "Add cherries? Enter sends it")
    }()

    /// The transcript's newest lines fill the middle: the finished ice cream's tail, the
    /// placement collapsed under Ben's newer shot, and the shot whole.
    @Test func compactAt80By24() {
        let lines = layout.compact(Story.compact)
        #expect(lines.count == 24)
        #expect(lines.allSatisfy { $0.count <= 80 })
        #expect(lines == [
            "Amber & Ben | Waiting for Ben                                           [online]",
            "--------------------------------------------------------------------------------",
            "                                        |        \\/                            |",
            "                                        |--------------------------------------|",
            "                                        | Our finished ice cream               |",
            "                                        '--------------------------------------'",
            "",
            "                                                           You placed your ships",
            "",
            "Ben",
            ".------------------------------------.",
            "| Your ships                         |",
            "|  #  .  .    0 1 2                  |",
            "|  . (X) .    3 4 5                  |",
            "|  .  .  .    6 7 8                  |",
            "|------------------------------------|",
            "| Ben fired at 4: a hit! Hits 1 of 2 |",
            "| Fired at 4           Misses 0 of 3 |",
            "'------------------------------------'",
            "--------------------------------------------------------------------------------",
            "Start: Battleship (seed/classic), [Ice Cream]",
            "Recent ice creams: sugar cone with vanilla scoops and hot fudge on top",
            "> hello Ben",
            "! It is not your turn.",
        ])
    }

    @Test func expandedBattleshipAt80By24() {
        let lines = layout.expanded(Self.expandedBattleship)
        #expect(lines.count == 24)
        #expect(lines.allSatisfy { $0.count <= 80 })
        #expect(lines == [
            "Amber & Ben | Your turn: Fire at the enemy fleet                       [offline]",
            "--------------------------------------------------------------------------------",
            "Your fleet                           Enemy fleet",
            "    A  B  C  D  E  F  G  H  I  J         A  B  C  D  E  F  G  H  I  J",
            " 1  .  .  .  .  .  .  .  .  .  .      1  X (X) .  .  .  .  .  .  .  .",
            " 2  .  .  .  .  .  .  .  .  .  .      2  . [.] .  .  .  .  .  .  .  .",
            " 3  .  .  .  .  .  .  .  .  .  .      3  .  .  .  .  .  .  .  .  .  .",
            " 4  .  .  .  .  .  .  .  .  .  .      4  .  .  .  .  .  .  .  .  .  .",
            " 5  .  .  .  .  .  .  .  .  .  .      5  .  .  .  .  o  .  .  .  .  .",
            " 6  X  #  #  #  #  .  .  .  .  .      6  .  .  .  .  .  .  .  .  .  .",
            " 7  #  #  #  #  .  .  .  .  .  .      7  .  .  .  .  .  .  .  .  .  .",
            " 8  #  #  #  .  .  .  .  .  .  .      8  .  .  .  .  .  .  .  .  .  .",
            " 9  #  #  #  .  .  .  .  .  .  .      9  .  .  .  .  .  .  .  .  .  .",
            "10  * (*) .  .  .  .  .  .  .  o     10  .  .  .  .  .  .  .  .  .  .",
            "",
            "Afloat: your ships 4 of 5, theirs 5 of 5",
            "",
            "# ship  X hit  * sunk  o miss  . unknown",
            "",
            "",
            "",
            "--------------------------------------------------------------------------------",
            "> Fire at B2? Enter sends it",
            "",
        ])
    }

    @Test func expandedIceCreamAt80By24() {
        let lines = layout.expanded(Self.expandedIceCream)
        #expect(lines.count == 24)
        #expect(lines.allSatisfy { $0.count <= 80 })
        #expect(lines[0] == "Amber & Ben | Anyone but Ben: Finish with a topping                     [online]")
        #expect(lines[2] == "   .--------.                         Finish with a topping:")
        #expect(lines[3] == "  (oooooooooo)    scoops: vanilla       rainbow sprinkles")
        #expect(lines[6] == "  \\==========/                        > cherries")
        #expect(lines[22] == "> Add cherries? Enter sends it")
        #expect(lines[23] == "")
    }

    @Test func colourOnlyWhenAskedFor() {
        let coloured = ScreenLayout(width: 80, height: 24, mode: .colour)
        for lines in [coloured.compact(Story.compact), coloured.expanded(Self.expandedBattleship)] {
            #expect(lines.joined().contains("\u{1B}["))
            #expect(lines.count == 24)
            // Without its escapes, each line is at most 80 columns.
            #expect(lines.allSatisfy { Self.withoutEscapes($0).count <= 80 })
        }
        for lines in [layout.compact(Story.compact), layout.expanded(Self.expandedBattleship), layout.expanded(Self.expandedIceCream)] {
            #expect(!lines.joined().contains("\u{1B}"))
        }
    }

    /// Any size gives exactly `height` lines of at most `width` columns; the input and
    /// error lines are the last to go.
    @Test(arguments: [(0, 0), (1, 1), (10, 5), (20, 8), (40, 12), (79, 23), (120, 40), (200, 60)])
    func everySizeFits(width: Int, height: Int) {
        let layout = ScreenLayout(width: width, height: height, mode: .plain)
        for lines in [layout.compact(Story.compact), layout.expanded(Self.expandedBattleship), layout.expanded(Self.expandedIceCream)] {
            #expect(lines.count == height)
            #expect(lines.allSatisfy { $0.count <= width })
        }
        if height >= 2, width >= 5 {
            let compact = layout.compact(Story.compact)
            #expect(compact[height - 1].hasPrefix("! It"))
            #expect(compact[height - 2].hasPrefix("> ") && compact[height - 2].hasSuffix("Ben"))
        }
    }

    @Test func aLongInputShowsItsEnd() {
        var screen = Story.compact
        screen.input = String(repeating: "a", count: 100) + "END"
        let line = layout.compact(screen)[22]
        #expect(line.count == 80)
        #expect(line.hasPrefix("> aaa"))
        #expect(line.hasSuffix("aaEND"))
    }

    @Test func anUnreadableGameIsOneLine() {
        var screen = Self.expandedIceCream
        let view = GameView(game: "icecream", url: "?Scoops=scoops01")
        #expect(!view.isReadable)
        screen.picture = ExpandedPicture { width, _, mode in view.lines(width: width, mode: mode) }
        let lines = layout.expanded(screen)
        #expect(lines[2].hasPrefix("(cannot show this game: "))
        #expect(lines[3] == "")
    }

    private static func withoutEscapes(_ line: String) -> String {
        line.replacing(/\x{1B}\[[0-9;]*m/, with: "")
    }
}
