import Engine
import GameCatalog
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
        #expect(harness.engine.conversation(ofSession: session.uuidString) == nil, "the store's index knows it, not memory")
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
        #expect(harness.engine.deadlines(in: created.conversation).isEmpty)
        _ = harness.handle(.send(.init(id: "p", conversation: created.conversation, game: "battleship",
                                       url: "?Ship_Location=0&Ship_Location=4")), from: "amber")
        #expect(harness.engine.deadlines(in: created.conversation).map(\.at) == [harness.clock.addingTimeInterval(300)])
    }

    /// An idle conversation leaves memory, handing back a snapshot of what it gained since its
    /// newest stored one, if anything, and the turns that run in it, to be timed from the store;
    /// unless a turn is due soon, when it stays.
    @Test func anIdleConversationLeavesWithWhatItsSnapshotLacks() throws {
        var harness = EngineHarness(turnTimeouts: ["battleship": 300])
        let created = harness.create(by: "amber")
        _ = harness.join(created.invite, by: "ben")
        let quiet = harness.create(by: "amber").conversation
        let lastSeq = try #require(harness.engine.lastSeq(of: created.conversation))

        // Nothing since the snapshot: it leaves with none.
        var copy = harness.engine
        let soon = harness.clock.addingTimeInterval(60)
        let quietly = copy.evictIdle(created.conversation, storedThrough: 9, snapshotSeq: lastSeq, unlessDueBefore: soon)
        #expect(quietly != nil && quietly?.snapshot == nil && quietly?.deadlines.isEmpty == true)
        #expect(!copy.holds(created.conversation))
        // Entries since: it leaves with one, of its records after the position given.
        copy = harness.engine
        let eviction = copy.evictIdle(created.conversation, storedThrough: 9, snapshotSeq: lastSeq - 1, unlessDueBefore: soon)
        let snapshot = try #require(eviction?.snapshot)
        #expect(snapshot == harness.engine.snapshotChange(of: created.conversation, after: 9))
        #expect(!copy.holds(created.conversation) && copy.holds(quiet))

        // A turn clock runs: it leaves too, with the turn's deadline.
        _ = harness.handle(.send(.init(id: "p", conversation: created.conversation, game: "battleship",
                                       url: "?Ship_Location=0&Ship_Location=4")), from: "amber")
        let running = harness.engine.deadlines(in: created.conversation)
        #expect(running.count == 1)
        // Due within the margin (300 s from now, the margin past it): it stays, unchanged.
        let stays = harness.engine.evictIdle(
            created.conversation, storedThrough: 9, snapshotSeq: 0, unlessDueBefore: harness.clock.addingTimeInterval(301))
        #expect(stays == nil)
        #expect(harness.engine.holds(created.conversation))
        let leaves = harness.engine.evictIdle(created.conversation, storedThrough: 9, snapshotSeq: 0, unlessDueBefore: soon)
        #expect(leaves?.deadlines == running)
        #expect(!harness.engine.holds(created.conversation))
    }
}

/// A conversation that plays for months holds its running games and its newest few finished
/// ones; the rest are in the store, over, and still counted.
@Suite struct FinishedSessionTests {
    @Test func finishedSessionsBeyondTheNewestFewLeaveMemoryButStayOverAndCounted() throws {
        var harness = EngineHarness()
        let created = harness.create(by: "amber")
        var sessions: [(SessionID, Int)] = []
        for _ in 0..<10 {
            let opened = harness.start("icecream", variant: "solo", url: "?Base=base01", in: created.conversation, by: "amber")
            guard case let .accepted(accepted)? = opened else { throw Unexpected(opened) }
            var event = try #require(harness.lastMessage(in: created.conversation, for: "amber"))
            #expect(harness.reply(to: event, with: "Scoops=scoops01", by: "amber")?.isAccepted == true)
            event = try #require(harness.lastMessage(in: created.conversation, for: "amber"))
            #expect(harness.reply(to: event, with: "Topping=topping01", by: "amber")?.isAccepted == true)
            event = try #require(harness.lastMessage(in: created.conversation, for: "amber"))
            #expect(event.status?.outcome.finished == true)
            sessions.append((try #require(SessionID(uuidString: accepted.session)), event.seq))
        }
        let statistics = harness.engine.statistics()
        #expect(statistics.gamesFinished == 10 && statistics.moves == 30 && statistics.gamesInProgress == 0)
        #expect(harness.engine.adminGames().count == 4, "the newest four finished games stay in memory")

        // A late answer to the oldest game is refused as over, as it was before it left memory.
        let (oldest, last) = try #require(sessions.first)
        let late = harness.handle(.send(.init(
            id: "late", conversation: created.conversation, game: "icecream", session: oldest.uuidString, basedOn: last,
            url: "?Base=base01&Scoops=scoops01&Topping=topping01&Topping=topping02")), from: "amber").first
        #expect(late?.rejection == ErrorFrame(code: "game-over", reason: "This game is over."))

        // The admin rebuilds it from the stored events.
        let detail = try #require(try harness.engine.adminGame(oldest, in: created.conversation, from: harness.log))
        #expect(detail.game.finished && detail.game.moves == 3 && detail.log.count == 3)

        // A restart holds the same.
        var restarted = Engine(configuration: harness.engine.configuration, catalog: .standard,
                               identifiers: ParticipantIdentifiers(secret: EngineHarness.secret))
        for stored in harness.log { try restarted.apply(stored) }
        #expect(restarted.statistics() == statistics)
        #expect(restarted.adminGames().map(\.session) == harness.engine.adminGames().map(\.session))
    }
}
