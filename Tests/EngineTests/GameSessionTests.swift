import Engine
import Foundation
import GameRules
import Testing
import Transcript
import Wire

@Suite struct GameSessionTests {
    /// Amber and Ben in one conversation; Chris too when `three`.
    static func table(three: Bool = false) -> (EngineHarness, ConversationID) {
        var harness = EngineHarness()
        let created = harness.create(by: "amber")
        harness.join(created.invite, by: "ben")
        if three { harness.join(created.invite, by: "chris") }
        return (harness, created.conversation)
    }

    @Test func aSeedGameIsPlayedToTheEndAndTheGuesserNeverSeesTheShips() throws {
        var (harness, conversation) = Self.table()
        let placed = harness.start("battleship", url: "www.shinobicontrols.com/battleship?Ship_Location=0&Ship_Location=4&Is_Complete=0",
                                   in: conversation, by: "amber")
        #expect(placed?.isAccepted == true)
        for cell in ["8", "0", "4"] {
            let current = try #require(harness.lastMessage(in: conversation, for: "ben"))
            #expect(current.status?.turn.allows(harness.id(of: "ben", seenBy: "ben")) == true)
            #expect(current.status?.turn.allows(harness.id(of: "amber", seenBy: "ben")) == false)
            #expect(harness.reply(to: current, with: "Shot=\(cell)", by: "ben")?.isAccepted == true)
        }
        let end = try #require(harness.lastMessage(in: conversation, for: "ben"))
        #expect(end.status?.outcome.finished == true)
        #expect(end.status?.turn.kind == .nobody)
        // Over: nothing is secret any more, and the guesser's last copy reveals the ships.
        #expect(end.message?.url == "https://parley.test/g/battleship?Ship_Location=0&Ship_Location=4&Shot=8-miss&Shot=0-hit&Shot=4-hit&Is_Complete=1")

        // Ben's identifier for Amber opens the caption of the placement, in Ben's own view.
        let bensAmber = harness.id(of: "amber", seenBy: "ben")
        #expect(bensAmber != harness.id(of: "amber", seenBy: "amber"))
        let placement = try #require(harness.events(of: "ben").first { $0.kind == .message })
        #expect(placement.message?.layout.caption == "\(bensAmber.token) placed their ships! Can you find them?")
        #expect(placement.message?.sender == bensAmber)
        #expect(end.message?.layout.caption?.hasSuffix("destroyed all the ships!") == true)
        #expect(end.status?.outcome.winners.count == 1 && end.status?.outcome.losers == [bensAmber])

        for event in harness.events(of: "ben") where event.kind == .message && event.seq != end.seq {
            #expect(event.message?.url.contains("Ship_Location") == false, "the guesser saw the ships in \(event.seq)")
        }
        #expect(harness.lastMessage(in: conversation, for: "amber")?.message?.url.contains("Ship_Location=4") == true)
    }

    @Test func movesOutOfTurnAndIllegalMovesAreRefusedAndChangeNothing() throws {
        var (harness, conversation) = Self.table()
        harness.start("battleship", url: "?Ship_Location=0&Ship_Location=4", in: conversation, by: "amber")
        let current = try #require(harness.lastMessage(in: conversation, for: "amber"))
        let before = harness.log.count
        #expect(harness.reply(to: current, with: "Shot=4", by: "amber")?.rejection == ErrorFrame(
            code: "battleship.hider-may-not-guess", reason: "You hid the ships, so you may not guess."))
        let bens = try #require(harness.lastMessage(in: conversation, for: "ben"))
        #expect(harness.reply(to: bens, with: "Shot=4-hit", by: "ben")?.rejection?.code == "battleship.result-claimed")
        #expect(harness.reply(to: bens, with: "Shot=9", by: "ben")?.rejection?.code == "undecodable-state")
        #expect(harness.log.count == before, "a refusal stored something")
    }

    @Test func twoRepliesToTheSameMessageOneWinsTheOtherIsStale() throws {
        var (harness, conversation) = Self.table(three: true)
        harness.start("icecream", url: "?Base=base01", in: conversation, by: "amber")
        let bens = try #require(harness.lastMessage(in: conversation, for: "ben"))
        let chriss = try #require(harness.lastMessage(in: conversation, for: "chris"))
        #expect(harness.reply(to: bens, with: "Scoops=scoops02", by: "ben")?.isAccepted == true)
        let stale = harness.reply(to: chriss, with: "Scoops=scoops05", by: "chris")
        guard case let .rejected(rejected)? = stale else {
            Issue.record("the second reply was not refused: \(String(describing: stale))")
            return
        }
        #expect(rejected.error.code == "stale")
        #expect(rejected.current?.seq == 5)
        #expect(rejected.current?.message?.url == "https://parley.test/g/icecream?Base=base01&Scoops=scoops02")
        // Chris starts again from the current message and finishes it.
        #expect(harness.reply(to: try #require(rejected.current), with: "Topping=topping03", by: "chris")?.isAccepted == true)
        #expect(harness.lastMessage(in: conversation, for: "amber")?.message?.layout.caption == "Our finished ice cream")
    }

    @Test func aResentMessageGetsItsFirstAnswerAndIsNotAppliedTwice() throws {
        var (harness, conversation) = Self.table()
        let send = ClientFrame.send(.init(id: "m-1", conversation: conversation, game: "icecream", url: "?Base=base02"))
        let first = harness.handle(send, from: "amber")
        let events = harness.log.count
        let again = harness.handle(send, from: "amber")
        #expect(first == again && first.first?.isAccepted == true)
        #expect(harness.log.count == events)
    }

    @Test func continuingASessionNeedsItsCurrentSeqAndTheSameGame() throws {
        var (harness, conversation) = Self.table()
        harness.start("icecream", url: "?Base=base01", in: conversation, by: "amber")
        let current = try #require(harness.lastMessage(in: conversation, for: "ben"))
        let session = try #require(current.message?.session?.uuidString)
        let noBase = harness.handle(.send(.init(id: "a", conversation: conversation, game: "icecream", session: session,
                                                url: "?Base=base01&Scoops=scoops01")), from: "ben")
        #expect(noBase.first?.rejection?.code == "based-on-required")
        let wrongGame = harness.handle(.send(.init(id: "b", conversation: conversation, game: "battleship", session: session,
                                                   basedOn: current.seq, url: "?Base=base01")), from: "ben")
        #expect(wrongGame.first?.rejection == ErrorFrame(code: "wrong-game", reason: "This session is a game of icecream, not battleship."))
        let unknown = harness.handle(.send(.init(id: "c", conversation: conversation, game: "chess", url: "?")), from: "ben")
        #expect(unknown.first?.rejection?.code == "unknown-game")
    }
}
