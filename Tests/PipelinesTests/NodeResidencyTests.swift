import Foundation
import Server
import ServerTestSupport
import TestSupport
import Testing
import Timekeeping
import Transcript
import Transport
import Wire

/// Nodes on one PostgreSQL hold in memory only the conversations their own connections need: a
/// game played by players on another node is neither applied nor rendered here. Its turn is
/// still timed here from the store's index, so that it times out should that node stop.
@Suite(.timeLimit(.minutes(2)))
struct NodeResidencyTests {
    /// Amber and Ben play on the first node. The second times Ben's turn from the index when it
    /// looks for the store's running clocks (every 5 s), without loading the conversation, and
    /// takes in none of their moves. Once the first stops, the second loads the conversation at
    /// the deadline and times Ben out.
    @Test func aGameOfAnotherNodesPlayersIsOnlyTimedHere() async throws {
        try await Self.quietGameOnTheFirstOfTwoNodes { first, second, clock, url, ben, conversation in
            // Past the look for running clocks: Ben's turn is timed on the second node too.
            clock.advance(by: .seconds(6))
            let shown = try await ben.nextMessage()
            let shot = try await Games.send(ben, replyingTo: shown, adding: "Shot=0")
            #expect(shot.isAccepted, "\(shot)")
            _ = try await ben.nextMessage()
            var metrics = try await Self.metrics(of: second)
            #expect(MigrationTests.metric("parley_conversations_resident", in: metrics) == 0)
            #expect(MigrationTests.metric("parley_conversation_loads_total", in: metrics) == 0)

            await first.stop()
            clock.advance(by: .seconds(301))
            try await eventually(within: .seconds(20), { "no timeout stored" }) {
                try await TwoNodes.storedEvents(of: conversation, at: url).contains { if case .timedOut = $0 { true } else { false } }
            }
            let stored = try await TwoNodes.storedEvents(of: conversation, at: url)
            #expect(stored.compactMap(\.seq) == Array(1...6), "two joins, the fleet, two shots, then the timeout: \(stored)")
            metrics = try await Self.metrics(of: second)
            #expect(MigrationTests.metric("parley_conversation_loads_total", in: metrics) == 1, "loaded when its deadline came")
            #expect(MigrationTests.metric("parley_events_stored_elsewhere_total", in: metrics) == 0, "no move of it taken in")
        }
    }

    /// Ben's turn, timed on the second node from the index, ends on the first when he resigns:
    /// at its deadline the second finds the clock stopped in the store and loads nothing.
    @Test func aTurnTimedFromTheIndexWhoseGameEndedElsewhereLoadsNothing() async throws {
        try await Self.quietGameOnTheFirstOfTwoNodes { first, second, clock, url, ben, conversation in
            #expect(MigrationTests.metric("parley_turns_timed", in: try await Self.metrics(of: second)) == 0)
            // The look for running clocks times Ben's turn here.
            clock.advance(by: .seconds(6))
            try await eventually(within: .seconds(20), { "Ben's turn is not timed on the second node" }) {
                MigrationTests.metric("parley_turns_timed", in: try await Self.metrics(of: second)) == 1
            }
            let shown = try await ben.nextMessage()
            let session = try #require(shown.message?.session)
            let resigned = try await ben.request(.resign(.init(id: "r", conversation: conversation, session: session.uuidString)))
            #expect(resigned.rejection == nil, "\(resigned)")

            clock.advance(by: .seconds(301))
            try await eventually(within: .seconds(20), { "the deadline has not come on the second node" }) {
                MigrationTests.metric("parley_turns_timed", in: try await Self.metrics(of: second)) == 0
            }
            let metrics = try await Self.metrics(of: second)
            #expect(MigrationTests.metric("parley_conversation_loads_total", in: metrics) == 0, "the clock had stopped")
            #expect(MigrationTests.metric("parley_conversations_resident", in: metrics) == 0)
            let stored = try await TwoNodes.storedEvents(of: conversation, at: url)
            #expect(!stored.contains { if case .timedOut = $0 { true } else { false } }, "a game over has no timeout: \(stored)")
            await first.stop()
        }
    }

    /// Chris, the one member of a conversation on the second node, leaves it: at the next move
    /// the first node stores, the second lets the conversation go rather than apply it.
    @Test func aConversationLeavesANodeWhenItsLastMemberThereLeaves() async throws {
        try await TwoNodes.with { first, second, _ in
            let amber = try await Player.connect(to: first)
            let ben = try await Player.connect(to: first)
            let chris = try await Player.connect(to: second)
            let conversation = try await Games.shootOnceAndGoQuiet(amber, ben, others: [chris])
            #expect(MigrationTests.metric("parley_conversations_resident", in: try await Self.metrics(of: second)) == 1)
            #expect(try await chris.request(.leave(.init(id: "l", conversation: conversation))) == .done(.init(id: "l")))
            let shown = try await ben.nextMessage()
            #expect(try await Games.send(ben, replyingTo: shown, adding: "Shot=0").isAccepted)
            try await eventually(within: .seconds(10), { "still in the second node's memory" }) {
                MigrationTests.metric("parley_conversations_resident", in: try await Self.metrics(of: second)) == 0
            }
        }
    }

    /// Amber and Ben's game gone quiet on Ben's turn (`Games.shootOnceAndGoQuiet`) on the first
    /// of two nodes of one PostgreSQL, both on `clock`: `body` is handed the first node, the
    /// second, the clock, the store's URL, Ben and the conversation.
    static func quietGameOnTheFirstOfTwoNodes(
        _ body: @Sendable (ServerHandle, RunningServer, ManualClock, String, Player, ConversationID) async throws -> Void
    ) async throws {
        try await PostgresServer.with { url in
            let clock = ManualClock()
            let shared: @Sendable (inout ServerConfiguration) -> Void = {
                $0.storeURL = url; $0.clock = .init(clock); $0.adminToken = LiveServer.adminToken
            }
            let data = LiveServer.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: data) }
            let first = try await ServerHandle.start(dataDirectory: data) { shared(&$0); $0.nodeName = "first" }
            try await LiveServer.with(configure: { shared(&$0); $0.nodeName = "second" }) { second in
                let amber = try await Player.connect(to: first.server)
                let ben = try await Player.connect(to: first.server)
                let conversation = try await Games.shootOnceAndGoQuiet(amber, ben)
                try await body(first, second, clock, url, ben, conversation)
            }
        }
    }

    static func metrics(of server: RunningServer) async throws -> String {
        try await HTTPS.request("https://127.0.0.1:\(server.port)/metrics").body
    }
}
