import GamePresentation
import Foundation
import Play
import TerminalUI
import Testing

/// Whole games played with the keys a person presses, through the real engine.
@Suite struct FullScreenGameTests {
    @Test func seedGameIsPlayedToItsEnd() {
        var table = PlayTable("Amber", "Ben")
        table.gather(host: "Amber", guests: "Ben")
        #expect(table.screen("Ben").contains("Amber joined"))

        // The drawer's first game is the seed; Enter starts it on the expanded screen.
        table.press("Amber", .enter)
        #expect(table.screen("Amber").contains("Your ships (not placed)"))
        table.type("Amber", "0")
        table.press("Amber", .enter)
        table.type("Amber", "4")
        table.press("Amber", .enter)
        #expect(table.screen("Amber").contains("Hide your boats at 0 and 4? Enter sends it, Esc cancels."))
        #expect(table.moves(by: "Amber") == 0, "a staged move is not sent")
        table.press("Amber", .enter)
        #expect(table.moves(by: "Amber") == 1)

        // Ben finds Amber's message selected, opens it, and sees no ship.
        #expect(table.screen("Ben").contains("Amber placed their ships! Can you find them?"))
        table.press("Ben", .enter)
        let guessing = table.screen("Ben")
        #expect(guessing.contains("Find the ships"))
        let board = guessing.split(separator: "\n").filter { $0.hasSuffix("0 1 2") || $0.hasSuffix("3 4 5") || $0.hasSuffix("6 7 8") }
        #expect(board.count == 3)
        #expect(!board.contains { $0.contains("#") }, "the guesser's board shows no ship")

        // A staged shot cancelled with Esc never reaches the server.
        table.type("Ben", "4")
        table.press("Ben", .enter)
        #expect(table.screen("Ben").contains("Fire at 4? Enter sends it, Esc cancels."))
        table.press("Ben", .escape)
        #expect(table.moves(by: "Ben") == 0)

        table.press("Ben", .enter, .enter)
        #expect(table.screen("Ben").contains("Your turn"))
        table.type("Ben", "0")
        table.press("Ben", .enter, .enter)
        #expect(table.moves(by: "Ben") == 2)
        #expect(table.screen("Ben").contains("*** You won! ***"))
        #expect(table.screen("Amber").contains("*** You lost. ***"))
        #expect(table.screen("Amber").contains("Game over: Ben won"))
        // Over, nothing is secret: Ben sees where the boats were, still from his side.
        let end = table.screen("Ben")
        #expect(end.contains("Find the ships") && !end.contains("Your ships"), "\(end)")
        #expect(end.contains("(X) .  .    0 1 2"), "the newest shot, no cursor on a game over: \(end)")
        #expect(table.screen("Amber").contains("Your ships"))
    }

    /// At the end of a classic game each player sees the other's fleet, from their own side.
    @Test func theFleetsAreRevealedAtTheEnd() throws {
        var table = PlayTable("Amber", "Ben")
        table.gather(host: "Amber", guests: "Ben")
        table.placeClassicFleets(host: "Amber", at: ["A1", "A2", "A3", "A4", "A5"], guest: "Ben", at: ["F6", "F7", "F8", "F9", "F10"])
        // Amber sinks Ben's fleet while Ben fires at nothing.
        let bens = ["F6", "G6", "H6", "I6", "J6", "F7", "G7", "H7", "I7", "F8", "G8", "H8", "F9", "G9", "H9", "F10", "G10"]
        for (index, cell) in bens.enumerated() {
            table.type("Amber", cell)
            table.press("Amber", .enter, .enter)
            if index < bens.count - 1 {
                table.type("Ben", ["J", "I", "H"][index % 3] + String(index / 3 + 1))
                table.press("Ben", .enter, .enter)
            }
        }
        let ben = table.screen("Ben", width: 100, height: 30)
        #expect(ben.contains("*** You lost. ***"), "\(ben)")
        #expect(ben.hasPrefix("Battleship (classic)") && ben.contains("Your fleet                           Enemy fleet"))
        let enemyRow1 = try #require(ben.split(separator: "\n").first { $0.hasPrefix(" 1 ") })
        #expect(enemyRow1.dropFirst(37).contains("#"), "Amber's carrier, revealed on Ben's enemy board: \(ben)")
        #expect(!enemyRow1.prefix(33).contains("#"), "and not drawn as his own")
    }

    /// Each board's newest shot is between parentheses in live play as in a replay: the
    /// cursor, which stays where its player last fired, is drawn only for a player about to
    /// act, and in colour (a reversed cell) it leaves the parentheses in place.
    @Test func theNewestShotIsMarkedOnBothBoards() throws {
        var table = PlayTable("Amber", "Ben")
        table.gather(host: "Amber", guests: "Ben")
        table.placeClassicFleets(host: "Amber", at: ["A1", "A2", "A3", "A4", "A5"], guest: "Ben", at: ["F6", "F7", "F8", "F9", "F10"])
        table.type("Amber", "B2")
        table.press("Amber", .enter, .enter)
        table.type("Ben", "C3")
        table.press("Ben", .enter, .enter)
        let rows = { (screen: String, row: String) throws -> Substring in
            try #require(screen.split(separator: "\n").first { $0.hasPrefix(row) }, "\(screen)")
        }
        // Ben waits: no cursor, his own board's newest shot (B2) and the enemy's (C3) marked.
        let ben = table.screen("Ben")
        #expect(try rows(ben, " 2 ").contains(" 2  . (o) . "), "\(ben)")
        #expect(try rows(ben, " 3 ").hasSuffix(" 3  .  . (X) .  .  .  .  .  .  ."), "\(ben)")
        #expect(!ben.split(separator: "\n").dropFirst().contains { $0.contains("[") }, "no cursor while he waits: \(ben)")
        // Amber's turn: in colour her cursor sits on her newest shot, still in parentheses.
        let amber = table.colourScreen("Amber")
        #expect(try rows(amber, " 2 ").hasSuffix(" 2  . (o) .  .  .  .  .  .  .  ."), "\(amber)")
        #expect(try rows(amber, " 3 ").hasPrefix(" 3  #  # (X) . "), "\(amber)")
    }

    @Test func classicFleetIsPlacedWithRotation() {
        var table = PlayTable("Amber", "Ben")
        table.gather(host: "Amber", guests: "Ben")
        table.press("Amber", .right, .enter)
        #expect(table.screen("Amber").contains("Carrier, 5 across: Enter places"))

        // A carrier across from J1 leaves the board; turned, it runs down column J.
        table.type("Amber", "J1")
        table.press("Amber", .enter)
        #expect(table.screen("Amber").contains("The carrier does not fit there"))
        table.type("Amber", "r")
        #expect(table.screen("Amber").contains("Carrier, 5 down: Enter places"))
        table.press("Amber", .enter)
        // Still turned down, the battleship from J1 would cross the carrier; from I1 it fits.
        table.type("Amber", "J1")
        table.press("Amber", .enter)
        #expect(table.screen("Amber").contains("The battleship would cross the carrier at J1."))
        table.type("Amber", "I1")
        table.press("Amber", .enter)
        // Turned across again; Backspace takes the last ship back.
        table.type("Amber", "r")
        table.type("Amber", "A1")
        table.press("Amber", .enter, .backspace, .enter)
        for cell in ["A3", "A5"] {
            table.type("Amber", cell)
            table.press("Amber", .enter)
        }
        let placed = table.screen("Amber")
        #expect(placed.contains(" 1  #  #  #  .  .  .  .  .  #  #"))
        #expect(placed.contains(" 5 [#] #  .  .  .  .  .  .  .  #"), "the cursor rests on the destroyer")
        #expect(table.screen("Amber").contains("Your fleet is placed. Enter sends it, Esc cancels."))
        table.press("Amber", .enter)
        #expect(table.moves(by: "Amber") == 1)

        // Ben places his fleet on his own screen, and cannot see Amber's.
        table.press("Ben", .enter)
        #expect(table.screen("Ben", width: 100, height: 30).contains("Enemy fleet"))
        for cell in ["A1", "A2", "A3", "A4", "A5"] {
            table.type("Ben", cell)
            table.press("Ben", .enter)
        }
        table.press("Ben", .enter)
        #expect(table.moves(by: "Ben") == 1)

        // Amber's expanded screen followed her session: she fires first, and hits.
        #expect(table.screen("Amber").contains("Your turn"))
        table.type("Amber", "B1")
        table.press("Amber", .enter, .enter)
        #expect(table.screen("Amber").contains("Waiting for Ben"))
        #expect(table.screen("Ben").contains("Your turn"))
        let amberSees = table.screen("Amber", width: 100, height: 30)
        #expect(amberSees.contains(" X "), "the hit on Ben's carrier is shown")
    }

    @Test func iceCreamGrowsAndEndsInTheHistory() {
        var table = PlayTable("Amber", "Ben")
        table.gather(host: "Amber", guests: "Ben")
        table.press("Amber", .right, .right, .enter)
        #expect(table.screen("Amber").contains("Select a base:"))
        table.press("Amber", .down, .enter)
        #expect(table.screen("Amber").contains("Add sugar cone? Enter sends it, Esc cancels."))
        table.press("Amber", .enter)
        table.press("Ben", .enter)
        #expect(table.screen("Ben").contains("base: sugar cone"))
        table.press("Ben", .down, .down, .enter, .enter)
        table.press("Amber", .enter, .enter)
        #expect(table.screen("Amber").contains("*** The ice cream is ready! ***"))
        table.press("Amber", .escape)
        #expect(table.screen("Amber", width: 100).contains(
            "Recent ice creams: sugar cone with strawberry scoops and rainbow sprinkles on top"))
    }
}

/// Four in a Row, from the drawer to a win, with the keys a person presses.
@Suite struct FullScreenFourInARowTests {
    @Test func discsAreDroppedUntilFourInARow() {
        var table = PlayTable("Amber", "Ben")
        table.gather(host: "Amber", guests: "Ben")
        // The drawer's fourth game, after Battleship's two and Ice Cream.
        table.press("Amber", .right, .right, .right, .enter)
        #expect(table.screen("Amber").contains("Red (X) to drop"))
        table.press("Amber", .enter)
        #expect(table.screen("Amber").contains("Drop a disc in column 4? Enter sends it, Esc cancels."))
        table.press("Amber", .enter)
        #expect(table.moves(by: "Amber") == 1)
        #expect(table.screen("Ben").contains("Amber dropped in column 4."))
        table.press("Ben", .enter)
        table.type("Ben", "3")
        table.press("Ben", .enter, .enter)
        for _ in 0..<2 {
            table.press("Amber", .enter, .enter)
            table.press("Ben", .enter, .enter)
        }
        // Ben has three yellow discs in column 3; Amber's fourth red one in column 4 wins.
        table.press("Amber", .enter, .enter)
        #expect(table.screen("Amber").contains("*** You won! ***"))
        #expect(table.screen("Ben").contains("*** You lost. ***"))
        #expect(table.screen("Amber").contains("Red (X) won with four in a row"))
        #expect(table.moves(by: "Amber") == 4 && table.moves(by: "Ben") == 3)
    }
}

/// The drawer answers the first Left or Right, wherever the focus was: on a message just
/// received, or on the game just left with Esc.
@Suite struct DrawerKeyTests {
    @Test func theFirstRightAfterAGameMovesAlongTheDrawer() {
        var table = PlayTable("Amber", "Ben")
        table.gather(host: "Amber", guests: "Ben")
        table.hideSeedBoats(by: "Amber")
        // Back from the seed game, the message selected: Right goes to classic, and Enter starts it.
        table.press("Amber", .escape, .right)
        #expect(table.screen("Amber").contains("Start: Battleship (seed/[classic])"), "\(table.screen("Amber"))")
        table.press("Amber", .enter)
        #expect(table.screen("Amber").contains("Battleship (classic)"))
        // Ben's newest message is selected when he arrives: his first Right moves too.
        table.press("Ben", .right)
        #expect(table.screen("Ben").contains("Start: Battleship (seed/[classic])"), "\(table.screen("Ben"))")
    }

    /// Each conversation keeps its own choice in the drawer, which stops at its ends.
    @Test func eachConversationHasItsOwnDrawerChoiceWhichStopsAtTheEnds() {
        var table = PlayTable("Amber", "Ben")
        table.gather(host: "Amber", guests: "Ben")
        table.press("Amber", .left)
        #expect(table.screen("Amber").contains("Start: Battleship ([seed]/classic)"), "no wrap: \(table.screen("Amber"))")
        table.press("Amber", .right, .right, .right, .right, .right)
        #expect(table.screen("Amber").contains("Ice Cream, [Four in a Row]"), "\(table.screen("Amber"))")
        table.press("Amber", .escape, .character("n"))
        #expect(table.screen("Amber").contains("Start: Battleship ([seed]/classic)"), "a new conversation's own: \(table.screen("Amber"))")
    }
}

/// Scrolled back to an older message, a player is told of the newer ones below the screen.
@Suite struct ScrolledBackTests {
    @Test func newerMessagesBelowTheViewAreAnnounced() {
        var table = PlayTable("Amber", "Ben")
        table.gather(host: "Amber", guests: "Ben")
        table.hideSeedBoats(by: "Amber")
        // A second game: Four in a Row, the drawer's last, and Amber's first disc.
        table.press("Amber", .escape, .right, .right, .right, .enter, .enter, .enter)
        #expect(table.moves(by: "Amber") == 2, "\(table.screen("Amber"))")
        // Ben selects the older message, the seed game: the newer one no longer fits below it.
        table.press("Ben", .up)
        #expect(table.screen("Ben").contains("v 1 newer message below: Down"), "\(table.screen("Ben"))")
        // Amber starts two more games (Ice Cream, Four in a Row); they arrive below Ben's selection.
        table.press("Amber", .escape, .left, .enter, .enter, .enter)
        table.press("Amber", .escape, .right, .enter, .enter, .enter)
        #expect(table.moves(by: "Amber") == 4, "\(table.screen("Amber"))")
        let ben = table.screen("Ben")
        #expect(ben.contains("newer messages below: Down"), "\(ben)")
        #expect(ben.contains("Amber placed their ships"), "the selection stays on screen")
        // Down walks to them; at the newest, nothing is below.
        table.press("Ben", .down, .down, .down)
        #expect(!table.screen("Ben").contains("newer"), "\(table.screen("Ben"))")
    }
}

/// Below 80x24 the board a player fires at is still whole on screen, or the screen says it
/// is too small; it was cut off without a word.
@Suite struct SmallWindowTests {
    @Test func theEnemyBoardIsWholeOnASmallScreen() {
        var table = PlayTable("Amber", "Ben")
        table.gather(host: "Amber", guests: "Ben")
        table.placeClassicFleets(host: "Amber", at: ["A1", "A2", "A3", "A4", "A5"], guest: "Ben", at: ["A1", "A2", "A3", "A4", "A5"])
        table.type("Amber", "J10")
        let small = table.screen("Amber", width: 60, height: 16)
        #expect(small.contains("Enemy fleet"), "\(small)")
        #expect(small.contains("10  .  .  .  .  .  .  .  .  . [.]"), "the last row, with the cursor: \(small)")
        let narrow = table.screen("Amber", width: 56, height: 18)
        #expect(narrow.contains("Your fleet") && narrow.contains("Enemy fleet"), "\(narrow)")
        let tiny = table.screen("Amber", width: 40, height: 12)
        #expect(tiny.contains("Too small a window for the board:"), "\(tiny)")
        // The window holds the top and bottom lines too: it needs 16 lines, 4 more than 12.
        #expect(tiny.contains("make it 4 lines taller."), "not the board's own size, smaller than the window: \(tiny)")
    }
}

/// At 80 columns, the documented least, every screen's lines are whole: no hint, turn or
/// prompt is cut with "…".
@Suite struct EightyColumnTests {
    static func cut(_ screen: String) -> [Substring] {
        screen.split(separator: "\n").filter { $0.contains("…") }
    }

    @Test func everyHintFitsEightyColumns() {
        var table = PlayTable("Amber", "Ben", turnTimeouts: ["battleship": 300])
        var screens: [String] = []
        func look(_ name: String) { screens.append(table.screen(name)) }
        look("Amber")
        table.gather(host: "Amber", guests: "Ben")
        look("Amber")
        table.press("Amber", .enter)
        look("Amber")
        table.press("Amber", .escape, .right, .enter)
        for cell in ["A1", "A2", "A3", "A4", "A5"] {
            look("Amber")
            table.type("Amber", cell)
            table.press("Amber", .enter)
        }
        table.press("Amber", .enter)
        table.press("Ben", .enter, .character(" "), .enter)
        table.setClock(of: "Amber", to: table.now)
        look("Amber")
        look("Ben")
        table.press("Amber", .escape)
        look("Amber")
        table.press("Amber", .escape)
        look("Amber")
        for screen in screens {
            #expect(Self.cut(screen).isEmpty, "\(screen)")
        }
    }
}

/// The list of conversations says whose turn it is and in which game, in plain words.
@Suite struct ConversationListTests {
    @Test func anEntryNamesItsGameOnce() {
        var table = PlayTable("Amber", "Ben")
        table.gather(host: "Amber", guests: "Ben")
        table.hideSeedBoats(by: "Amber")
        table.press("Ben", .escape)
        let list = table.screen("Ben")
        #expect(list.contains("> 1. * [you, Amber]  Battleship (seed) · Your turn"), "Ben's turn, marked: \(list)")
        #expect(list.contains("\n       invite "), "the invite on a line of its own")
        table.press("Amber", .escape, .escape)
        #expect(table.screen("Amber").contains("> 1.   [you, Ben]  Battleship (seed) · Waiting for Ben"), "\(table.screen("Amber"))")
    }
}

/// Ctrl-R resigns a game (asked first: Enter resigns, Esc thinks better of it); m on a finished
/// game starts the same game again, its first move by the other player this time.
@Suite struct ResignAndRematchTests {
    /// Amber and Ben each drop a disc in a game of Four in a Row; both on its screen.
    static func twoDiscs() -> PlayTable {
        var table = PlayTable("Amber", "Ben")
        table.gather(host: "Amber", guests: "Ben")
        table.press("Amber", .right, .right, .right, .enter, .enter, .enter)
        table.press("Ben", .enter, .enter, .enter)
        #expect(table.moves(by: "Amber") == 1 && table.moves(by: "Ben") == 1)
        return table
    }

    @Test func aPlayerResignsAfterSayingYes() {
        var table = Self.twoDiscs()
        table.press("Amber", .control("r"))
        #expect(table.screen("Amber").contains("Resign this game? Enter resigns, Esc cancels."))
        table.press("Amber", .escape)
        #expect(!table.screen("Amber").contains("Resign this game?"), "Esc thinks better of it")
        #expect(table.resignations(by: "Amber") == 0)
        table.press("Amber", .control("r"), .enter)
        #expect(table.resignations(by: "Amber") == 1)
        #expect(table.screen("Amber").contains("*** You resigned. ***"), "\(table.screen("Amber"))")
        #expect(table.screen("Ben").contains("*** Amber resigned: you won! ***"), "\(table.screen("Ben"))")
        table.press("Ben", .escape)
        #expect(table.screen("Ben").contains("-- Amber resigned. Game over: you won --"), "\(table.screen("Ben"))")
        // A finished game takes no resignation.
        table.press("Amber", .control("r"))
        #expect(!table.screen("Amber").contains("Resign this game?"))
    }

    /// Friends choose a new game's time a move with Ctrl-T; the rematch keeps it, started by
    /// the one who did not choose it.
    @Test func friendsChooseTheTimeAMoveAndARematchKeepsIt() throws {
        var table = PlayTable("Amber", "Ben")
        table.gather(host: "Amber", guests: "Ben")
        table.press("Amber", .right, .right, .right, .enter)
        #expect(table.screen("Amber").contains("Four in a Row, its own time a move (Ctrl-T)"), "\(table.screen("Amber"))")
        table.press("Amber", .control("t"), .control("t"), .control("t"))
        #expect(table.screen("Amber").contains("Four in a Row, 1 day a move (Ctrl-T)"), "\(table.screen("Amber"))")
        table.press("Amber", .enter, .enter)
        let first = try #require(table.sent["Amber"]?.last)
        guard case let .send(send) = first else { Issue.record("not a send: \(first)"); return }
        #expect(send.secondsPerMove == 86_400)
        table.press("Ben", .enter, .enter, .enter)
        table.press("Amber", .control("r"), .enter)
        table.press("Ben", .enter, .character("m"))
        #expect(table.screen("Ben").contains("Four in a Row, 1 day a move (Ctrl-T)"), "\(table.screen("Ben"))")
        table.press("Ben", .enter, .enter)
        let rematch = try #require(table.sent["Ben"]?.last)
        guard case let .send(again) = rematch else { Issue.record("not a send: \(rematch)"); return }
        #expect(again.secondsPerMove == 86_400 && again.session == nil)
        // Once sent, the game's screen no longer offers a time.
        #expect(!table.screen("Ben").contains("(Ctrl-T)"), "\(table.screen("Ben"))")
    }

    @Test func theOtherPlayerStartsTheRematch() {
        var table = Self.twoDiscs()
        table.press("Amber", .control("r"), .enter)
        #expect(table.screen("Amber").contains("m: a rematch"), "\(table.screen("Amber"))")
        // Amber went first: Ben starts the rematch, so that they take turns.
        table.press("Amber", .character("m"))
        #expect(table.screen("Amber").contains("! Ben starts the rematch, so that you take turns going first."))
        table.press("Ben", .enter, .character("m"))
        #expect(table.screen("Ben").contains("Red (X) to drop"), "a new game: \(table.screen("Ben"))")
        table.press("Ben", .enter, .enter)
        #expect(table.moves(by: "Ben") == 2)
        table.press("Amber", .escape)
        #expect(table.screen("Amber").contains("Ben dropped in column 4."), "\(table.screen("Amber"))")
    }

    /// Amber, still on the finished game, sees that Ben started a rematch and that it is her
    /// move; her bell rings as for any turn, and `m` opens his rematch.
    @Test func aRematchStartedByTheOtherIsShownAndRings() {
        var table = Self.twoDiscs()
        table.press("Amber", .control("r"), .enter)
        var bell = TurnBell(isOn: true)
        let start = ContinuousClock.now
        _ = bell.ring(yourTurns: table.models["Amber"]!.yourTurns, at: start)
        table.press("Ben", .enter, .character("m"), .enter, .enter)
        let amber = table.screen("Amber")
        #expect(amber.contains("Ben started a rematch, your move: m opens it"), "\(amber)")
        let rings = bell.ring(yourTurns: table.models["Amber"]!.yourTurns, at: start + .seconds(10))
        #expect(rings, "her turn in the rematch rings")
        table.press("Amber", .character("m"))
        let opened = table.screen("Amber")
        #expect(opened.contains("Ben dropped in column 4.") && opened.contains("Your turn"), "\(opened)")
        table.press("Amber", .enter, .enter)
        #expect(table.moves(by: "Amber") == 2, "her move in the rematch")
    }
}

/// A timed turn's clock runs down on the top line and in the list of conversations.
@Suite struct TurnClockTests {
    @Test func theTimeLeftIsShownAsItRunsDown() {
        var table = PlayTable("Amber", "Ben", turnTimeouts: ["fourinarow": 300])
        table.gather(host: "Amber", guests: "Ben")
        table.press("Amber", .right, .right, .right, .enter, .enter, .enter)
        let dropped = table.now
        table.setClock(of: "Ben", to: dropped + 1)
        table.press("Ben", .enter)
        #expect(table.screen("Ben").contains("Your turn: Drop a disc · 4:59 left"), "\(table.screen("Ben"))")
        table.setClock(of: "Ben", to: dropped + 250)
        #expect(table.screen("Ben").contains("· 0:50 left"))
        table.setClock(of: "Amber", to: dropped + 10)
        #expect(table.screen("Amber").contains("Waiting for Ben · 4:50 left"), "\(table.screen("Amber"))")
        table.press("Ben", .escape)
        let conversation = table.screen("Ben").split(separator: "\n").first ?? ""
        #expect(conversation.contains("| Your turn · 0:50 left"), "over a conversation, the clock and not the prompt: \(conversation)")
        table.press("Ben", .escape)
        #expect(table.screen("Ben").contains("* [you, Amber]  Four in a Row · Your turn · 0:50 left"), "\(table.screen("Ben"))")
        // Ben drops: the clock is Amber's now.
        table.press("Ben", .enter, .enter, .enter, .enter)
        #expect(table.moves(by: "Ben") == 1)
        table.setClock(of: "Amber", to: table.now + 2)
        #expect(table.screen("Amber").contains("Your turn: Drop a disc · 4:58 left"), "\(table.screen("Amber"))")
    }

    /// Offline, the clock stands at the time left when the connection dropped, said to be
    /// paused: the client cannot see the server's clock, which stands still while it is down.
    @Test func offlineTheClockStandsStill() {
        var table = PlayTable("Amber", "Ben", turnTimeouts: ["fourinarow": 300])
        table.gather(host: "Amber", guests: "Ben")
        table.press("Amber", .right, .right, .right, .enter, .enter, .enter)
        let dropped = table.now
        table.setClock(of: "Amber", to: dropped + 13)
        table.update("Amber", .offline(reason: "the connection closed"))
        table.setClock(of: "Amber", to: dropped + 43)
        let offline = table.screen("Amber")
        #expect(offline.contains("· 4:47 left, paused") && offline.contains("[offline]"), "\(offline)")
        table.press("Amber", .escape, .escape)
        #expect(table.screen("Amber").contains("· 4:47 left, paused"), "the list too: \(table.screen("Amber"))")
        table.update("Amber", .online(account: "account-of-Amber"))
        #expect(table.screen("Amber").contains("· 4:17 left") && !table.screen("Amber").contains("paused"))
    }
}

/// Placing a fleet: the next ship's ghost under the cursor, and Space for the rest at random.
@Suite struct PlacementTests {
    @Test func theNextShipShowsUnderTheCursor() {
        var table = PlayTable("Amber", "Ben")
        table.gather(host: "Amber", guests: "Ben")
        table.press("Amber", .right, .enter)
        table.type("Amber", "C3")
        let carrier = table.screen("Amber")
        #expect(carrier.contains(" 3  .  . [+] +  +  +  +  .  .  ."), "the carrier across from C3: \(carrier)")
        table.type("Amber", "r")
        #expect(table.screen("Amber").contains(" 4  .  .  +  .  ."), "turned, it runs down")
        // At the edge only what stays on the board shows.
        table.type("Amber", "r")
        table.type("Amber", "H1")
        #expect(table.screen("Amber").contains(" 1  .  .  .  .  .  .  . [+] +  +      1"), "\(table.screen("Amber"))")
    }

    @Test func spacePlacesTheRestAtRandom() {
        var table = PlayTable("Amber", "Ben")
        table.gather(host: "Amber", guests: "Ben")
        table.press("Amber", .right, .enter)
        table.type("Amber", "A1")
        table.press("Amber", .enter)
        table.type("Amber", " ")
        let placed = table.screen("Amber")
        #expect(placed.contains("Your fleet is placed. Enter sends it, Esc cancels."), "\(placed)")
        #expect(placed.contains(" 1 [#] #  #  #  #"), "the carrier stays where it was put")
        let rows = placed.split(separator: "\n").filter { Int($0.prefix(3).trimmingCharacters(in: .whitespaces)) != nil }
        #expect(rows.count == 10)
        let shipCells = rows.map { $0.dropFirst(4).prefix(30) }
            .reduce(0) { $0 + $1.filter { $0 == "#" }.count }
        #expect(shipCells == 17, "the whole fleet: 5+4+3+3+2 cells: \(placed)")
        table.press("Amber", .enter)
        #expect(table.moves(by: "Amber") == 1, "the server takes it")

        // The seed: Space hides both boats.
        var seed = PlayTable("Amber", "Ben")
        seed.gather(host: "Amber", guests: "Ben")
        seed.press("Amber", .enter)
        seed.type("Amber", " ")
        #expect(seed.screen("Amber").contains("Hide your boats at "), "\(seed.screen("Amber"))")
        seed.press("Amber", .enter)
        #expect(seed.moves(by: "Amber") == 1)
    }
}

/// A game's screen says the newest move in words over the board, to each in their own words.
@Suite struct NewestMoveCaptionTests {
    @Test func theNewestMoveIsSaidOverTheBoard() {
        var table = PlayTable("Amber", "Ben")
        table.gather(host: "Amber", guests: "Ben")
        table.hideSeedBoats(by: "Amber")
        #expect(table.screen("Amber").contains("You hid your ships."), "\(table.screen("Amber"))")
        table.press("Ben", .enter)
        #expect(table.screen("Ben").contains("Amber placed their ships! Can you find them?"))
        table.type("Ben", "8")
        table.press("Ben", .enter, .enter)
        #expect(table.screen("Ben").contains("You fired at 8: a miss."), "\(table.screen("Ben"))")
        #expect(table.screen("Amber").contains("Ben fired at 8: a miss."), "\(table.screen("Amber"))")
    }
}
