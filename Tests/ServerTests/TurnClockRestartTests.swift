import Client
import Foundation
import Server
import Testing
import Wire

/// A server down for longer than a turn does not forfeit the turn when it comes back: the
/// clock stood still while it was down.
@Suite(.timeLimit(.minutes(2)))
struct TurnClockRestartTests {
    @Test func aRestartLongerThanATurnForfeitsNothingAtOnce() async throws {
        let folder = LiveServer.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Long enough that a slow shutdown on a machine busy with every other suite (up to
        // 15 s seen) does not use up the turn.
        let timeouts: [String: Duration] = ["battleship": .seconds(20)]
        let (amberKey, benKey) = (InstallKey(), InstallKey())
        let (conversation, shotAt) = try await LiveServer.with(dataDirectory: folder, turnTimeouts: timeouts) { server in
            let amber = try await Player.connect(to: server, key: amberKey)
            let ben = try await Player.connect(to: server, key: benKey)
            let conversation = try await RelayGameTests.gather(amber, [ben])
            _ = try await amber.request(.send(.init(id: "p", conversation: conversation, game: "battleship",
                                                    url: "?Ship_Location=0&Ship_Location=1")))
            let shown = try await ben.nextMessage()
            // The turn's clock starts when the server decides the shot: after it is sent.
            let sent = ContinuousClock.now
            let shot = try await RelayGameTests.send(ben, replyingTo: shown, adding: "Shot=5")
            guard case .accepted = shot else { throw ConnectionError.unexpected("\(shot)") }
            return (conversation, sent)
        }
        let stopped = ContinuousClock.now
        // Down until the turn would have run out had the clock run while down: without the
        // rule, the forfeit comes at the restart.
        try await Task.sleep(until: shotAt + .seconds(21), clock: .continuous)
        let restarting = ContinuousClock.now
        try await LiveServer.with(dataDirectory: folder, turnTimeouts: timeouts) { server in
            let ben = try await Player.connect(to: server, key: benKey)
            let synced = try await ben.request(.resume(.init(id: "r", conversation: conversation, after: 4)))
            #expect(synced == .synced(.init(id: "r", conversation: conversation, lastSeq: 4)), "no forfeit at start")
            // The forfeit comes once the turn's clock has run 20 s, the time down not counted:
            // at most (stopped - shot) ran before, at most (forfeit - restarting) after.
            let frame = try await ben.next(within: .seconds(40)) { if case let .event(event) = $0 { event.kind == .timeout } else { false } }
            let ran = (stopped - shotAt) + (ContinuousClock.now - restarting)
            guard case let .event(event) = frame else { throw ConnectionError.unexpected("\(frame)") }
            #expect(event.seq == 5 && event.status?.outcome.finished == true)
            // Stored times are milliseconds, and the last sign of life is written as the server
            // stops. Without the rule, the forfeit comes at the restart, after a fraction of a
            // second.
            #expect(ran >= .milliseconds(19_900), "the turn's clock ran \(ran) in all")
        }
    }
}

