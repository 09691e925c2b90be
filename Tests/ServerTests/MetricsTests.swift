import Client
import Foundation
import Server
import ServerTestSupport
import TestSupport
import Testing
import Transport
import Wire

/// `/metrics`: what a Prometheus scrape of a live server reads after some play.
@Suite struct MetricsTests {
    /// The value of the sample `name` (with its labels, as written) in an exposition.
    private func sample(_ name: String, in text: String) -> Double? {
        for line in text.split(separator: "\n") where line.hasPrefix(name + " ") {
            return Double(line.dropFirst(name.count + 1))
        }
        return nil
    }

    @Test(.timeLimit(.minutes(1)))
    func metricsCountConnectionsMovesRefusalsAndGames() async throws {
        try await LiveServer.with { server in
            let amber = try await Player.connect(to: server, name: "Amber")
            let ben = try await Player.connect(to: server, name: "Ben")
            let conversation = try await Games.gather(amber, [ben])
            let placed = try await amber.request(.send(.init(
                id: "m1", conversation: conversation, game: "battleship", url: "?Ship_Location=2&Ship_Location=6")))
            guard case .accepted = placed else { throw ConnectionError.unexpected("\(placed)") }
            let message = try await ben.nextMessage()
            // Amber may not guess in her own game; Ben may.
            let refused = try await Games.send(amber, replyingTo: try await amber.nextMessage(), adding: "Shot=0")
            guard case .rejected = refused else { throw ConnectionError.unexpected("\(refused)") }
            let shot = try await Games.send(ben, replyingTo: message, adding: "Shot=0")
            guard case .accepted = shot else { throw ConnectionError.unexpected("\(shot)") }
            // A third connection sends garbage, then goes.
            try await RawSockets.raw(server) { messages, outbound in
                let challenge = try await RawSockets.challenge(&messages)
                try await outbound.write(.text(String(decoding: try WireJSON.encode(
                    ClientFrame.authenticate(InstallKey().authenticate(challenge, name: nil))), as: UTF8.self)))
                _ = try await RawSockets.frame(&messages)
                try await outbound.write(.text("{not json"))
                _ = try await RawSockets.frame(&messages)
            }

            // The third connection's end reaches the relay a moment after it closes.
            let answer = try await eventually(within: .seconds(20), every: .milliseconds(100)) {
                let answer = try await HTTPS.request("https://127.0.0.1:\(server.port)/metrics")
                return sample("parley_connections", in: answer.body) == 2 ? answer : nil
            }
            #expect(answer.status == 200)
            #expect(answer.contentType?.hasPrefix("text/plain") == true)
            let text = answer.body
            #expect(sample("parley_connections", in: text) == 2)
            #expect(sample("parley_messages_accepted_total", in: text) == 2)
            #expect(sample(#"parley_messages_rejected_total{reason="malformed-frame"}"#, in: text) == 1)
            #expect(sample(#"parley_messages_rejected_total{reason="battleship.hider-may-not-guess"}"#, in: text) == 1)
            #expect(sample("parley_move_duration_seconds_count", in: text) == 2)
            #expect(sample(#"parley_games{state="in_progress"}"#, in: text) == 1)
            #expect(sample(#"parley_games{state="finished"}"#, in: text) == 0)
            #expect(sample("parley_conversations", in: text) == 1)
        }
    }
}
