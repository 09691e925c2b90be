import Engine
import Foundation
import Storage
import Testing
import Transcript
import Wire

/// A sticker in the engine: told to every member like a chat message, once however often it is
/// posted, refused to a stranger, and kept through a restart and a snapshot.
@Suite struct StickerEngineTests {
    static let sticker = StoredSticker(id: String(repeating: "ab", count: 16), name: "Waffle", format: "png", width: 408, height: 408, bytes: 2048)

    @Test func aStickerReachesEveryMemberOnce() throws {
        var harness = EngineHarness()
        let created = harness.create(by: "amber")
        _ = harness.join(created.invite, by: "ben")
        let post = StickerPost(conversation: created.conversation, sticker: Self.sticker)
        let (decision, answer) = harness.engine.post(post, by: "amber", now: harness.clock)
        harness.deliver(decision)
        #expect(answer == .posted(conversation: created.conversation, seq: 3, sticker: Self.sticker.id))
        let told = try #require(harness.events(of: "ben").last)
        #expect(told.kind == .sticker && told.seq == 3)
        #expect(told.participant?.id == harness.id(of: "amber", seenBy: "ben"))
        #expect(told.sticker == Sticker(
            id: Self.sticker.id, name: "Waffle", format: "png", width: 408, height: 408, bytes: 2048,
            url: "https://parley.test/stickers/" + Self.sticker.id))

        let (repeated, again) = harness.engine.post(post, by: "amber", now: harness.clock)
        #expect(repeated.events.isEmpty && again == answer, "posted again after a drop: the first answer")
        let (refused, stranger) = harness.engine.post(post, by: "chris", now: harness.clock)
        #expect(refused.events.isEmpty)
        guard case let .refused(error) = stranger else { throw Unexpected() }
        #expect(error.code == "unknown-conversation")

        // After a restart and from a snapshot, the sticker is the same event.
        var restarted = SnapshotTests.freshEngine(like: harness)
        for event in harness.log { try restarted.apply(event) }
        #expect(restarted.event(conversation: created.conversation, seq: 3, for: "ben") == told)
        let snapshot = try #require(harness.engine.snapshotChange(of: created.conversation, after: 0)?.value)
        var loaded = SnapshotTests.freshEngine(like: harness)
        for event in harness.log where event.conversation == nil { try loaded.apply(event) }
        #expect(try loaded.load(created.conversation, snapshot: snapshot, then: []))
        #expect(loaded.event(conversation: created.conversation, seq: 3, for: "ben") == told)
        // The index knows it, and whose it is, for the page and the quota.
        let changes = SnapshotTests.freshEngine(like: harness).indexChangesFor(decision.events)
        #expect(changes.contains { $0.kind == IndexKind.stickerOf && $0.key == "amber/" + Self.sticker.id })
        #expect(changes.contains { $0.kind == IndexKind.sticker && $0.key == Self.sticker.id })
    }

    struct Unexpected: Error {}
}

extension Engine {
    /// `indexChanges(for:)` on a copy, for a test that only reads them.
    func indexChangesFor(_ events: [Record]) -> [IndexChange] {
        var copy = self
        return copy.indexChanges(for: events, storedThrough: { _ in 0 })
    }
}
