import Client
import Foundation
import Pipelines
import Server
import ServerTestSupport
import Testing
import Timekeeping
import Transport
import Wire

/// A server down for longer than a turn does not forfeit the turn when it comes back: the
/// clock stood still while it was down.
@Suite(.timeLimit(.minutes(2)))
struct TurnClockRestartTests {
    @Test func aRestartLongerThanATurnForfeitsNothingAtOnce() async throws {
        let folder = LiveServer.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let timeouts: [String: Duration] = ["battleship": .seconds(20)]
        let (amberKey, benKey) = (InstallKey(), InstallKey())
        // Both runs read one clock, which moves only when the test says: a whole millisecond,
        // as stored times are.
        let clock = ManualClock(now: WallInstant(Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))))
        let shot = clock.now
        let configure: @Sendable (inout ServerConfiguration) -> Void = { $0.clock = .init(clock) }
        let conversation = try await LiveServer.with(dataDirectory: folder, turnTimeouts: timeouts, configure: configure) { server in
            let amber = try await Player.connect(to: server, key: amberKey)
            let ben = try await Player.connect(to: server, key: benKey)
            // Ben's shot starts a 20 s turn at `shot`; the server stops 5 s later.
            let conversation = try await Games.shootOnceAndGoQuiet(amber, ben)
            clock.advance(by: .seconds(5))
            return conversation
        }
        // Down for 30 s, longer than the whole turn: without the rule, the forfeit comes at the
        // restart.
        clock.advance(by: .seconds(30))
        try await LiveServer.with(dataDirectory: folder, turnTimeouts: timeouts, configure: configure) { server in
            let ben = try await Player.connect(to: server, key: benKey)
            let synced = try await ben.request(.resume(.init(id: "r", conversation: conversation, after: 4)))
            #expect(synced == .synced(.init(id: "r", conversation: conversation, lastSeq: 4)), "no forfeit at start")
            // 5 s of the turn ran before the stop; 15 s are left, the 30 s down not counted.
            clock.advance(to: shot + .seconds(5 + 30 + 15) - .milliseconds(1))
            let before = try await ben.request(.resume(.init(id: "r2", conversation: conversation, after: 4)))
            #expect(before == .synced(.init(id: "r2", conversation: conversation, lastSeq: 4)), "no forfeit a millisecond early")
            clock.advance(by: .milliseconds(1))
            let frame = try await ben.next { if case let .event(event) = $0 { event.kind == .timeout } else { false } }
            let event = try #require(frame.event)
            #expect(event.seq == 5 && event.status?.outcome.finished == true)
        }
    }
}
