import Engine
import Foundation
import GameRules
import Storage
import Testing
import Transcript
import Wire

/// A batch is decided as data (`Engine.decide(_:at:random:storedThrough:snapshotSeq:)`): each
/// request's decision in order, every record, the index changes they make and the snapshots due,
/// which is all the pipeline stores.
@Suite struct BatchDecisionTests {
    @Test func aBatchIsEachRequestDecidedInTurnWithTheIndexItsRecordsMake() throws {
        var harness = EngineHarness()
        let created = harness.create(by: "amber")
        harness.join(created.invite, by: "ben")
        let conversation = created.conversation
        let now = harness.clock + 1
        let batch: [Request] = [
            .frame(.send(.init(id: "p", conversation: conversation, game: "battleship", url: "?Ship_Location=0&Ship_Location=4")), from: "amber"),
            .frame(.chat(.init(id: "c", conversation: conversation, text: "good luck")), from: "ben"),
            .storedElsewhere(nil),
            .frame(.chat(.init(id: "x", conversation: conversation, text: "   ")), from: "ben"),
            .end(session: UUID().uuidString),
        ]

        // The same requests handed one by one to a copy of the engine.
        var alone = harness.engine
        var aloneRandom = harness.random
        let decisions: [Decision] = batch.map { request in
            switch request {
            case let .frame(frame, account): alone.handle(frame, from: account, now: now, random: &aloneRandom)
            case let .end(session): alone.end(session: session, now: now) ?? Decision()
            default: Decision()
            }
        }
        let records = decisions.flatMap(\.events)
        let index = alone.indexChanges(for: records, storedThrough: { $0 == conversation ? 41 : 0 })

        let decided = harness.engine.decide(
            batch, at: now, random: &harness.random, storedThrough: [conversation: 41], snapshotSeq: [:])
        #expect(decided.decisions.map(\.events) == decisions.map(\.events))
        #expect(decided.decisions.map(\.replies) == decisions.map(\.replies))
        #expect(decided.decisions.map(\.notify) == decisions.map(\.notify))
        #expect(decided.records == records && records.count == 2, "the move and the chat; the blank chat and the unknown game stored nothing")
        #expect(decided.index == index)
        #expect(decided.snapshots.isEmpty && decided.snapshotted.isEmpty, "a short conversation needs no snapshot")
        // The move starts a game: the index learns its session, where its first message lies
        // (after the conversation's stored records), and the game.
        let session = try #require(decided.records.lazy.compactMap { if case let .accepted(move) = $0 { move.session } else { nil } }.first)
        #expect(decided.index.contains { $0.kind == IndexKind.session && $0.key == session.uuidString && $0.value == conversation.rawValue })
        #expect(decided.index.contains { $0.kind == IndexKind.message && $0.value == IndexKind.recordPlace(after: 41, skipping: 0) })
        #expect(decided.index.contains { $0.kind == IndexKind.game })
    }

    @Test func conversationsPastTheIntervalAreSnapshottedTwoABatch() throws {
        var harness = EngineHarness()
        var conversations: [ConversationID] = []
        for _ in 0..<3 {
            let created = harness.create(by: "amber")
            for _ in 0..<Engine.snapshotInterval {
                harness.handle(.chat(.init(id: harness.nextID(), conversation: created.conversation, text: "and again")), from: "amber")
            }
            conversations.append(created.conversation)
        }
        let chats: [Request] = conversations.map { .frame(.chat(.init(id: "now \($0)", conversation: $0, text: "one more")), from: "amber") }

        // A snapshot stored a few entries ago: none is due.
        var recent = harness.engine
        var random = harness.random
        let lastSeqs = conversations.map { recent.lastSeq(of: $0) ?? 0 }
        let none = recent.decide(
            chats, at: harness.clock, random: &random, storedThrough: [:],
            snapshotSeq: Dictionary(uniqueKeysWithValues: zip(conversations, lastSeqs)))
        #expect(none.records.count == 3 && none.snapshots.isEmpty && none.snapshotted.isEmpty)

        // None stored yet: the first two conversations the batch touches, each under `snapshot`
        // and `snapshot-at`; the third waits for a later batch.
        let due = harness.engine.decide(chats, at: harness.clock, random: &harness.random, storedThrough: [:], snapshotSeq: [:])
        #expect(due.snapshotted.map(\.conversation) == Array(conversations.prefix(Engine.snapshotsPerBatch)))
        #expect(due.snapshotted.map(\.seq) == conversations.prefix(2).map { harness.engine.lastSeq(of: $0) ?? -1 })
        #expect(due.snapshots.map(\.kind) == [IndexKind.snapshot, IndexKind.snapshotAt, IndexKind.snapshot, IndexKind.snapshotAt])
        #expect(due.snapshots.filter { $0.kind == IndexKind.snapshot }.map(\.key) == conversations.prefix(2).map(\.rawValue))
    }
}
