import Engine
import Foundation
import Testing
import Transcript
import Wire

/// A decision says which turn clocks the server is to time (`Decision.timers`): a move sets its
/// session's next deadline, the move or timeout that stops the clock cancels it, and what
/// touches no game says nothing. The pipeline asks the engine nothing more.
@Suite struct DecisionTimersTests {
    @Test func movesSetTheirSessionsDeadlineAndTheEndCancelsIt() throws {
        var harness = EngineHarness(turnTimeouts: ["battleship": 300, "icecream": 60])
        let created = harness.create(by: "amber")
        harness.join(created.invite, by: "ben")
        let conversation = created.conversation

        let placed = decide(&harness, .send(.init(
            id: "p", conversation: conversation, game: "battleship", url: "?Ship_Location=0&Ship_Location=4")), by: "amber")
        let session = try #require(placed.events.first.flatMap(Self.session))
        guard case let .set(first)? = placed.timers.first, placed.timers.count == 1 else { throw Unexpected(placed.timers) }
        #expect(first.conversation == conversation && first.session == session && first.basedOn == 3 && first.at == harness.clock + 300)

        for (cell, timers) in [(1, "set"), (4, "set"), (0, "cancel")] {
            let shown = try #require(harness.lastMessage(in: conversation, for: "ben"))
            let message = try #require(shown.message)
            let shot = decide(&harness, .send(.init(
                id: harness.nextID(), conversation: conversation, game: "battleship", session: session.uuidString,
                basedOn: shown.seq, url: message.url + "&Shot=\(cell)")), by: "ben")
            #expect(shot.events.count == 1, "\(shot.replies)")
            switch (timers, shot.timers.first) {
            case let ("set", .set(deadline)?):
                #expect(deadline.session == session && deadline.at == harness.clock + 300 && shot.timers.count == 1)
            case ("cancel", .cancel(session)?):
                #expect(shot.timers.count == 1, "the game is over: its clock stops")
            default:
                Issue.record("shot at \(cell): \(shot.timers)")
            }
        }

        let chat = decide(&harness, .chat(.init(id: harness.nextID(), conversation: conversation, text: "well played")), by: "amber")
        #expect(chat.events.count == 1 && chat.timers.isEmpty, "a chat touches no clock")

        // An ice cream's turn that runs out passes on without a clock: the timeout cancels it.
        let started = decide(&harness, .send(.init(
            id: harness.nextID(), conversation: conversation, game: "icecream", url: "?Base=base01")), by: "amber")
        guard case let .set(deadline)? = started.timers.first else { throw Unexpected(started.timers) }
        let timedOut = harness.engine.timeOut(deadline, now: deadline.at)
        #expect(timedOut.events.count == 1 && timedOut.timers == [.cancel(deadline.session)], "\(timedOut.timers)")
    }

    private func decide(_ harness: inout EngineHarness, _ frame: ClientFrame, by account: AccountID) -> Decision {
        harness.clock += 1
        let decision = harness.engine.handle(frame, from: account, now: harness.clock, random: &harness.random)
        harness.deliver(decision)
        return decision
    }

    static func session(of record: Record) -> SessionID? {
        if case let .accepted(move) = record { move.session } else { nil }
    }
}
