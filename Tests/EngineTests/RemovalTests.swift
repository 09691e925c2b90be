import Engine
import Foundation
import GameCatalog
import Testing
import Transcript
import Wire

/// An operator's removal takes an account out, tells it, and bars it from the conversation
/// until the operator readmits it; the bar survives a restart and a snapshot.
@Suite struct RemovalTests {
    @Test func aRemovedAccountIsToldAndMayNotJoinAgainUntilReadmitted() throws {
        var (harness, conversation) = GameSessionTests.table(three: false)
        let invite = try #require(harness.inbox["amber", default: []].lazy.compactMap { frame -> String? in
            if case let .conversation(reply) = frame, reply.conversation.conversation == conversation { reply.conversation.invite } else { nil }
        }.first)
        let removing = harness.engine.remove("ben", from: conversation)
        let removal = try #require(removing)
        harness.log += removal.events
        let reference = try #require(removal.notify.first)
        #expect(harness.engine.recipients(of: reference) == ["amber", "ben"], "the removed account hears of it too")
        let told = try #require(harness.engine.event(conversation: conversation, seq: reference.seq, for: "ben"))
        #expect(told.kind == .removed)
        #expect(told.participant?.id == harness.id(of: "ben", seenBy: "ben"))

        let refused = harness.handle(.join(.init(id: "j", invite: invite)), from: "ben")
        #expect(refused.first?.rejection?.code == "barred")
        let notBarred = harness.engine.readmit("amber", to: conversation)
        #expect(notBarred == nil, "only a barred account is readmitted")

        // After a restart, and from a snapshot, the bar holds.
        var restarted = SnapshotTests.freshEngine(like: harness)
        for event in harness.log { try restarted.apply(event) }
        var random = harness.random
        let afterRestart = restarted.handle(.join(.init(id: "j2", invite: invite)), from: "ben", now: harness.clock, random: &random)
        #expect(afterRestart.replies.first?.rejection?.code == "barred")
        let snapshot = try #require(harness.engine.snapshotChange(of: conversation, after: 0)?.value)
        var loaded = SnapshotTests.freshEngine(like: harness)
        for event in harness.log where event.conversation == nil { try loaded.apply(event) }
        #expect(try loaded.load(conversation, snapshot: snapshot, then: []))
        let afterLoad = loaded.handle(.join(.init(id: "j3", invite: invite)), from: "ben", now: harness.clock, random: &random)
        #expect(afterLoad.replies.first?.rejection?.code == "barred")

        let readmitting = harness.engine.readmit("ben", to: conversation)
        let readmission = try #require(readmitting)
        harness.log += readmission.events
        let back = harness.handle(.join(.init(id: "j4", invite: invite)), from: "ben")
        guard case .conversation? = back.first else { Issue.record("ben could not join again: \(back)"); return }
        var replayed = SnapshotTests.freshEngine(like: harness)
        for event in harness.log { try replayed.apply(event) }
        #expect(replayed.members(of: conversation) == ["amber", "ben"])
    }
}
