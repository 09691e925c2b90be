import Testing
import Foundation
import TestSupport
import Storage
import StoragePostgres
import Logging
import StorageSQLite

/// The backends every behaviour test runs against: each is one more case.
enum Backend: String, CaseIterable, CustomTestStringConvertible {
    case inMemory
    case sqlite
    /// A real PostgreSQL server of the test's own (`PostgresServer`).
    case postgres

    var testDescription: String { rawValue }

    /// Runs `body` with a new, empty log, then closes it and removes whatever it left on disk,
    /// whether `body` succeeded or not.
    func withLog(limit: PayloadLimit = .standard, _ body: (any EventLog) async throws -> Void) async throws {
        switch self {
        case .inMemory:
            let log = InMemoryEventLog(limit: limit)
            try await closing(log, body)
        case .sqlite:
            try await withTemporaryFolder { folder in
                let log = try SQLiteEventLog(folder: folder, limit: limit)
                try await closing(log, body)
            }
        case .postgres:
            try await PostgresServer.with { url in
                var logger = Logger(label: "store")
                logger.logLevel = .error
                let log = try await PostgresEventLog(url: url, limit: limit, logger: logger)
                try await closing(log, body)
            }
        }
    }

    private func closing(_ log: any EventLog, _ body: (any EventLog) async throws -> Void) async throws {
        do {
            try await body(log)
        } catch {
            await log.close()
            throw error
        }
        await log.close()
    }
}

/// A fresh folder under the system's temporary directory, removed after `body`.
func withTemporaryFolder<T>(_ body: (URL) async throws -> T) async throws -> T {
    let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("parley-storage-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    return try await body(folder)
}

extension NewLogRecord {
    /// A record whose payload is `text` in UTF-8, to keep tables of records readable.
    init(_ stream: String, _ text: String) {
        self.init(stream: stream, payload: Data(text.utf8))
    }
}
