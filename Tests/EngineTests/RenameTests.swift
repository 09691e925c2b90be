import Engine
import Testing
import Transcript
import Wire

/// A new name is told in every conversation of the one who took it, as an entry of its own:
/// every member sees it live and in a resume, and the name stays as it was in older entries.
@Suite struct RenameTests {
    @Test func aNewNameIsAnEntryInEveryConversationOfItsMember() throws {
        var harness = EngineHarness()
        let first = harness.create(by: "amber")
        _ = harness.join(first.invite, by: "ben")
        let second = harness.create(by: "ben")
        _ = harness.join(second.invite, by: "chris")
        let elsewhere = harness.create(by: "chris")
        #expect(harness.handle(.rename(.init(id: "n", name: "Ben")), from: "ben") == [.done(.init(id: "n"))])
        #expect(harness.handle(.rename(.init(id: "n2", name: "Benjamin")), from: "ben") == [.done(.init(id: "n2"))])
        #expect(harness.handle(.rename(.init(id: "n4", name: "Benjamin")), from: "ben") == [.done(.init(id: "n4"))])
        for (viewer, conversation) in [("amber", first.conversation), ("chris", second.conversation)] {
            let renames = harness.events(of: AccountID(rawValue: viewer)).filter { $0.kind == .renamed && $0.conversation == conversation }
            // A first name is no news; a new one is.
            #expect(renames.map { $0.participant?.name } == ["Benjamin"], "\(viewer)")
            #expect(renames.allSatisfy { $0.participant?.id == harness.id(of: "ben", seenBy: AccountID(rawValue: viewer)) })
        }
        #expect(!harness.events(of: "chris").contains { $0.kind == .renamed && $0.conversation == elsewhere.conversation })
        // The same name again tells nobody.
        let before = harness.log.count
        #expect(harness.handle(.rename(.init(id: "n3", name: "Benjamin")), from: "ben") == [.done(.init(id: "n3"))])
        #expect(harness.log.count == before)
        // Read back from the store, each entry keeps the name it gave.
        for index in 0..<8 { harness.handle(.chat(.init(id: "c\(index)", conversation: first.conversation, text: "hi")), from: "amber") }
        let decision = harness.engine.handle(
            .resume(.init(id: "r", conversation: first.conversation, after: 0)), from: "amber", now: harness.clock, random: &harness.random)
        let frames = try harness.engine.backlog(try #require(decision.backlog), replaying: harness.log)
        let stored = frames.compactMap { frame -> Event? in if case let .event(event) = frame, event.kind == .renamed { event } else { nil } }
        #expect(stored.map { $0.participant?.name } == ["Benjamin"])
    }
}
