import Engine
import Foundation
import Testing
import Transcript
import Wire

/// A conversation keeps the state as each seat saw it only for its newest entries; an older
/// entry, read again (a resume from memory), is worked out from the true state and is the same
/// event each member received live, hidden ships still hidden.
@Suite struct EntryViewsTests {
    @Test func anOlderEntryReadAgainIsWhatEachMemberReceivedLive() throws {
        var (harness, conversation) = GameSessionTests.table(three: true)
        let placed = harness.start(
            "battleship", url: "?Ship_Location=0&Ship_Location=4&Is_Complete=0", in: conversation, by: "amber")
        #expect(placed?.isAccepted == true)
        for cell in ["8", "1", "0"] {
            let current = try #require(harness.lastMessage(in: conversation, for: "ben"))
            #expect(harness.reply(to: current, with: "Shot=\(cell)", by: "ben")?.isAccepted == true)
        }
        // Newer entries after the game's: an ice cream of Chris's.
        #expect(harness.start("icecream", variant: "solo", url: "?Base=base02", in: conversation, by: "chris")?.isAccepted == true)

        var compared = 0
        for account: AccountID in ["amber", "ben", "chris"] {
            for live in harness.events(of: account) where live.kind == .message {
                let again = try #require(harness.engine.event(conversation: conversation, seq: live.seq, for: account))
                #expect(again == live, "seq \(live.seq) for \(account)")
                compared += 1
            }
        }
        #expect(compared == 3 * 5)
        // Chris holds no seat in the Battleship game: a spectator's view, never the ships.
        for event in harness.events(of: "chris") where event.message?.game == "battleship" {
            let again = try #require(harness.engine.event(conversation: conversation, seq: event.seq, for: "chris"))
            #expect(again.message?.url.contains("Ship_Location") == false)
        }
    }
}
