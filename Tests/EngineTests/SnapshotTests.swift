import Engine
import Foundation
import GameCatalog
import Storage
import Testing
import Transcript
import Wire

/// A conversation loaded from a snapshot and the events stored after it is the conversation the
/// engine held: the same entries, sessions, clocks, answers to resent and stale messages.
@Suite struct SnapshotTests {
    static func freshEngine(like harness: EngineHarness) -> Engine {
        Engine(configuration: harness.engine.configuration, catalog: .standard,
               identifiers: ParticipantIdentifiers(secret: EngineHarness.secret))
    }

    @Test func aConversationLoadedFromASnapshotAndTheEventsAfterItIsTheSame() throws {
        var (harness, conversation, _) = try IndexTests.busyTable()
        // In the snapshot: a forfeit, an operator's end and a game left running.
        var deadline = try #require(harness.engine.deadlines().first { $0.conversation == conversation })
        harness.deliver(harness.engine.timeOut(deadline, now: deadline.at + 1))
        let opened = harness.start("icecream", variant: "solo", url: "?Base=base02", in: conversation, by: "amber")
        guard case let .accepted(accepted)? = opened else { throw Unexpected(opened) }
        let ended = harness.engine.end(session: accepted.session, now: harness.clock)
        harness.deliver(try #require(ended))
        let running = harness.start("battleship", variant: "seed", url: "?Ship_Location=0&Ship_Location=4", in: conversation, by: "ben")
        #expect(running?.isAccepted == true)
        let benStarted = "r\(harness.requests)"
        deadline = try #require(harness.engine.deadlines().first { $0.conversation == conversation })

        let snapshot = try #require(harness.engine.snapshotChange(of: conversation, after: 0)?.value)
        let position = try #require(IndexKind.snapshotPosition(snapshot))
        #expect(position.after == 0 && position.lastSeq == harness.engine.lastSeq(of: conversation))
        // After it: a game Amber starts, which the load replays.
        #expect(harness.start("icecream", variant: "solo", url: "?Base=base03", in: conversation, by: "amber")?.isAccepted == true)

        var loaded = Self.freshEngine(like: harness)
        for event in harness.log where event.conversation == nil { try loaded.apply(event) }
        #expect(try loaded.load(conversation, snapshot: snapshot, then: harness.log))
        let lastSeq = try #require(harness.engine.lastSeq(of: conversation))
        #expect(loaded.lastSeq(of: conversation) == lastSeq)
        for account: AccountID in ["amber", "ben"] {
            for seq in (lastSeq - 9)...lastSeq {
                #expect(loaded.event(conversation: conversation, seq: seq, for: account)
                        == harness.engine.event(conversation: conversation, seq: seq, for: account), "seq \(seq) for \(account)")
            }
        }
        #expect(loaded.members(of: conversation) == harness.engine.members(of: conversation))
        #expect(loaded.deadlines() == harness.engine.deadlines())
        #expect(loaded.deadlines().contains(deadline))
        #expect(loaded.adminGames() == harness.engine.adminGames())

        var random = harness.random
        let list = ClientFrame.list(.init(id: "l"))
        #expect(loaded.handle(list, from: "ben", now: harness.clock, random: &random).replies
                == harness.engine.handle(list, from: "ben", now: harness.clock, random: &random).replies)
        // Ben's last message again is recognised; an answer to an old message is stale.
        let resend = ClientFrame.send(.init(
            id: benStarted, conversation: conversation, game: "battleship", variant: "seed",
            url: "?Ship_Location=0&Ship_Location=4"))
        let again = loaded.handle(resend, from: "ben", now: harness.clock, random: &random)
        #expect(again.events.isEmpty && again.replies.first?.isAccepted == true)
        let late = ClientFrame.send(.init(
            id: "late", conversation: conversation, game: "battleship", session: deadline.session.uuidString,
            basedOn: deadline.basedOn - 1, url: "?Ship_Location=0&Ship_Location=4&Shot=4"))
        var original = harness.engine
        #expect(loaded.handle(late, from: "amber", now: harness.clock, random: &random).replies
                == original.handle(late, from: "amber", now: harness.clock, random: &random).replies)
    }

    @Test func aSnapshotThatDoesNotReadIsRefusedAndChangesNothing() throws {
        let (harness, conversation, _) = try IndexTests.busyTable()
        var loaded = Self.freshEngine(like: harness)
        for snapshot in ["", "{}", #"{"format":99,"after":0,"lastSeq":1}"#, "not json"] {
            #expect(try loaded.load(conversation, snapshot: snapshot, then: harness.log) == false)
            #expect(IndexKind.snapshotPosition(snapshot) == nil)
            #expect(!loaded.holds(conversation))
        }
        // Another conversation's snapshot is not this one's.
        let other = try #require(harness.engine.snapshotChange(of: conversation, after: 0)?.value)
        #expect(try loaded.load("another", snapshot: other, then: []) == false)
    }
}
