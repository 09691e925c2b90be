import Engine
import Foundation
import Testing
import Transcript
import Wire

/// A conversation that plays for months remembers a bounded number of its finished games.
@Suite struct RetiredSessionsTests {
    @Test func aLateAnswerToARecentGameIsOverAndToAnAncientOneUnknown() throws {
        var (harness, conversation) = GameSessionTests.table(three: false)
        var sessions: [(event: Event, session: String)] = []
        for _ in 0..<600 {
            let started = harness.start("icecream", variant: "solo", url: "?Base=base01", in: conversation, by: "amber")
            guard case let .accepted(accepted)? = started else { Issue.record("not started: \(String(describing: started))"); return }
            let first = try #require(harness.lastMessage(in: conversation, for: "amber"))
            _ = harness.reply(to: first, with: "Scoops=scoops01", by: "amber")
            let second = try #require(harness.lastMessage(in: conversation, for: "amber"))
            let done = harness.reply(to: second, with: "Topping=topping01", by: "amber")
            #expect(done?.isAccepted == true)
            sessions.append((second, accepted.session))
        }
        #expect(harness.engine.statistics().gamesFinished == 600, "every game still counts")
        // A game that finished a few games ago: over.
        let recent = sessions[590].event
        #expect(harness.reply(to: recent, with: "Topping=topping02", by: "amber")?.rejection?.code == "game-over")
        // The first game, 600 games ago: the conversation no longer knows it.
        let ancient = sessions[0].event
        #expect(harness.reply(to: ancient, with: "Topping=topping02", by: "amber")?.rejection?.code == "unknown-session")

        // A snapshot keeps the same memory, and so does a load from it.
        let snapshot = try #require(harness.engine.snapshotChange(of: conversation, after: 0)?.value)
        #expect(snapshot.utf8.count < 40_000, "\(snapshot.utf8.count) bytes")
        var loaded = SnapshotTests.freshEngine(like: harness)
        for event in harness.log where event.conversation == nil { try loaded.apply(event) }
        #expect(try loaded.load(conversation, snapshot: snapshot, then: []))
        var random = harness.random
        let late = loaded.handle(.send(.init(
            id: "late", conversation: conversation, game: "icecream", session: recent.message?.session?.uuidString,
            basedOn: recent.seq, url: (recent.message?.url ?? "") + "&Topping=topping02")), from: "amber", now: harness.clock, random: &random)
        #expect(late.replies.first?.rejection?.code == "game-over")
    }

    /// A finished game answers every move as over, whatever message it answers: it keeps no
    /// newest message to show as current.
    @Test func aMoveInAFinishedGameIsOverEvenWhenItIsStale() throws {
        var (harness, conversation) = GameSessionTests.table(three: false)
        harness.start("icecream", variant: "solo", url: "?Base=base01", in: conversation, by: "amber")
        let first = try #require(harness.lastMessage(in: conversation, for: "amber"))
        _ = harness.reply(to: first, with: "Scoops=scoops01", by: "amber")
        let second = try #require(harness.lastMessage(in: conversation, for: "amber"))
        #expect(harness.reply(to: second, with: "Topping=topping01", by: "amber")?.isAccepted == true)
        // Answering the first message again: stale, and the game is over.
        #expect(harness.reply(to: first, with: "Scoops=scoops02", by: "amber")?.rejection?.code == "game-over")
    }
}
