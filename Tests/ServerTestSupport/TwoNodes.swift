import Engine
import Foundation
import Logging
import Server
import StoragePostgres
import TestSupport
import Timekeeping
import Transcript
import Transport
import Wire

/// Two servers (nodes) on one new PostgreSQL, in this process, each with a data folder and a port of its own.
package enum TwoNodes {
    /// Two nodes on a new PostgreSQL; with `clock`, both read the time from it.
    package static func with<T: Sendable>(
        turnTimeouts: [String: Duration] = ["battleship": .seconds(300), "icecream": .seconds(600)],
        clock: ManualClock? = nil,
        _ body: @Sendable @escaping (RunningServer, RunningServer, _ store: String) async throws -> T
    ) async throws -> T {
        let clocked: ServerConfiguration.Clock = clock.map { .init($0) } ?? .system
        return try await PostgresServer.with { url in
            try await LiveServer.with(turnTimeouts: turnTimeouts, configure: {
                $0.storeURL = url; $0.nodeName = "first"; $0.adminToken = LiveServer.adminToken; $0.clock = clocked
            }) { first in
                try await LiveServer.with(turnTimeouts: turnTimeouts, configure: {
                    $0.storeURL = url; $0.nodeName = "second"; $0.adminToken = LiveServer.adminToken; $0.clock = clocked
                }) { second in
                    try await body(first, second, url)
                }
            }
        }
    }

    /// What the store at `url` holds of one conversation, read as a third client would.
    package static func storedEvents(of conversation: ConversationID, at url: String) async throws -> [Record] {
        var logger = Logger(label: "store")
        logger.logLevel = .error
        let log = try await PostgresEventLog(url: url, logger: logger)
        let records = try await log.records(in: conversation.rawValue, after: 0, limit: 1000)
        await log.close()
        return try records.map { try WireJSON.decode(Record.self, from: $0.payload) }
    }
}
