import Foundation
import GameRules
import Testing
import Transcript
import Wire
@testable import Engine

/// A batch is decided, then what it changed is set aside while the store appends it
/// (`Engine.setAside(_:since:)`): meanwhile the engine holds only what was stored before it.
/// Kept (`keep(_:)`), it gives what deciding without setting aside gives; dropped, its
/// conversations are read again from the store, and nothing else of it stays.
@Suite struct SetAsideTests {
    /// Amber and Ben's conversation with a Battleship placed, on an engine of its own.
    static func table() throws -> (EngineHarness, ConversationID, Event) {
        var (harness, id) = GameSessionTests.table(three: false)
        #expect(harness.start("battleship", url: "?Ship_Location=0&Ship_Location=4&Is_Complete=0", in: id, by: "amber")?
            .isAccepted == true)
        return (harness, id, try #require(harness.lastMessage(in: id, for: "ben")))
    }

    static func shot(at cell: Int, answering placed: Event) throws -> ClientFrame {
        let message = try #require(placed.message)
        return .send(.init(
            id: "shot-\(cell)", conversation: placed.conversation, game: message.game.rawValue,
            session: message.session?.uuidString, basedOn: placed.seq, url: message.url + "&Shot=\(cell)"))
    }

    @Test func whatABatchSetsAsideIsNotHeldUntilItIsKeptAndThenAsIfNeverSetAside() throws {
        let (harness, id, placed) = try Self.table()
        let now = harness.clock + 1
        var plain = harness.engine
        var random = SeededRandom(seed: 3)
        let shotPlain = plain.handle(try Self.shot(at: 1, answering: placed), from: "ben", now: now, random: &random)
        let createdPlain = plain.handle(.create(.init(id: "new")), from: "chris", now: now, random: &random)

        var engine = harness.engine
        random = SeededRandom(seed: 3)
        let start = engine.beginBatch()
        #expect(engine.isDeciding)
        let shot = engine.handle(try Self.shot(at: 1, answering: placed), from: "ben", now: now, random: &random)
        let created = engine.handle(.create(.init(id: "new")), from: "chris", now: now, random: &random)
        #expect(shot.replies == shotPlain.replies && shot.events == shotPlain.events)
        #expect(created.events == createdPlain.events)
        guard case let .conversation(reply)? = created.replies.first else { throw Unexpected(created.replies) }
        let made = reply.conversation.conversation

        let aside = engine.setAside(shot.events + created.events, since: start)
        #expect(!engine.isDeciding)
        #expect(Set(aside.conversationIDs) == [id, made])
        // While it is set aside, the engine holds what was stored before the batch: neither
        // conversation, nor the new one's invite, nor Chris's membership, nor the counts.
        #expect(!engine.holds(id) && !engine.holds(made))
        #expect(engine.conversation(ofInvite: reply.conversation.invite) == nil)
        #expect(engine.conversations(of: "chris").isEmpty)
        #expect(engine.statistics() == harness.engine.statistics())
        #expect(engine.conversations(of: "amber") == [id], "a membership from before is kept")

        // What the engine learns meanwhile stays once the batch is kept.
        engine.learnName("Dora", of: "dora")
        engine.keep(aside)
        #expect(engine.name(of: "dora") == "Dora")
        #expect(engine.lastSeq(of: id) == plain.lastSeq(of: id) && engine.holds(made))
        #expect(engine.conversation(ofInvite: reply.conversation.invite) == made)
        #expect(engine.conversations(of: "chris") == plain.conversations(of: "chris"))
        #expect(engine.statistics() == plain.statistics())
        for member in ["amber", "ben"] as [AccountID] {
            #expect(engine.frame(ofEntry: placed.seq + 1, in: id, for: member) == plain.frame(ofEntry: placed.seq + 1, in: id, for: member))
        }
        #expect(engine.deadlines() == plain.deadlines())
    }

    @Test func aBatchDroppedLeavesTheStoresStateToBeReadAgain() throws {
        let (harness, id, placed) = try Self.table()
        var engine = harness.engine
        engine.knowsEveryAccount = false
        var random = SeededRandom(seed: 3)
        let start = engine.beginBatch()
        var events: [Record] = []
        events += engine.handle(try Self.shot(at: 1, answering: placed), from: "ben", now: harness.clock + 1, random: &random).events
        events += engine.handle(.rename(.init(id: "n", name: "Benjamin")), from: "ben", now: harness.clock + 1, random: &random).events
        events += engine.handle(.leave(.init(id: "l", conversation: id)), from: "amber", now: harness.clock + 1, random: &random).events
        #expect(engine.members(of: id) == ["ben"])
        // The store refused it: what was set aside is dropped.
        _ = engine.setAside(events, since: start)
        #expect(!engine.holds(id))
        #expect(engine.name(of: "ben") == harness.engine.name(of: "ben"))
        #expect(engine.conversations(of: "amber") == [id])
        #expect(engine.statistics() == harness.engine.statistics())

        // Read again from what the store holds, the conversation is what it was, and the same
        // move decided again is accepted as the first of its kind.
        try engine.load(id, from: harness.log.filter { $0.conversation == id })
        #expect(engine.lastSeq(of: id) == placed.seq && engine.members(of: id) == ["amber", "ben"])
        let again = engine.handle(try Self.shot(at: 1, answering: placed), from: "ben", now: harness.clock + 1, random: &random)
        #expect(again.replies.first?.isAccepted == true && again.events.count == 1)
    }
}
