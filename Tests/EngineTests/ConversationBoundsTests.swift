import Engine
import Testing
import Transcript
import Wire

/// An account may be in at most `maxConversationsPerAccount` conversations, and `list` answers
/// them a page at a time.
@Suite struct ConversationBoundsTests {
    @Test func anAccountInAsManyConversationsAsItMayIsRefusedAnother() throws {
        var harness = EngineHarness()
        harness.engine.configuration.maxConversationsPerAccount = 3
        let first = harness.create(by: "amber")
        _ = harness.create(by: "amber")
        let other = harness.create(by: "ben")
        #expect(harness.join(other.invite, by: "amber").first.map { if case .conversation = $0 { true } else { false } } == true)
        let refusal = ErrorFrame(code: "too-many-conversations", reason: "You are in 3 conversations, the most one may be in: leave one first.")
        #expect(harness.handle(.create(.init(id: "c4")), from: "amber").first?.rejection == refusal)
        let fourth = harness.create(by: "ben")
        #expect(harness.join(fourth.invite, by: "amber").first?.rejection == refusal)
        // Joining one you are in already is no more conversations.
        #expect(harness.join(first.invite, by: "amber").first.map { if case .conversation = $0 { true } else { false } } == true)
        // Left one, there is room for another.
        harness.handle(.leave(.init(id: "l", conversation: first.conversation)), from: "amber")
        #expect(harness.join(fourth.invite, by: "amber").first.map { if case .conversation = $0 { true } else { false } } == true)
    }

    @Test func aListComesInPagesInTheOrderOfTheIds() throws {
        var harness = EngineHarness()
        var made: [ConversationID] = []
        for _ in 0..<5 { made.append(harness.create(by: "amber").conversation) }
        var seen: [ConversationID] = []
        var after: ConversationID?
        var pages = 0
        repeat {
            guard case let .conversations(page)? = harness.handle(.list(.init(id: "l", after: after, limit: 2)), from: "amber").first
            else { throw Unexpected(nil) }
            #expect(page.conversations.count == (pages < 2 ? 2 : 1))
            seen += page.conversations.map(\.conversation)
            after = page.next
            pages += 1
            #expect(page.next == (pages < 3 ? page.conversations.last?.conversation : nil))
        } while after != nil && pages < 10
        #expect(pages == 3 && seen == made.sorted())
        // Without a limit, a page of 100.
        guard case let .conversations(whole)? = harness.handle(.list(.init(id: "w")), from: "amber").first else { throw Unexpected(nil) }
        #expect(whole.conversations.count == 5 && whole.next == nil)
    }
}
