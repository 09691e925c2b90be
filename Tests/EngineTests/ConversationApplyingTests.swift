import GameCatalog
import Testing
import Transcript
@testable import Engine

/// A conversation is a value: applying a record gives a new one and leaves the one it was
/// applied to as it was, and folding a conversation's records gives what the engine holds.
@Suite struct ConversationApplyingTests {
    @Test func applyingLeavesItsInputAsItWasAndFoldsToWhatTheEngineHolds() throws {
        let (harness, id, sessions, _) = try BacklogTests.longConversation()
        let records = harness.log.filter { $0.conversation == id }
        guard case let .conversationCreated(_, invite, _)? = records.first else { throw Unexpected(records.first) }
        let applying = Conversation.Applying(context: harness.engine.context, retiredKept: Conversation.retiredKept)
        var conversation = Conversation(id: id, invite: invite)
        for record in records.dropFirst() {
            let before = (conversation.lastSeq, conversation.members, conversation.recentEntries.map(\.seq), conversation.sessions.count)
            let after = try conversation.applying(record, with: applying)
            #expect((conversation.lastSeq, conversation.members, conversation.recentEntries.map(\.seq), conversation.sessions.count)
                    == before, "applying \(record) changed what it was applied to")
            #expect(after.lastSeq >= conversation.lastSeq)
            conversation = after
        }
        let held = try #require(harness.engine.conversations[id])
        #expect(conversation.lastSeq == held.lastSeq && conversation.members == held.members)
        #expect(conversation.recentEntries.map(\.seq) == held.recentEntries.map(\.seq))
        #expect(Set(conversation.sessions.keys) == Set(held.sessions.keys))
        #expect(conversation.retired == held.retired && Set(conversation.sessions.keys) == Set(sessions))
        #expect(conversation.directories == held.directories)
    }

    @Test func aRecordThatDoesNotFitIsRefusedAndChangesNothing() throws {
        let (harness, id, _, _) = try BacklogTests.longConversation()
        let held = try #require(harness.engine.conversations[id])
        let applying = Conversation.Applying(context: harness.engine.context, retiredKept: Conversation.retiredKept)
        let early = Record.chat(conversation: id, seq: held.lastSeq + 2, account: "amber", text: "skipped one", at: harness.clock)
        #expect(throws: EngineError.self) { try held.applying(early, with: applying) }
        let renamed = Record.renamed(account: "amber", name: "Amber")
        #expect(throws: EngineError.self) { try held.applying(renamed, with: applying) }
        #expect(harness.engine.conversations[id]?.lastSeq == held.lastSeq)
    }
}
