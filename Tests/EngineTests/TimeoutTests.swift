import Engine
import Foundation
import GameCatalog
import Testing
import Transcript
import Wire

@Suite struct EngineTimeoutTests {
    @Test func aGuesserWhoNeverComesForfeitsAtTheDeadline() throws {
        var harness = EngineHarness(turnTimeouts: ["battleship": 300])
        let created = harness.create(by: "amber")
        harness.join(created.invite, by: "ben")
        let placed = harness.handle(.send(.init(id: "p", conversation: created.conversation, game: "battleship",
                                                url: "?Ship_Location=0&Ship_Location=4")), from: "amber")
        #expect(placed.first?.isAccepted == true)
        let deadlines = harness.engine.deadlines()
        let deadline = try #require(deadlines.first)
        #expect(deadlines.count == 1 && deadline.at == harness.clock + 300 && deadline.basedOn == 3)

        // Early, nothing happens; on time, the guesser's seat forfeits and Amber wins.
        #expect(harness.engine.timeOut(deadline, now: deadline.at - 1).events.isEmpty)
        let decision = harness.engine.timeOut(deadline, now: deadline.at)
        #expect(decision.events.count == 1)
        harness.deliver(decision)
        let event = try #require(harness.events(of: "ben").last)
        #expect(event.kind == .timeout && event.seq == 4 && event.participant == nil)
        #expect(event.status?.outcome == OutcomeInfo(finished: true, winners: [harness.id(of: "amber", seenBy: "ben")]))
        #expect(event.status?.turn.kind == .nobody)
        #expect(harness.engine.deadlines().isEmpty)
        #expect(harness.engine.timeOut(deadline, now: deadline.at + 1).events.isEmpty, "a deadline fires once")

        // Too late to guess, and a restart replays the forfeit.
        let shown = try #require(harness.lastMessage(in: created.conversation, for: "ben"))
        #expect(harness.reply(to: shown, with: "Shot=4", by: "ben")?.rejection?.code == "game-over")
        var restarted = Engine(configuration: harness.engine.configuration, catalog: .standard,
                               identifiers: ParticipantIdentifiers(secret: EngineHarness.secret))
        for stored in harness.log { try restarted.apply(stored) }
        #expect(restarted.event(conversation: created.conversation, seq: 4, for: "ben") == event)
        #expect(restarted.deadlines().isEmpty)
    }

    /// A resume from the store renders each message as it replays, when it was its session's
    /// newest: it must still say a deadline only for a turn timed now, not the one each message
    /// had (a game lost on time, read back, showed an expired clock on its last move).
    @Test func aResumeFromTheStoreShowsOnlyTheDeadlinesThatRunNow() throws {
        var harness = EngineHarness(turnTimeouts: ["battleship": 2])
        let created = harness.create(by: "amber")
        harness.join(created.invite, by: "ben")
        harness.start("battleship", url: "?Ship_Location=0&Ship_Location=4", in: created.conversation, by: "amber")
        let placed = try #require(harness.lastMessage(in: created.conversation, for: "ben"))
        #expect(harness.reply(to: placed, with: "Shot=8", by: "ben")?.isAccepted == true)
        let deadline = try #require(harness.engine.deadlines().first)
        harness.deliver(harness.engine.timeOut(deadline, now: deadline.at))
        // A second game whose clock still runs: its newest message keeps its deadline.
        harness.start("battleship", url: "?Ship_Location=1&Ship_Location=2", in: created.conversation, by: "amber")
        let running = try #require(harness.engine.deadlines().first)
        // More entries than memory keeps: the resume is read from the store.
        for index in 0..<8 {
            harness.handle(.chat(.init(id: harness.nextID(), conversation: created.conversation, text: "hi \(index)")), from: "amber")
        }
        let decision = harness.engine.handle(
            .resume(.init(id: "r", conversation: created.conversation, after: 0)), from: "ben", now: harness.clock,
            random: &harness.random)
        let frames = try harness.engine.backlog(try #require(decision.backlog), replaying: harness.log)
        let messages = frames.compactMap { frame -> Event? in
            if case let .event(event) = frame, event.kind == .message { event } else { nil }
        }
        #expect(messages.count == 3)
        let timedOut = try #require(frames.compactMap { frame -> Event? in
            if case let .event(event) = frame, event.kind == .timeout { event } else { nil }
        }.first)
        #expect(timedOut.status?.outcome.finished == true && timedOut.status?.deadline == nil)
        #expect(messages.dropLast().allSatisfy { $0.status?.deadline == nil }, "\(messages.map(\.status))")
        #expect(messages.last?.status?.deadline == Int64((running.at.timeIntervalSince1970 * 1000).rounded()))
    }

    /// Each member's copy of a session's newest message says when the turn runs out, so that
    /// clients can show the clock; an older message, a finished game and an untimed game do not.
    @Test func theNewestMessageCarriesTheTurnsDeadline() throws {
        var harness = EngineHarness(turnTimeouts: ["battleship": 300])
        let created = harness.create(by: "amber")
        harness.join(created.invite, by: "ben")
        harness.start("battleship", url: "?Ship_Location=0&Ship_Location=4", in: created.conversation, by: "amber")
        let placed = try #require(harness.lastMessage(in: created.conversation, for: "ben"))
        let expected = Int64((harness.clock.timeIntervalSince1970 + 300) * 1000)
        #expect(placed.status?.deadline == expected)
        #expect(harness.lastMessage(in: created.conversation, for: "amber")?.status?.deadline == expected, "everyone's copy")
        // Answered: the old message no longer has it; the new one has its own.
        harness.clock += 10
        #expect(harness.reply(to: placed, with: "Shot=8", by: "ben")?.isAccepted == true)
        #expect(harness.engine.event(conversation: created.conversation, seq: placed.seq, for: "ben")?.status?.deadline == nil)
        let shot = try #require(harness.lastMessage(in: created.conversation, for: "amber"))
        #expect(shot.status?.deadline == Int64((harness.clock.timeIntervalSince1970 + 300) * 1000))
        // Over: no clock.
        let bens = try #require(harness.lastMessage(in: created.conversation, for: "ben"))
        #expect(harness.reply(to: bens, with: "Shot=0", by: "ben")?.isAccepted == true)
        let hit = try #require(harness.lastMessage(in: created.conversation, for: "ben"))
        #expect(harness.reply(to: hit, with: "Shot=4", by: "ben")?.isAccepted == true)
        let end = try #require(harness.lastMessage(in: created.conversation, for: "ben"))
        #expect(end.status?.outcome.finished == true && end.status?.deadline == nil)
        // A game without a timeout has no clock.
        harness.start("icecream", url: "?Base=base01", in: created.conversation, by: "amber")
        #expect(harness.lastMessage(in: created.conversation, for: "ben")?.status?.deadline == nil)
    }

    @Test func aMoveInTimeStopsTheClockAndStartsTheNext() throws {
        var harness = EngineHarness(turnTimeouts: ["icecream": 600])
        let created = harness.create(by: "amber")
        harness.join(created.invite, by: "ben")
        harness.start("icecream", url: "?Base=base01", in: created.conversation, by: "amber")
        let first = try #require(harness.engine.deadlines().first)
        let shown = try #require(harness.lastMessage(in: created.conversation, for: "ben"))
        #expect(harness.reply(to: shown, with: "Scoops=scoops01", by: "ben")?.isAccepted == true)
        #expect(harness.engine.timeOut(first, now: first.at + 1).events.isEmpty, "an old deadline is void")
        let second = try #require(harness.engine.deadlines().first)
        #expect(second.basedOn == 4)

        // The Ice Cream builder skips: anyone may add the topping, Ben too, and no new clock runs.
        let decision = harness.engine.timeOut(second, now: second.at)
        harness.deliver(decision)
        let event = try #require(harness.events(of: "amber").last)
        #expect(event.kind == .timeout && event.participant?.id == harness.id(of: "ben", seenBy: "amber"))
        #expect(event.status?.turn.kind == .anyone && event.status?.outcome.finished == false)
        #expect(harness.engine.deadlines().isEmpty)
        let bens = try #require(harness.lastMessage(in: created.conversation, for: "ben"))
        #expect(harness.reply(to: bens, with: "Topping=topping02", by: "ben")?.isAccepted == true)
    }
}
