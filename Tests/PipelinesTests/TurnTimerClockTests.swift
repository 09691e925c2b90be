import Foundation
import Pipelines
import Server
import ServerTestSupport
import Testing
import Timekeeping
import Transport
import Wire

/// A turn's clock runs on the server's clock: with a `ManualClock`, a turn times out when the
/// test moves the clock past its deadline, and not a millisecond before.
@Suite struct TurnTimerClockTests {
    @Test func aTurnTimesOutWhenTheClockPassesItsDeadlineAndNotBefore() async throws {
        // A whole millisecond, as stored times are.
        let clock = ManualClock(now: WallInstant(Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))))
        try await LiveServer.with(turnTimeouts: ["battleship": .seconds(300)], configure: { $0.clock = .init(clock) }) { server in
            let amber = try await Player.connect(to: server)
            let ben = try await Player.connect(to: server)
            // Nothing moves the clock meanwhile: Ben's shot starts a turn of 300 s from now.
            let conversation = try await Games.shootOnceAndGoQuiet(amber, ben)

            clock.advance(by: .seconds(300) - .milliseconds(1))
            let before = try await amber.request(.resume(.init(id: "r", conversation: conversation, after: 4)))
            #expect(before == .synced(.init(id: "r", conversation: conversation, lastSeq: 4)), "no timeout a millisecond early")

            clock.advance(by: .milliseconds(1))
            for player in [amber, ben] {
                let frame = try await player.next { if case let .event(event) = $0 { event.kind == .timeout } else { false } }
                let event = try #require(frame.event)
                #expect(event.seq == 5 && event.status?.outcome.finished == true)
            }
        }
    }
}
