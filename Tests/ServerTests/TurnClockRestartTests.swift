import Client
import Foundation
import Server
import Testing
import Wire

/// A server down for longer than a turn does not forfeit the turn when it comes back: the
/// clock stood still while it was down.
@Suite(.timeLimit(.minutes(1)))
struct TurnClockRestartTests {
    @Test func aRestartLongerThanATurnForfeitsNothingAtOnce() async throws {
        let folder = LiveServer.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let timeouts: [String: Duration] = ["battleship": .seconds(2)]
        let (amberKey, benKey) = (InstallKey(), InstallKey())
        let conversation = try await LiveServer.with(dataDirectory: folder, turnTimeouts: timeouts) { server in
            let amber = try await Player.connect(to: server, key: amberKey)
            let ben = try await Player.connect(to: server, key: benKey)
            let conversation = try await RelayGameTests.gather(amber, [ben])
            _ = try await amber.request(.send(.init(id: "p", conversation: conversation, game: "battleship",
                                                    url: "?Ship_Location=0&Ship_Location=1")))
            let shown = try await ben.nextMessage()
            let shot = try await RelayGameTests.send(ben, replyingTo: shown, adding: "Shot=5")
            guard case .accepted = shot else { throw ConnectionError.unexpected("\(shot)") }
            return conversation
        }
        // Down for 3 s, longer than the turn's 2 s.
        try await Task.sleep(for: .seconds(3))
        try await LiveServer.with(dataDirectory: folder, turnTimeouts: timeouts) { server in
            let started = ContinuousClock.now
            let ben = try await Player.connect(to: server, key: benKey)
            let synced = try await ben.request(.resume(.init(id: "r", conversation: conversation, after: 4)))
            #expect(synced == .synced(.init(id: "r", conversation: conversation, lastSeq: 4)), "no forfeit at start")
            // Ben's turn had nearly all its 2 s left: the forfeit comes, but not at once.
            let frame = try await ben.next { if case let .event(event) = $0 { event.kind == .timeout } else { false } }
            let waited = ContinuousClock.now - started
            guard case let .event(event) = frame else { throw ConnectionError.unexpected("\(frame)") }
            #expect(event.seq == 5 && event.status?.outcome.finished == true)
            #expect(waited > .milliseconds(1200), "the forfeit came \(waited) after the restart")
        }
    }
}
