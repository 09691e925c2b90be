import Engine
import Foundation
import GameCatalog
import Testing
import Transcript
import Wire

/// A player gives up: stored, told to every member, the game over with them losing.
@Suite struct ResignTests {
    /// Amber and Ben in a classic game, both fleets placed; returns the conversation and session.
    static func classicTable(_ harness: inout EngineHarness) throws -> (conversation: ConversationID, session: String) {
        let created = harness.create(by: "amber")
        harness.join(created.invite, by: "ben")
        let fleet = "?Variant=classic&Ship=0-carrier-A1-h&Ship=0-battleship-A2-h&Ship=0-cruiser-A3-h&Ship=0-submarine-A4-h&Ship=0-destroyer-A5-h"
        guard case let .accepted(placed)? = harness.start("battleship", variant: "classic", url: fleet, in: created.conversation, by: "amber")
        else { throw Unexpected("Amber's fleet") }
        return (created.conversation, placed.session)
    }

    @Test func aPlayerResignsAndTheOtherWins() throws {
        var harness = EngineHarness(turnTimeouts: ["battleship": 300])
        let (conversation, session) = try Self.classicTable(&harness)
        let placing = try #require(harness.lastMessage(in: conversation, for: "ben"))
        let fleet = "Ship=1-carrier-A1-h&Ship=1-battleship-A2-h&Ship=1-cruiser-A3-h&Ship=1-submarine-A4-h&Ship=1-destroyer-A5-h"
        #expect(harness.reply(to: placing, with: fleet, by: "ben")?.isAccepted == true)
        #expect(!harness.engine.deadlines().isEmpty, "Amber's turn is timed")
        let answer = harness.handle(.resign(.init(id: "give-up", conversation: conversation, session: session)), from: "amber")
        #expect(answer.first == .done(.init(id: "give-up")))
        for viewer: AccountID in ["amber", "ben"] {
            let event = try #require(harness.events(of: viewer).last)
            #expect(event.kind == .resigned)
            #expect(event.participant?.id == harness.id(of: "amber", seenBy: viewer))
            #expect(event.status?.session == session)
            #expect(event.status?.outcome == OutcomeInfo(
                finished: true, winners: [harness.id(of: "ben", seenBy: viewer)], losers: [harness.id(of: "amber", seenBy: viewer)]))
            #expect(event.status?.turn.kind == .nobody)
        }
        #expect(harness.engine.deadlines().isEmpty, "the clock stops")
        // The game takes no more moves, nor a second resignation.
        let shown = try #require(harness.lastMessage(in: conversation, for: "ben"))
        #expect(harness.reply(to: shown, with: "Shot=0-A1", by: "ben")?.rejection?.code == "game-over")
        let again = harness.handle(.resign(.init(id: "again", conversation: conversation, session: session)), from: "amber")
        #expect(again.first?.rejection?.code == "game-over")

        // Stored: a restart replays it, and a snapshot keeps it.
        var restarted = Engine(configuration: harness.engine.configuration, catalog: .standard,
                               identifiers: ParticipantIdentifiers(secret: EngineHarness.secret))
        for stored in harness.log { try restarted.apply(stored) }
        let seq = try #require(harness.engine.lastSeq(of: conversation))
        #expect(restarted.event(conversation: conversation, seq: seq, for: "ben") == harness.engine.event(conversation: conversation, seq: seq, for: "ben"))
        let resigned = try #require(harness.log.last)
        let coded = try JSONDecoder().decode(Record.self, from: JSONEncoder().encode(resigned))
        #expect(coded == resigned)
        let snapshot = try #require(harness.engine.snapshotChange(of: conversation, after: 0)?.value)
        var loaded = SnapshotTests.freshEngine(like: harness)
        for event in harness.log where event.conversation == nil { try loaded.apply(event) }
        #expect(try loaded.load(conversation, snapshot: snapshot, then: harness.log))
        #expect(loaded.event(conversation: conversation, seq: seq, for: "amber") == harness.engine.event(conversation: conversation, seq: seq, for: "amber"))
        let id = try #require(SessionID(uuidString: session))
        let detail = try #require(try harness.engine.adminGame(id, in: conversation, from: harness.log))
        #expect(detail.log.last?.kind == "resigned")
    }

    @Test func onlyAPlayerOfAGameWithSidesMayResign() throws {
        var harness = EngineHarness()
        let (conversation, session) = try Self.classicTable(&harness)
        // Ben has not placed his fleet: he holds no seat yet. Chris is no member at all.
        let ben = harness.handle(.resign(.init(id: "b", conversation: conversation, session: session)), from: "ben")
        #expect(ben.first?.rejection?.code == "not-a-player")
        let chris = harness.handle(.resign(.init(id: "c", conversation: conversation, session: session)), from: "chris")
        #expect(chris.first?.rejection?.code == "unknown-conversation")
        let unknown = harness.handle(.resign(.init(id: "u", conversation: conversation, session: UUID().uuidString)), from: "amber")
        #expect(unknown.first?.rejection?.code == "unknown-session")
        // An ice cream is built together: nobody to lose to.
        guard case let .accepted(cone)? = harness.start("icecream", variant: "group", url: "?Base=base01", in: conversation, by: "amber")
        else { throw Unexpected("an ice cream") }
        let icecream = harness.handle(.resign(.init(id: "i", conversation: conversation, session: cone.session)), from: "amber")
        #expect(icecream.first?.rejection?.code == "cannot-resign")
        #expect(harness.log.allSatisfy { if case .resigned = $0 { false } else { true } }, "nothing stored for a refusal")
    }
}
