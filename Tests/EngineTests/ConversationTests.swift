import Engine
import Testing
import Transcript
import Wire

@Suite struct ConversationTests {
    @Test func createJoinListAndLeave() throws {
        var harness = EngineHarness()
        let created = harness.create(by: "amber")
        #expect(created.members.count == 1 && created.lastSeq == 1)
        #expect(created.invite.count == 24 && created.invite.split(separator: "-").count == 5)

        // Invite codes read back whatever the case and dashes.
        let typed = created.invite.lowercased().replacingOccurrences(of: "-", with: "")
        guard case let .conversation(reply)? = harness.join(typed, by: "ben").first else {
            Issue.record("join failed")
            return
        }
        let joined = reply.conversation
        #expect(joined.members.count == 2 && joined.lastSeq == 2)
        #expect(joined.you != created.you, "identifiers are per viewer")
        #expect(harness.events(of: "amber").map(\.kind) == [.joined, .joined])

        guard case let .conversations(list)? = harness.handle(.list(.init(id: "l")), from: "ben").first else {
            Issue.record("list failed")
            return
        }
        #expect(list.conversations.map(\.conversation) == [created.conversation])

        let left = harness.handle(.leave(.init(id: "x", conversation: created.conversation)), from: "ben")
        #expect(left == [.done(.init(id: "x"))])
        #expect(harness.engine.members(of: created.conversation) == ["amber"])
        #expect(harness.events(of: "amber").last?.kind == .left)
    }

    @Test func strangersAndBadInvitesAreRefused() {
        var harness = EngineHarness(maxParticipants: 2)
        let created = harness.create(by: "amber")
        #expect(harness.join("0000-0000-0000-0000-0000", by: "ben").first?.rejection?.code == "unknown-invite")
        let resume = harness.handle(.resume(.init(id: "r", conversation: created.conversation, after: 0)), from: "ben")
        #expect(resume.first?.rejection == ErrorFrame(
            code: "unknown-conversation", reason: "You are not a member of a conversation \(created.conversation)."))
        let send = harness.start("icecream", url: "?Base=base01", in: created.conversation, by: "ben")
        #expect(send?.rejection?.code == "unknown-conversation")
        #expect(harness.join(created.invite, by: "ben").first.map { if case .conversation = $0 { true } else { false } } == true)
        #expect(harness.join(created.invite, by: "chris").first?.rejection == ErrorFrame(
            code: "conversation-full", reason: "The conversation already has 2 participants, its limit."))
        #expect(harness.engine.members(of: created.conversation) == ["amber", "ben"])
    }

    @Test func namesAreCheckedAndShown() throws {
        var harness = EngineHarness()
        #expect(harness.handle(.rename(.init(id: "n", name: "  ")), from: "amber").first?.rejection?.code == "bad-name")
        #expect(harness.handle(.rename(.init(id: "n", name: "Am\u{7}ber")), from: "amber").first?.rejection?.code == "bad-name")
        #expect(harness.handle(.rename(.init(id: "n", name: "Amber")), from: "amber") == [.done(.init(id: "n"))])
        let created = harness.create(by: "amber")
        let joined = harness.join(created.invite, by: "ben").first
        guard case let .conversation(reply)? = joined else { throw Unexpected(joined) }
        #expect(reply.conversation.members.compactMap(\.name) == ["Amber"])
    }

    @Test func resumeSendsWhatWasMissedThenSynced() {
        var harness = EngineHarness()
        let created = harness.create(by: "amber")
        harness.join(created.invite, by: "ben")
        harness.join(created.invite, by: "chris")
        let replies = harness.handle(.resume(.init(id: "r", conversation: created.conversation, after: 1)), from: "ben")
        #expect(replies.count == 3)
        #expect(replies.compactMap { if case let .event(event) = $0 { event.seq } else { nil } } == [2, 3])
        #expect(replies.last == .synced(.init(id: "r", conversation: created.conversation, lastSeq: 3)))
    }
}
