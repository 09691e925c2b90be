import Client
import Fairness
import Foundation
import GRDB
import Pipelines
import Server
import ServerTestSupport
import Testing
import Transport
import Wire

/// A store that fails for real: another program holds the SQLite file's write lock. The
/// server refuses what it cannot store as `unavailable`, relays and keeps none of it, says so
/// on `/health`, and recovers by itself once the lock is gone.
@Suite(.timeLimit(.minutes(1)))
struct StoreFailureTests {
    @Test func aLockedStoreRefusesMovesAsUnavailableAndTheServerRecoversByItself() async throws {
        let folder = LiveServer.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try await LiveServer.with(dataDirectory: folder) { server in
            let amber = try await Player.connect(to: server)
            let ben = try await Player.connect(to: server)
            let conversation = try await Games.gather(amber, [ben])
            let opening = ClientFrame.send(.init(
                id: "opening", conversation: conversation, game: "icecream", url: "?Base=base02"))

            // Another program takes the write lock and keeps it: SQLite's busy wait runs out.
            var holding = Configuration()
            holding.allowsUnsafeTransactions = true
            let other = try DatabaseQueue(
                path: URL(fileURLWithPath: folder).appendingPathComponent("events.sqlite").path, configuration: holding)
            try await other.writeWithoutTransaction { db in try db.execute(sql: "BEGIN EXCLUSIVE") }
            let refused = try await amber.request(opening)
            guard case let .rejected(rejection) = refused else { throw ConnectionError.unexpected("\(refused)") }
            #expect(rejection.id == "opening")
            #expect(rejection.error == ErrorFrame(
                code: "unavailable",
                reason: "The server cannot store anything right now, so nothing of this request was kept; try again shortly."))
            let health = try await HTTPS.request("\(server.url)/health")
            #expect(health.status == 503)
            #expect(health.body.hasPrefix("failing: the store is failing since "))

            // Nothing of it was kept: the conversation still ends at Ben's join, and reads work.
            let synced = try await ben.request(.resume(.init(id: "r1", conversation: conversation, after: 2)))
            #expect(synced == .synced(.init(id: "r1", conversation: conversation, lastSeq: 2)))

            // The lock goes; the same message again is accepted once, and everyone hears of it.
            try await other.writeWithoutTransaction { db in try db.execute(sql: "ROLLBACK") }
            let accepted = try await amber.request(opening)
            guard case let .accepted(move) = accepted else { throw ConnectionError.unexpected("\(accepted)") }
            #expect(move.seq == 3)
            #expect(try await amber.request(opening) == accepted)
            let relayed = try await ben.nextMessage()
            #expect(relayed.seq == 3 && relayed.message.map { ProofItems.removed(from: $0.url) }?.hasSuffix("?Base=base02") == true)
            let healthy = try await HTTPS.request("\(server.url)/health")
            #expect(healthy.status == 200 && healthy.body == "ok")
        }
    }
}
