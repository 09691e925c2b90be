import Engine
import Foundation
import GameCatalog
import Testing
import Transcript
import Wire

/// A turn's clock stands still while the server is down: every deadline moves on by the time
/// it was down after the turn began, and a replay of the log gives the same deadlines.
@Suite struct DowntimeTests {
    @Test func aDeadlineMovesOnByTheTimeTheServerWasDown() throws {
        var harness = EngineHarness(turnTimeouts: ["battleship": 300])
        let created = harness.create(by: "amber")
        _ = harness.join(created.invite, by: "ben")
        _ = harness.handle(.send(.init(id: "p", conversation: created.conversation, game: "battleship",
                                       url: "?Ship_Location=0&Ship_Location=4")), from: "amber")
        let placed = harness.clock
        let before = try #require(harness.engine.deadlines().first)
        #expect(before.at == placed + 300)

        // Down for ten minutes, 100 s into the turn: 200 s are left when it comes back.
        let down = try #require(Record.downtime(lastAlive: placed + 100, now: placed + 700))
        try harness.engine.apply(down)
        harness.log.append(down)
        let after = try #require(harness.engine.deadlines().first)
        #expect(after.at == placed + 900 && after.basedOn == before.basedOn)
        #expect(harness.engine.timeOut(after, now: placed + 899).events.isEmpty)
        #expect(harness.engine.timeOut(before, now: placed + 800).events.isEmpty, "the old deadline is void")

        // A downtime before the turn began takes nothing off it; a start that died before its
        // first beat records the same beginning again, and that counts once.
        try harness.engine.apply(.downtime(from: placed - 50, to: placed - 10))
        try harness.engine.apply(.downtime(from: placed + 100, to: placed + 760))
        #expect(harness.engine.deadlines().first?.at == placed + 960)

        var restarted = Engine(configuration: harness.engine.configuration, catalog: .standard,
                               identifiers: ParticipantIdentifiers(secret: EngineHarness.secret))
        for stored in harness.log { try restarted.apply(stored) }
        #expect(restarted.deadlines() == [after])
    }

    @Test func aMomentsPauseIsNoDowntime() {
        let harness = EngineHarness()
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(Record.downtime(lastAlive: now - 0.5, now: now) == nil)
        #expect(Record.downtime(lastAlive: now - 2, now: now) == .downtime(from: now - 2, to: now))
    }
}
