import Engine
import Foundation
import GameCatalog
import Testing
import Transcript
import Wire

/// Chat messages are events like any other: stored, numbered, told to every member, replayed.
@Suite struct ChatEngineTests {
    @Test func aChatMessageIsStoredAndToldToEveryMember() throws {
        var harness = EngineHarness()
        let created = harness.create(by: "amber")
        harness.join(created.invite, by: "ben")
        let text = "Fancy a game? <b>bold</b> \u{1B}[2J"
        let answer = harness.handle(.chat(.init(id: "c1", conversation: created.conversation, text: text)), from: "amber")
        #expect(answer.first == .done(.init(id: "c1")))
        for viewer: AccountID in ["amber", "ben"] {
            let event = try #require(harness.events(of: viewer).last)
            #expect(event.kind == .chat && event.text == text, "kept as written: clients neutralise it")
            #expect(event.participant?.id == harness.id(of: "amber", seenBy: viewer))
            #expect(event.message == nil && event.status == nil)
        }
        // Stored: a restart and a snapshot bring it back.
        var restarted = Engine(configuration: harness.engine.configuration, catalog: .standard,
                               identifiers: ParticipantIdentifiers(secret: EngineHarness.secret))
        for stored in harness.log { try restarted.apply(stored) }
        let seq = try #require(harness.engine.lastSeq(of: created.conversation))
        #expect(restarted.event(conversation: created.conversation, seq: seq, for: "ben")?.text == text)
        let stored = try #require(harness.log.last)
        #expect(try JSONDecoder().decode(Record.self, from: JSONEncoder().encode(stored)) == stored)
        let snapshot = try #require(harness.engine.snapshotChange(of: created.conversation, after: 0)?.value)
        var loaded = SnapshotTests.freshEngine(like: harness)
        for event in harness.log where event.conversation == nil { try loaded.apply(event) }
        #expect(try loaded.load(created.conversation, snapshot: snapshot, then: harness.log))
        #expect(loaded.event(conversation: created.conversation, seq: seq, for: "ben")
                == harness.engine.event(conversation: created.conversation, seq: seq, for: "ben"))
    }

    @Test func emptyWordsAndStrangersAreRefused() {
        var harness = EngineHarness()
        let created = harness.create(by: "amber")
        let before = harness.log.count
        let blank = harness.handle(.chat(.init(id: "b", conversation: created.conversation, text: " \n\t ")), from: "amber")
        #expect(blank.first?.rejection?.code == "empty-text")
        let stranger = harness.handle(.chat(.init(id: "s", conversation: created.conversation, text: "hi")), from: "mallory")
        #expect(stranger.first?.rejection?.code == "unknown-conversation")
        #expect(harness.log.count == before, "nothing stored")
    }
}
