import Foundation
import GamePresentation
import TerminalUI
import Testing
import Transcript
import Wire

@Suite("Status line")
struct StatusLineTests {
    static let cases: [(GameStatus?, ParticipantID, String)] = [
        (Cast.status(.player, [Cast.amber]), Cast.amber, "Your turn"),
        (Cast.status(.player, [Cast.amber]), Cast.ben, "Waiting for Amber"),
        (Cast.status(.anyoneExcept, [Cast.ben]), Cast.amber, "Anyone but Ben"),
        (Cast.status(.anyoneExcept, [Cast.amber]), Cast.amber, "Anyone but you"),
        (Cast.status(.anyoneExcept, [Cast.amber, Cast.ben, Cast.chris]), Cast.chris, "Anyone but Amber, Ben and you"),
        (Cast.status(.anyone), Cast.amber, "Anyone's turn"),
        (Cast.status(.nobody, finished: true, winners: [Cast.amber], losers: [Cast.ben]), Cast.chris, "Game over: Amber won"),
        (Cast.status(.nobody, finished: true, winners: [Cast.amber], losers: [Cast.ben]), Cast.amber, "Game over: you won"),
        (Cast.status(.nobody, finished: true, losers: [Cast.ben]), Cast.amber, "Game over: Ben lost"),
        (Cast.status(.nobody, finished: true), Cast.amber, "Game over"),
        (nil, Cast.amber, "No game yet"),
    ]

    @Test(arguments: cases)
    func turnInWords(status: GameStatus?, viewer: ParticipantID, expected: String) {
        #expect(StatusLine(status: status, online: true, names: Cast.names, viewer: viewer).turnText == expected)
    }

    /// In a conversation of two players (spectators aside), a turn for anyone but one of them
    /// is the other's: "Your turn", "Waiting for Ben", never "Anyone but Amber".
    @Test func ofTwoPlayersAnyoneButOneIsTheOther() {
        func text(_ status: GameStatus, _ viewer: ParticipantID, players: [ParticipantID]) -> String {
            var line = StatusLine(status: status, online: true, names: Cast.names, viewer: viewer)
            line.players = players
            return line.turnText
        }
        let butAmber = Cast.status(.anyoneExcept, [Cast.amber])
        #expect(text(butAmber, Cast.ben, players: [Cast.amber, Cast.ben]) == "Your turn")
        #expect(text(butAmber, Cast.amber, players: [Cast.amber, Cast.ben]) == "Waiting for Ben")
        #expect(text(butAmber, Cast.chris, players: [Cast.amber, Cast.ben]) == "Waiting for Ben", "a spectator")
        #expect(text(butAmber, Cast.amber, players: [Cast.amber, Cast.ben, Cast.chris]) == "Anyone but you")
    }

    /// A timed turn's clock runs down on the status line, in whole seconds rounded up.
    @Test func theTurnsClock() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let deadline: Int64 = 1_800_000_300_000
        #expect(StatusLine.timeLeft(until: deadline, now: now) == "5:00 left")
        #expect(StatusLine.timeLeft(until: deadline, now: now + 0.5) == "5:00 left")
        #expect(StatusLine.timeLeft(until: deadline, now: now + 1) == "4:59 left")
        #expect(StatusLine.timeLeft(until: deadline, now: now + 291) == "0:09 left")
        #expect(StatusLine.timeLeft(until: deadline, now: now + 300) == "time is up")
        #expect(StatusLine.timeLeft(until: deadline, now: now + 900) == "time is up")
        #expect(StatusLine.timeLeft(until: deadline + 3_600_000, now: now) == "1:05:00 left")
        var status = Cast.status(.player, [Cast.amber], prompt: "Fire away")
        status.deadline = deadline
        let line = StatusLine(status: status, online: true, names: Cast.names, viewer: Cast.amber, now: now + 60)
        #expect(line.text == "Your turn: Fire away · 4:00 left")
        #expect(StatusLine(status: status, online: true, names: Cast.names, viewer: Cast.ben, now: now).text == "Waiting for Amber · 5:00 left")
        #expect(StatusLine(status: status, online: true, names: Cast.names, viewer: Cast.amber).text == "Your turn: Fire away",
                "without a clock, no time")
    }

    @Test func aPlayerWithoutANameIsSomeone() {
        let line = StatusLine(status: Cast.status(.player, [Cast.chris]), online: true, names: NameBook(), viewer: Cast.amber)
        #expect(line.turnText == "Waiting for someone")
    }

    @Test func thePromptShowsOnlyWhenItIsYourTurn() {
        let status = Cast.status(.anyoneExcept, [Cast.ben], prompt: "Add some scoops", game: "icecream")
        #expect(StatusLine(status: status, online: true, names: Cast.names, viewer: Cast.amber).text
            == "Anyone but Ben: Add some scoops")
        #expect(StatusLine(status: status, online: true, names: Cast.names, viewer: Cast.ben).text == "Anyone but you")
    }

    @Test func theMarkerSitsAtTheRightEdge() {
        let online = StatusLine(status: Cast.status(.player, [Cast.ben]), online: true, names: Cast.names, viewer: Cast.amber)
        #expect(online.line(title: "Amber & Ben", width: 40).plainText == "Amber & Ben | Waiting for Ben   [online]")
        var offline = online
        offline.online = false
        #expect(offline.line(title: "Amber & Ben", width: 30).plainText == "Amber & Ben | Waiti… [offline]")
        #expect(offline.line(title: "Amber & Ben", width: 30).render(.colour).hasSuffix("\u{1B}[1;31m[offline]\u{1B}[0m"))
    }
}
