import GamePresentation
import Play
import TerminalUI
import Testing

/// Refusals shown in words, the view refreshed, and what the client does while offline.
@Suite struct FullScreenErrorTests {
    @Test func staleMoveIsRefusedAndTheViewRefreshed() {
        var table = PlayTable("Amber", "Ben", "Chris")
        table.gather(host: "Amber", guests: "Ben", "Chris")
        // The drawer's third game, after Battleship's two.
        table.press("Amber", .right, .right, .enter, .enter, .enter)
        // Ben and Chris both answer Amber's base; Ben's reaches the server first.
        table.press("Ben", .enter, .enter)
        table.press("Chris", .enter, .down, .enter)
        #expect(table.screen("Chris").contains("Add chocolate?"))
        table.press("Ben", .enter)
        #expect(table.screen("Chris").contains("Anyone but Ben: Finish with a topping"), "Ben's move arrives")
        #expect(table.screen("Chris").contains("Add chocolate?"), "and Chris's staged move stays staged")
        table.press("Chris", .enter)
        let chris = table.screen("Chris")
        #expect(chris.contains("! Ben moved first: the game now shows their move."), "the race said as a person would")
        #expect(!chris.contains("event"), "not in the protocol's words")
        #expect(chris.contains("scoops: vanilla"), "the view shows the current state")
        #expect(!chris.contains("Add chocolate?"), "the stale draft is dropped")
    }

    @Test func moveOutOfTurnIsRefusedInWords() {
        var table = PlayTable("Amber", "Ben")
        table.gather(host: "Amber", guests: "Ben")
        table.hideSeedBoats(by: "Amber")
        #expect(table.screen("Amber").contains("Not your turn"))
        table.type("Amber", "1")
        table.press("Amber", .enter, .enter)
        #expect(table.moves(by: "Amber") == 2)
        #expect(table.screen("Amber").contains("! You hid the ships, so you may not guess."))
    }

    /// An error line is about what the player just did: the next key, the next move that
    /// arrives and going back to the conversation each clear it.
    @Test func anErrorLineLastsUntilTheNextKeyOrMove() {
        var table = PlayTable("Amber", "Ben")
        table.gather(host: "Amber", guests: "Ben")
        table.press("Amber", .right, .enter)
        table.type("Amber", "J1")
        table.press("Amber", .enter)
        #expect(table.screen("Amber").contains("! The carrier does not fit there"))
        table.type("Amber", "r")
        #expect(!table.screen("Amber").contains("! "), "r turned the carrier: the error is answered")
        table.press("Amber", .escape)
        #expect(!table.screen("Amber").contains("! "))

        // A refusal from the server stays until the next move arrives.
        table.press("Amber", .left, .enter)
        table.type("Amber", "0")
        table.press("Amber", .enter)
        table.type("Amber", "4")
        table.press("Amber", .enter, .enter)
        table.type("Amber", "1")
        table.press("Amber", .enter, .enter)
        #expect(table.screen("Amber").contains("! You hid the ships, so you may not guess."))
        table.press("Ben", .enter)
        table.type("Ben", "1")
        table.press("Ben", .enter, .enter)
        #expect(!table.screen("Amber").contains("! "), "Ben's shot arrived: \(table.screen("Amber"))")
        #expect(table.moves(by: "Ben") == 1)
    }

    /// A move sent while offline says it waits to be sent, not that Enter sends it.
    @Test func aMoveSentOfflineSaysItWaitsToBeSent() {
        var table = PlayTable("Amber", "Ben")
        table.gather(host: "Amber", guests: "Ben")
        table.press("Amber", .right, .right, .right, .enter, .enter)
        #expect(table.screen("Amber").contains("> Drop a disc in column 4? Enter sends it, Esc cancels."))
        table.update("Amber", .offline(reason: "the connection closed"))
        // Enter hands the move to the session, which sends it once the client is back.
        table.configure("Amber") { #expect($0.press(.enter).count == 1) }
        let waiting = table.screen("Amber")
        #expect(waiting.contains("> Waiting to send (offline): Drop a disc in column 4\n"), "\(waiting)")
    }

    /// A request whose answer never comes fails when its time is up: the player is told, and
    /// the move is staged again for Enter to send once more.
    @Test func aMoveWithoutAnAnswerIsStagedAgain() throws {
        var table = PlayTable("Amber", "Ben")
        table.gather(host: "Amber", guests: "Ben")
        table.press("Amber", .right, .right, .right, .enter, .enter)
        var sent: PlayRequest?
        table.configure("Amber") { model in
            if case let .request(request)? = model.press(.enter).first { sent = request }
        }
        let request = try #require(sent)
        table.configure("Amber") { $0.failed(request, reason: "no answer from the server within 30 seconds") }
        let told = table.screen("Amber")
        #expect(told.contains("! Failed: no answer from the server within 30 seconds; try again."), "\(told)")
        #expect(told.contains("> Drop a disc in column 4? Enter sends it, Esc cancels."), "\(told)")
        table.press("Amber", .enter)
        #expect(table.moves(by: "Amber") == 1, "Enter sends it again")
    }

    /// A game the server's operator ended reads as over on its own screen: no "anyone but
    /// you", no keys that stage a move; the first sign is not a refused move.
    @Test func aGameTheOperatorEndedIsOverOnItsScreen() throws {
        var table = PlayTable("Amber", "Ben")
        table.gather(host: "Amber", guests: "Ben")
        table.press("Amber", .right, .right, .enter, .enter, .enter)
        table.press("Ben", .enter)
        #expect(table.screen("Ben").contains("Your turn"))
        let session = try #require(table.models["Ben"]!.book.events.values.flatMap { $0 }.last { $0.status != nil }?.status?.session)
        table.operatorEnds(session: session)
        let ben = table.screen("Ben")
        #expect(!ben.contains("Your turn"), "\(ben)")
        #expect(ben.contains("*** Game over ***"))
        #expect(ben.contains("Esc returns to the conversation"))
        table.press("Ben", .enter)
        #expect(!table.screen("Ben").contains("Enter sends it"), "nothing can be staged in a game that is over")
        #expect(table.moves(by: "Ben") == 0)
    }

    @Test func offlineIsShownUntilTheClientIsBack() {
        var table = PlayTable("Amber")
        #expect(table.screen("Amber").contains("[online]"))
        table.update("Amber", .offline(reason: "connection reset"))
        #expect(table.screen("Amber").contains("[offline]"))
        table.update("Amber", .online(account: "again"))
        #expect(table.screen("Amber").contains("[online]"))
    }

    @Test func typedInviteCodeIsSentOnlyWithEnter() {
        var table = PlayTable("Amber", "Ben")
        table.press("Amber", .character("n"))
        table.press("Ben", .character("j"))
        table.type("Ben", "NOPE")
        #expect(table.screen("Ben").contains("Invite code: NOPE"))
        table.press("Ben", .escape)
        #expect(table.sent["Ben"]?.count == 1, "only the list at start")
        table.press("Ben", .character("j"))
        table.type("Ben", "NOPE")
        table.press("Ben", .enter)
        #expect(table.screen("Ben").contains("! "), "an unknown code is refused in words")
        #expect(table.screen("Ben").contains("No conversations yet"))
    }

    @Test func screensFitEveryTerminalSize() {
        var table = PlayTable("Amber", "Ben")
        table.gather(host: "Amber", guests: "Ben")
        table.press("Amber", .right, .enter)
        for (width, height) in [(80, 24), (132, 43), (40, 12)] {
            let lines = table.models["Amber"]!.screen(width: width, height: height, mode: .plain)
            #expect(lines.count == height)
            #expect(lines.allSatisfy { $0.count <= width })
        }
    }
}
