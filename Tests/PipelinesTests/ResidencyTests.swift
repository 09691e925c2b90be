import Client
import Foundation
import Pipelines
import Server
import ServerTestSupport
import TestSupport
import Timekeeping
import Transcript
import Testing
import Transport
import Wire

/// Idle conversations leave memory by themselves, and come back whole when next used.
@Suite(.timeLimit(.minutes(1)))
struct ServerResidencyTests {
    @Test func anIdleConversationLeavesMemoryWithNoTrafficAndComesBackWhole() async throws {
        // No turn timeouts: no deadline brings it back.
        try await Self.leftIdle(turnTimeouts: [:]) { server, _, ben, conversation, live in
            let synced = try await ben.request(.resume(.init(id: "r", conversation: conversation, after: 2)))
            #expect(synced == .synced(.init(id: "r", conversation: conversation, lastSeq: 3)))
            #expect(try await ben.nextMessage() == live)
            let metrics = try await HTTPS.request("\(server.url)/metrics").body
            #expect(Self.metric("parley_conversation_loads_total", in: metrics) >= 1)
        }
    }

    /// A conversation whose turn clock runs leaves memory once idle as well, and is loaded again
    /// when the turn's deadline passes: the turn times out as if it had stayed.
    @Test func anIdleConversationWhoseClockRunsLeavesMemoryAndItsTurnStillTimesOut() async throws {
        try await Self.leftIdle(turnTimeouts: ["icecream": .seconds(600)]) { server, clock, ben, conversation, _ in
            let loads = Self.metric("parley_conversation_loads_total", in: try await HTTPS.request("\(server.url)/metrics").body)
            // Past the turn's deadline (600 s after the base): loaded again, and the turn skipped.
            clock.advance(by: .seconds(301))
            let timeout = try await ben.next { if case let .event(event) = $0 { event.kind == .timeout } else { false } }
            #expect(timeout.event?.conversation == conversation)
            let metrics = try await HTTPS.request("\(server.url)/metrics").body
            #expect(Self.metric("parley_conversation_loads_total", in: metrics) == loads + 1)
        }
    }

    /// Amber starts an ice cream for Ben on a server whose idle conversations leave after 300 s
    /// of its clock, and nothing more is sent: `body` runs once the sweep alone has taken the
    /// conversation out of memory, with the message Ben was sent.
    static func leftIdle(
        turnTimeouts: [String: Duration],
        _ body: @Sendable @escaping (RunningServer, ManualClock, Player, ConversationID, Event) async throws -> Void
    ) async throws {
        let clock = ManualClock()
        try await LiveServer.with(turnTimeouts: turnTimeouts, configure: {
            $0.residency = ConversationRouter.Residency(idle: .seconds(300))
            $0.clock = .init(clock)
        }) { server in
            let amber = try await Player.connect(to: server)
            let ben = try await Player.connect(to: server)
            let conversation = try await Games.gather(amber, [ben])
            _ = try await amber.request(.send(.init(id: "m", conversation: conversation, game: "icecream", url: "?Base=base02")))
            let live = try await ben.nextMessage()
            #expect(Self.metric("parley_conversations_resident", in: try await HTTPS.request("\(server.url)/metrics").body) == 1)
            clock.advance(by: .seconds(299))
            // The sweeps wake each second of the clock: moved a second at a time, as a sweep may
            // not sleep on it yet.
            try await eventually(within: .seconds(10)) {
                clock.advance(by: .seconds(1))
                return Self.metric("parley_conversations_resident", in: try await HTTPS.request("\(server.url)/metrics").body) == 0
            }
            try await body(server, clock, ben, conversation, live)
        }
    }

    static func metric(_ name: String, in text: String) -> Int {
        let line = text.split(separator: "\n").first { $0.hasPrefix(name + " ") }
        return line.flatMap { Double($0.split(separator: " ").last ?? "") }.map { Int($0) } ?? -1
    }
}
