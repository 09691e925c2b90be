import Client
import Engine
import Foundation
import Logging
import Pipelines
import Server
import ServerTestSupport
import Storage
import StoragePostgres
import Synchronization
import TestSupport
import Testing
import Transcript
import Transport
import Wire

/// A node that decides on a conversation another node moved on, without having heard of it yet,
/// loses the race in the store: PostgreSQL refuses its conditional append, and the node reads
/// the conversation again, relays what it gained elsewhere and decides the request again. Made
/// certain here by holding back the second node's notices of the first's appends.
@Suite(.timeLimit(.minutes(2)))
struct LostRaceTests {
    @Test func aNodeThatLosesTheRaceRelaysTheWinnersMoveAndAnswersStale() async throws {
        try await PostgresServer.with { url in
            var logger = Logger(label: "store")
            logger.logLevel = .error
            let gate = NoticeGate(try await PostgresEventLog(url: url, logger: logger))
            defer { Task { await gate.close() } }
            try await LiveServer.with(configure: { $0.storeURL = url; $0.nodeName = "first" }) { first in
                try await LiveServer.with(configure: { $0.storeURL = url; $0.nodeName = "second" }, eventLog: gate) { second in
                    let amber = try await Player.connect(to: first)
                    let chris = try await Player.connect(to: first)
                    let ben = try await Player.connect(to: second)
                    let conversation = try await Games.gather(amber, [chris, ben])
                    _ = try await amber.request(.send(.init(id: "m1", conversation: conversation, game: "icecream", url: "?Base=base01")))
                    let bens = try await ben.nextMessage()
                    let chriss = try await chris.nextMessage()

                    // The second node hears nothing more of the first: Chris's scoops are stored
                    // there, and Ben's, sent to the second on the base, looks current to it.
                    gate.hold()
                    let won = try await Games.send(chris, replyingTo: chriss, adding: "Scoops=scoops07")
                    guard case let .accepted(winner) = won else { throw ConnectionError.unexpected("\(won)") }
                    let before = try await Self.lostRaces(on: second)
                    let lost = try await Games.send(ben, replyingTo: bens, adding: "Scoops=scoops02")

                    let refusal = try #require(lost.rejection, "\(lost)")
                    #expect(refusal.code == "stale", "\(refusal)")
                    guard case let .rejected(rejected) = lost else { throw ConnectionError.unexpected("\(lost)") }
                    #expect(rejected.current?.seq == winner.seq, "stale with the move that won")
                    // The second node read the conversation again and relayed Chris's move to Ben.
                    let relayed = try await ben.nextMessage()
                    #expect(relayed.seq == winner.seq && relayed.message?.url.contains("scoops07") == true, "\(relayed)")
                    #expect(try await Self.lostRaces(on: second) == before + 1, "the store refused the second node's append")
                    let stored = try await TwoNodes.storedEvents(of: conversation, at: url)
                    #expect(stored.compactMap(\.seq) == Array(1...5), "three joins, the base, Chris's scoops: nothing of Ben's")

                    // Ben answers the move he was shown, on the same node: accepted.
                    gate.release()
                    let again = try await Games.send(ben, replyingTo: relayed, adding: "Topping=topping04")
                    guard case .accepted = again else { throw ConnectionError.unexpected("\(again)") }
                }
            }
        }
    }

    static func lostRaces(on server: RunningServer) async throws -> Int {
        let text = try await HTTPS.request("https://127.0.0.1:\(server.port)/metrics").body
        return MigrationTests.metric("parley_batches_lost_race_total", in: text)
    }
}

/// A shared store whose notices of other servers' appends can be held back: a server on it
/// decides, for as long as they are held, on what it had heard.
final class NoticeGate: ForwardingLog, Sendable {
    let inner: any EventLog
    private let holding = Mutex(false)

    init(_ inner: any EventLog) { self.inner = inner }

    func hold() { holding.withLock { $0 = true } }
    func release() { holding.withLock { $0 = false } }
    var isHolding: Bool { holding.withLock { $0 } }

    func watchAppends(_ receive: @escaping @Sendable (AppendNotice?) -> Void) async {
        await inner.watchAppends { notice in
            if !self.isHolding { receive(notice) }
        }
    }
}
