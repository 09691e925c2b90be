import Engine
import Foundation
import Testing
import Transcript
import Wire

/// What an engine that holds nothing asks the store before it decides a request
/// (`Engine.nextRead(for:after:)`), one read at a time, until it needs nothing more; the
/// pipeline only performs the reads.
@Suite struct StoreReadTests {
    /// A conversation of Amber and Ben played on one engine, and a second engine that knows
    /// nothing of it, as after a restart.
    private func restarted() -> (played: EngineHarness, empty: Engine, conversation: ConversationSummary) {
        var played = EngineHarness()
        let created = played.create(by: "amber")
        played.join(created.invite, by: "ben")
        var empty = EngineHarness().engine
        empty.knowsEveryAccount = false
        return (played, empty, created)
    }

    @Test func aMoveNeedsItsSendersConversationsTheConversationAndAGameStartSentBefore() throws {
        var (played, engine, created) = restarted()
        let send = Request.frame(.send(.init(
            id: "p", conversation: created.conversation, game: "battleship", url: "?Ship_Location=0&Ship_Location=4")), from: "amber")
        var reading = Reading()
        #expect(engine.nextRead(for: send, after: reading) == .account("amber"))
        engine.learn("amber", conversations: [created.conversation], name: "Amber")
        reading.note(.account("amber"), found: nil)
        #expect(engine.nextRead(for: send, after: reading) == .conversation(created.conversation))
        try engine.load(created.conversation, from: played.log)
        reading.note(.conversation(created.conversation), found: nil)
        let start = try #require(engine.nextRead(for: send, after: reading), "a game's start it may have sent before")
        guard case .start = start else { throw Unexpected(start) }
        reading.note(start, found: nil)
        #expect(engine.nextRead(for: send, after: reading) == nil)
        #expect(engine.conversations(namedBy: send, after: reading) == [created.conversation])

        // Each read is asked once: a read that taught nothing is not asked again.
        var unknown = Reading()
        let stranger = Request.frame(.chat(.init(id: "c", conversation: created.conversation, text: "hi")), from: "chris")
        #expect(engine.nextRead(for: stranger, after: unknown) == .account("chris"))
        unknown.note(.account("chris"), found: nil)
        #expect(engine.nextRead(for: stranger, after: unknown) == nil, "not a member: nothing to load")
        #expect(engine.conversations(namedBy: stranger, after: unknown).isEmpty)
    }

    @Test func aJoinLooksItsInviteUpThenLoadsAndCountsTheJoinersConversations() throws {
        var (played, engine, created) = restarted()
        let join = Request.frame(.join(.init(id: "j", invite: created.invite.lowercased())), from: "chris")
        var reading = Reading()
        #expect(engine.nextRead(for: join, after: reading) == .account("chris"))
        engine.learn("chris", conversations: [], name: nil)
        reading.note(.account("chris"), found: nil)
        let invite = StoreRead.invite(key: IndexKind.inviteKey(created.invite.lowercased()))
        #expect(engine.nextRead(for: join, after: reading) == invite)
        reading.note(invite, found: created.conversation)
        #expect(engine.nextRead(for: join, after: reading) == .conversation(created.conversation))
        try engine.load(created.conversation, from: played.log)
        reading.note(.conversation(created.conversation), found: nil)
        #expect(engine.nextRead(for: join, after: reading) == .conversationCount("chris"))
        reading.note(.conversationCount("chris"), found: nil)
        #expect(engine.nextRead(for: join, after: reading) == nil)
        #expect(engine.conversations(namedBy: join, after: reading) == [created.conversation])

        // An invite the index does not know names nothing.
        var nowhere = Reading()
        let lost = Request.frame(.join(.init(id: "k", invite: "NO-SUCH-CODE")), from: "chris")
        let lookUp = try #require(engine.nextRead(for: lost, after: nowhere))
        nowhere.note(lookUp, found: nil)
        #expect(engine.nextRead(for: lost, after: nowhere) == .conversationCount("chris"))
        #expect(engine.conversations(namedBy: lost, after: nowhere).isEmpty)
    }

    @Test func theOperatorsEndLooksTheSessionUpAndAnEngineThatHoldsEverythingAsksNothing() throws {
        let (played, engine, created) = restarted()
        let session = SessionID(UUID())
        let end = Request.end(session: session.uuidString.lowercased())
        var reading = Reading()
        #expect(engine.nextRead(for: end, after: reading) == .session(session))
        reading.note(.session(session), found: created.conversation)
        #expect(engine.nextRead(for: end, after: reading) == .conversation(created.conversation))
        #expect(engine.nextRead(for: .end(session: "not a session"), after: Reading()) == nil)

        let chat = Request.frame(.chat(.init(id: "c", conversation: created.conversation, text: "hi")), from: "ben")
        #expect(played.engine.nextRead(for: chat, after: Reading()) == nil, "everything is in memory")
        #expect(played.engine.conversations(namedBy: chat, after: Reading()) == [created.conversation])
    }

    /// What the pipeline hands back (`Engine.take(_:)`) is all it needs next: a conversation
    /// loaded comes with its running clocks, its members whose names to read and its newest
    /// seq; a snapshot this version cannot read changes nothing.
    @Test func aConversationTakenInSaysItsClocksTheNamesToReadAndItsNewestSeq() throws {
        var played = EngineHarness(turnTimeouts: ["battleship": 300])
        let created = played.create(by: "amber")
        played.join(created.invite, by: "ben")
        _ = played.handle(.send(.init(
            id: "p", conversation: created.conversation, game: "battleship", url: "?Ship_Location=0&Ship_Location=4")), from: "amber")
        let deadline = try #require(played.engine.deadlines().first, "the guesser's clock runs")
        var engine = EngineHarness(turnTimeouts: ["battleship": 300]).engine
        engine.knowsEveryAccount = false

        let refused = try engine.take(.snapshot(created.conversation, #"{"format":99,"after":0,"lastSeq":1}"#, then: played.log))
        #expect(!refused.loaded && refused.lastSeq == nil && refused.decision.timers.isEmpty)
        #expect(!engine.holds(created.conversation), "a snapshot it cannot read changes nothing")

        let taken = try engine.take(.records(created.conversation, played.log))
        #expect(taken.loaded && engine.holds(created.conversation))
        #expect(taken.decision.timers == [.set(deadline)])
        #expect(Set(taken.namesWanted) == ["amber", "ben"])
        #expect(taken.lastSeq == played.engine.lastSeq(of: created.conversation))
        _ = try engine.take(.names(["amber": "Amber"]))
        #expect(engine.name(of: "amber") == "Amber" && engine.name(of: "ben") == nil)

        // What another server stored: a newcomer's name is asked for, with the entry to relay.
        var elsewhere = played
        elsewhere.join(created.invite, by: "chris")
        let stored = Array(elsewhere.log.dropFirst(played.log.count))
        let joined = try engine.take(.storedElsewhere(stored))
        #expect(joined.namesWanted.contains("chris") && !joined.namesWanted.contains("amber"))
        #expect(joined.decision.notify.map(\.seq) == stored.compactMap(\.seq))
        #expect(engine.lastSeq(of: created.conversation) == elsewhere.engine.lastSeq(of: created.conversation))
    }
}
