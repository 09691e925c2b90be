import Engine
import Testing
import Transcript
import Wire

/// A conversation keeps only its newest entries in memory; older ones come back from the
/// stored events, rendered exactly as they were received live.
@Suite struct BacklogTests {
    /// Amber and Ben, then 20 solo ice creams by Amber: 22 entries, more than memory keeps.
    static func longConversation() throws -> (EngineHarness, ConversationID, [SessionID], invite: String) {
        var harness = EngineHarness()
        let created = harness.create(by: "amber")
        _ = harness.join(created.invite, by: "ben")
        var sessions: [SessionID] = []
        for _ in 0..<20 {
            let reply = harness.start("icecream", variant: "solo", url: "?Base=base01", in: created.conversation, by: "amber")
            guard case let .accepted(accepted)? = reply else { throw Unexpected(reply) }
            sessions.append(try #require(SessionID(uuidString: accepted.session)))
        }
        return (harness, created.conversation, sessions, created.invite)
    }

    @Test func aResumeBeyondMemoryIsAnsweredFromTheStoredEventsAsTheyWereReceived() throws {
        var (harness, conversation, _, _) = try Self.longConversation()
        let decision = harness.engine.handle(
            .resume(.init(id: "r", conversation: conversation, after: 1)), from: "ben", now: harness.clock,
            random: &harness.random)
        #expect(decision.replies.isEmpty)
        let backlog = try #require(decision.backlog)
        #expect(backlog.after == 1 && backlog.lastSeq == 22)

        let frames = try harness.engine.backlog(backlog, replaying: harness.log)
        #expect(frames.last == .synced(.init(id: "r", conversation: conversation, lastSeq: 22)))
        let events = frames.compactMap { if case let .event(event) = $0 { event } else { nil } }
        #expect(events.map(\.seq) == Array(2...22))
        #expect(events == harness.events(of: "ben"))
    }

    /// A backlog started from an older snapshot (`IndexKind.snapshotAt`) renders the very frames
    /// of one replayed from the conversation's creation, and refuses a snapshot newer than the
    /// entries it asks for.
    @Test func aBacklogStartedFromAnOlderSnapshotRendersTheSameFrames() throws {
        var harness = EngineHarness()
        let created = harness.create(by: "amber")
        _ = harness.join(created.invite, by: "ben")
        let conversation = created.conversation
        var snapshots: [(seq: Int, value: String)] = []
        for index in 0..<60 {
            if index % 3 == 0 {
                harness.handle(.chat(.init(id: harness.nextID(), conversation: conversation, text: "chat \(index)")), from: "ben")
            } else {
                let reply = harness.start("icecream", variant: "solo", url: "?Base=base01", in: conversation, by: "amber")
                #expect(reply?.isAccepted == true)
            }
            if [20, 42, 55].contains(index) {
                let change = try #require(harness.engine.snapshotChange(of: conversation, after: 0))
                let kept = try #require(Engine.snapshotAtChange(keeping: change))
                let seq = try #require(harness.engine.lastSeq(of: conversation))
                #expect(kept.kind == IndexKind.snapshotAt && kept.key == IndexKind.snapshotAtKey(conversation, stretch: seq / IndexKind.snapshotAtEvery))
                snapshots.append((seq, try #require(kept.value)))
            }
        }
        let decision = harness.engine.handle(
            .resume(.init(id: "r", conversation: conversation, after: 45)), from: "ben", now: harness.clock, random: &harness.random)
        let backlog = try #require(decision.backlog)
        var fromCreation = try harness.engine.backlogRenderer(for: backlog)
        let wanted = try fromCreation.feed(harness.log)
        #expect(wanted.count == backlog.lastSeq - 45)
        for (seq, snapshot) in snapshots {
            var fromSnapshot = try harness.engine.backlogRenderer(for: backlog)
            let started = try fromSnapshot.start(from: snapshot)
            #expect(started == (seq <= 45), "a snapshot through seq \(seq)")
            #expect(try fromSnapshot.feed(harness.log) == wanted, "from the snapshot through seq \(seq)")
        }
    }

    @Test func aResumeWithinMemoryNeedsNoStore() throws {
        var (harness, conversation, _, _) = try Self.longConversation()
        let decision = harness.engine.handle(
            .resume(.init(id: "r", conversation: conversation, after: 16)), from: "ben", now: harness.clock,
            random: &harness.random)
        #expect(decision.backlog == nil)
        let events = decision.replies.compactMap { if case let .event(event) = $0 { event } else { nil } }
        #expect(events == Array(harness.events(of: "ben").drop { $0.seq <= 16 }))
    }

    @Test func aNewMemberSeesEveryEarlierEntryWithTheIdentifiersTheyKnow() throws {
        var (harness, conversation, _, invite) = try Self.longConversation()
        _ = harness.join(invite, by: "chris")
        let decision = harness.engine.handle(
            .resume(.init(id: "r", conversation: conversation, after: 0)), from: "chris", now: harness.clock,
            random: &harness.random)
        let frames = try harness.engine.backlog(try #require(decision.backlog), replaying: harness.log)
        let events = frames.compactMap { if case let .event(event) = $0 { event } else { nil } }
        #expect(events.map(\.seq) == Array(1...23))
        // Each of Amber's messages names her as Chris knows her, though Chris came later.
        let amber = harness.id(of: "amber", seenBy: "chris")
        #expect(events.compactMap(\.message).count == 20)
        #expect(events.compactMap(\.message).allSatisfy { $0.sender == amber })
    }

    @Test func aStaleProposalInASessionLongPastIsAnsweredWithItsNewestMessage() throws {
        var (harness, conversation, sessions, _) = try Self.longConversation()
        let first = try #require(sessions.first)
        let reply = harness.handle(.send(.init(
            id: "late", conversation: conversation, game: "icecream", session: first.uuidString, basedOn: 1,
            url: "?Base=base01&Scoops=scoops01")), from: "amber").first
        guard case let .rejected(rejected)? = reply else { throw Unexpected(reply) }
        #expect(rejected.error.code == "stale")
        let current = try #require(rejected.current)
        #expect(current.seq == 3 && current.message?.session == first)
    }
}

struct Unexpected: Error, CustomStringConvertible {
    let description: String
    init(_ value: Any?) { description = "unexpected \(String(describing: value))" }
}
