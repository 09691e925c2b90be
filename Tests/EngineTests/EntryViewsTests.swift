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
        // Written straight into a frame's bytes, each entry is the frame of its event, for
        // each member: the relay's way and the resume's way agree to the byte.
        var writer = FrameWriter()
        let last = try #require(harness.lastMessage(in: conversation, for: "amber")).seq
        for account: AccountID in ["amber", "ben", "chris"] {
            for seq in 1...last {
                let frame = try #require(harness.engine.frame(ofEntry: seq, in: conversation, for: account))
                writer.clear()
                let written = harness.engine.writeFrame(ofEntry: seq, in: conversation, for: account, into: &writer)
                guard case .event? = written else { Issue.record("seq \(seq) for \(account): \(String(describing: written))"); continue }
                #expect(writer.bytes == FrameWriter.json(frame), "seq \(seq) for \(account)")
            }
        }
        // The relay's one call renders each entry once for each member, the same bytes.
        for seq in 1...last {
            var rendered: [AccountID: [UInt8]] = [:]
            harness.engine.render(EntryReference(conversation: conversation, seq: seq)) { member, write in
                writer.clear()
                #expect(write(&writer) != nil && rendered[member] == nil)
                rendered[member] = writer.bytes
            }
            #expect(Set(rendered.keys) == Set(harness.engine.members(of: conversation)), "seq \(seq)")
            for (account, bytes) in rendered {
                #expect(bytes == FrameWriter.json(try #require(harness.engine.frame(ofEntry: seq, in: conversation, for: account))))
            }
        }
        var none = 0
        harness.engine.render(EntryReference(conversation: conversation, seq: last + 1)) { _, write in
            writer.clear()
            if write(&writer) != nil { none += 1 }
        }
        #expect(none == 0, "no entry beyond the last")
        writer.clear()
        let beyond = harness.engine.writeFrame(ofEntry: last + 1, in: conversation, for: "amber", into: &writer)
        #expect(beyond == nil)
        #expect(writer.bytes.isEmpty)
        // Chris holds no seat in the Battleship game: a spectator's view, never the ships.
        for event in harness.events(of: "chris") where event.message?.game == "battleship" {
            let again = try #require(harness.engine.event(conversation: conversation, seq: event.seq, for: "chris"))
            #expect(again.message?.url.contains("Ship_Location") == false)
        }
    }
}

/// While every member holds a seat, nobody is shown the spectator's view and it is not worked
/// out; a member who joins later is shown it all the same, from the true state.
@Suite struct SpectatorViewTests {
    @Test func aMemberWhoJoinsAfterEverySeatIsTakenSeesTheGameWithoutTheShips() throws {
        var harness = EngineHarness()
        let created = harness.create(by: "amber")
        harness.join(created.invite, by: "ben")
        let conversation = created.conversation
        #expect(harness.start(
            "battleship", url: "?Ship_Location=0&Ship_Location=4&Is_Complete=0", in: conversation, by: "amber")?.isAccepted == true)
        for cell in ["8", "1"] {
            let current = try #require(harness.lastMessage(in: conversation, for: "ben"))
            #expect(harness.reply(to: current, with: "Shot=\(cell)", by: "ben")?.isAccepted == true)
        }
        let newest = try #require(harness.lastMessage(in: conversation, for: "ben")).seq
        harness.join(created.invite, by: "chris")
        // Enough newer entries that the game's newest message is read from its session.
        for index in 0..<9 {
            #expect(harness.start("icecream", variant: "solo", url: "?Base=base0\(index % 4 + 1)", in: conversation, by: "ben")?
                .isAccepted == true)
        }
        let seen = try #require(harness.engine.event(conversation: conversation, seq: newest, for: "chris"))
        let url = try #require(seen.message?.url)
        #expect(!url.contains("Ship_Location"), "\(url)")
        #expect(url.contains("Shot=8-miss") && url.contains("Shot=1-miss"), "\(url)")
        #expect(seen.message?.url == harness.engine.event(conversation: conversation, seq: newest, for: "ben")?.message?.url,
                "a spectator sees what the guesser sees")
    }
}

/// Each join adds the newcomer to every member's directory of identifiers: every member knows
/// every other by the identifier derived for that pair, and tokens translate between them.
@Suite struct ViewerDirectoryTests {
    @Test func membersJoiningOneByOneAreKnownByTheirOwnIdentifiersToEveryone() throws {
        var harness = EngineHarness()
        let created = harness.create(by: "amber")
        let accounts: [AccountID] = ["amber", "ben", "chris", "dana", "eve"]
        for account in accounts.dropFirst() { harness.join(created.invite, by: account) }
        // Eve, the last to join, starts an ice cream: everyone sees her as their own id for her.
        #expect(harness.start("icecream", variant: "solo", url: "?Base=base01", in: created.conversation, by: "eve")?.isAccepted == true)
        for viewer in accounts {
            for event in harness.events(of: viewer) where event.kind == .joined {
                let joined = try #require(event.participant)
                let subject = try #require(accounts.first { harness.id(of: $0, seenBy: viewer) == joined.id },
                                           "\(viewer) does not know who joined at \(event.seq)")
                #expect(accounts.firstIndex(of: subject) == event.seq - 1, "seq \(event.seq) for \(viewer)")
            }
            let message = try #require(harness.lastMessage(in: created.conversation, for: viewer)?.message)
            #expect(message.sender == harness.id(of: "eve", seenBy: viewer))
            #expect(message.summaryText?.contains(harness.id(of: "eve", seenBy: viewer).token) == true, "\(viewer)")
        }
    }
}
