import Engine
import Testing
import Transcript
import Wire

/// A conversation evicted from memory and loaded again from its stored events is the same
/// conversation: the same entries, members, sessions, counts and answers.
@Suite struct ResidencyTests {
    @Test func anEvictedConversationLoadsAgainAsItWas() throws {
        var (harness, conversation, sessions, _) = try BacklogTests.longConversation()
        let statistics = harness.engine.statistics()
        let session = try #require(sessions.last)
        #expect(harness.engine.conversation(ofSession: session.uuidString) == conversation)
        let before = (18...22).map { harness.engine.event(conversation: conversation, seq: $0, for: "ben") }
        let summary = harness.handle(.list(.init(id: "l")), from: "ben")

        harness.engine.evict(conversation)
        #expect(!harness.engine.holds(conversation))
        #expect(harness.engine.event(conversation: conversation, seq: 22, for: "ben") == nil)
        #expect(harness.engine.statistics() == statistics, "counts do not depend on what is in memory")
        #expect(harness.engine.conversations(of: "ben") == [conversation])
        #expect(harness.engine.conversation(ofSession: session.uuidString) == conversation)
        // What a request needs loaded is named, for members only.
        let send = ClientFrame.send(.init(id: "s", conversation: conversation, game: "icecream", url: "?Base=base01"))
        #expect(harness.engine.conversations(namedBy: send, from: "ben") == [conversation])
        #expect(harness.engine.conversations(namedBy: send, from: "chris").isEmpty)
        #expect(harness.engine.conversations(namedBy: .list(.init(id: "l")), from: "amber") == [conversation])

        try harness.engine.load(conversation, from: harness.log)
        #expect(harness.engine.statistics() == statistics)
        #expect((18...22).map { harness.engine.event(conversation: conversation, seq: $0, for: "ben") } == before)
        #expect(harness.handle(.list(.init(id: "l")), from: "ben") == summary)
        // The resend window came back with it: Amber's last message is recognised.
        let again = harness.handle(.send(.init(
            id: "r\(harness.requests)", conversation: conversation, game: "icecream", variant: "solo", url: "?Base=base01")),
            from: "amber")
        #expect(again.first?.isAccepted == true)
        #expect(harness.log.count == 23, "the resent message was not applied twice")
    }

    @Test func aConversationWithARunningClockReportsIt() throws {
        var harness = EngineHarness(turnTimeouts: ["battleship": 300])
        let created = harness.create(by: "amber")
        _ = harness.join(created.invite, by: "ben")
        #expect(!harness.engine.hasRunningClock(created.conversation))
        _ = harness.handle(.send(.init(id: "p", conversation: created.conversation, game: "battleship",
                                       url: "?Ship_Location=0&Ship_Location=4")), from: "amber")
        #expect(harness.engine.hasRunningClock(created.conversation))
    }
}
