import Foundation
import Logging
import NIOSSL
import PostgresNIO
import Storage
import Synchronization

/// The ``EventLog`` on PostgreSQL, for several servers sharing one store: the same two tables as
/// the SQLite log (`log_record`, `index_entry`; docs/STORAGE.md), through postgres-nio's pool.
///
/// Appends to one stream are serialised across every client of the database by a
/// transaction-scoped advisory lock per stream, so a stream's positions are given, and become
/// visible, in the order of the commits: a reader of a stream that has seen position N never
/// later finds one of its records below N that it missed. Appends to different streams commit
/// side by side (their `fsync`s shared). A database that holds other tables and not Parley's
/// marker is refused as ``LogError/Code/notALog`` and left untouched.
public final class PostgresEventLog: EventLog {
    /// Where the store is, for error messages: the URL without its password.
    public let location: String
    let limit: PayloadLimit
    let client: PostgresClient
    private let runner: Task<Void, Never>
    let closed = Atomic<Bool>(false)
    let logger: Logger
    /// Appends waiting for the writer (group commit).
    let appends = AppendQueue()

    /// The advisory lock that whoever makes the tables takes, an arbitrary number of Parley's own.
    static let appendLock: Int64 = 0x5061_726C_6579

    /// The advisory lock an append takes for each stream it writes or expects: FNV-1a over the
    /// stream's UTF-8, the same on every server. Two streams that share one only wait for each other.
    static func lock(of stream: String) -> Int64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in stream.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return Int64(bitPattern: hash)
    }
    /// The channel that appends are announced on (`LISTEN`/`NOTIFY`).
    static let channel = "parley_appends"
    /// Which client of the database this is, in its notices, so that it ignores its own.
    let origin = UUID().uuidString
    let target: Target

    public var isShared: Bool { true }

    /// Connects to the database at `url` (`postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE`;
    /// `?sslmode=disable` for a server without TLS, `?host=/FOLDER` for its Unix socket in that
    /// folder) and makes Parley's tables when they are missing.
    public init(url: String, limit: PayloadLimit = .standard, logger: Logger = Logger(label: "parley.store")) async throws(LogError) {
        let target = try Target(url: url)
        let location = Self.redacted(url)
        self.location = location
        self.target = target
        self.limit = limit
        self.logger = logger
        // One connection first, which fails at once (within its connect timeout) when the
        // server cannot be reached or refuses the user, where the pool would try again for ever.
        do {
            let connection = try await PostgresConnection.connect(configuration: try target.connection(), id: 0, logger: logger)
            do {
                try await Self.migrate(connection, logger: logger, at: location)
                try await connection.close()
            } catch {
                try? await connection.close()
                throw error
            }
        } catch {
            throw Self.failure(error, at: location)
        }
        let client = PostgresClient(configuration: target.client, backgroundLogger: logger)
        self.client = client
        // The first query waits until the pool runs (else postgres-nio warns that it does not).
        let (started, starting) = AsyncStream<Void>.makeStream()
        runner = Task {
            starting.finish()
            await client.run()
        }
        for await _ in started {}
    }

    public nonisolated(nonsending) func indexValue(_ kind: String, key: String) async throws(LogError) -> String? {
        try await read("SELECT value FROM index_entry WHERE kind = \(kind) AND key = \(key)", as: String.self).first
    }

    public func erase(stream: String, indexing changes: [IndexChange]) async throws(LogError) {
        try checkOpen()
        let (client, logger) = (self.client, self.logger)
        do {
            try await answered {
                try await client.withTransaction(logger: logger) { connection in
                    try await connection.query("DELETE FROM log_record WHERE stream = \(stream)", logger: logger)
                    for change in changes {
                        if let value = change.value {
                            try await connection.query("""
                                INSERT INTO index_entry (kind, key, value) VALUES (\(change.kind), \(change.key), \(value))
                                ON CONFLICT (kind, key) DO UPDATE SET value = excluded.value
                                """, logger: logger)
                        } else {
                            try await connection.query(
                                "DELETE FROM index_entry WHERE kind = \(change.kind) AND key = \(change.key)", logger: logger)
                        }
                    }
                }
            }
        } catch {
            throw failure(error)
        }
    }

    public func indexValue(_ kind: String, key: String, settingIfAbsent value: String) async throws(LogError) -> String {
        // One statement: the row it inserts, or the one a concurrent insert put there first.
        let kept = try await read("""
            WITH inserted AS (
                INSERT INTO index_entry (kind, key, value) VALUES (\(kind), \(key), \(value))
                ON CONFLICT (kind, key) DO NOTHING RETURNING value
            )
            SELECT value FROM inserted UNION ALL SELECT value FROM index_entry WHERE kind = \(kind) AND key = \(key)
            """, as: String.self)
        if let first = kept.first { return first }
        // Made by a transaction that committed while this statement ran, after its snapshot.
        guard let made = try await indexValue(kind, key: key) else {
            throw LogError.ioFailure(location, "the index entry \(kind) \(key) was neither there nor made")
        }
        return made
    }

    public func indexEntries(_ kind: String, prefix: String) async throws(LogError) -> [IndexEntry] {
        // Key order by UTF-8 bytes, whatever the database's collation.
        try await read("""
            SELECT key, value FROM index_entry WHERE kind = \(kind) AND starts_with(key, \(prefix))
            ORDER BY key COLLATE "C"
            """, as: (String, String).self).map { IndexEntry(key: $0.0, value: $0.1) }
    }

    public func indexEntries(_ kind: String, before key: String?, limit: Int) async throws(LogError) -> [IndexEntry] {
        guard limit > 0 else {
            try checkOpen()
            return []
        }
        guard let key else {
            return try await read("""
                SELECT key, value FROM index_entry WHERE kind = \(kind) ORDER BY key COLLATE "C" DESC LIMIT \(limit)
                """, as: (String, String).self).map { IndexEntry(key: $0.0, value: $0.1) }
        }
        return try await read("""
            SELECT key, value FROM index_entry WHERE kind = \(kind) AND key COLLATE "C" < \(key)
            ORDER BY key COLLATE "C" DESC LIMIT \(limit)
            """, as: (String, String).self).map { IndexEntry(key: $0.0, value: $0.1) }
    }

    public func records(after position: Int64, limit: Int) async throws(LogError) -> [LogRecord] {
        guard limit > 0 else {
            try checkOpen()
            return []
        }
        return try await read("""
            SELECT position, stream, payload FROM log_record WHERE position > \(position) ORDER BY position LIMIT \(limit)
            """, as: (Int64, String, Data).self).map { LogRecord(position: $0.0, stream: $0.1, payload: $0.2) }
    }

    public func records(in stream: String, after position: Int64, limit: Int) async throws(LogError) -> [LogRecord] {
        guard limit > 0 else {
            try checkOpen()
            return []
        }
        return try await read("""
            SELECT position, stream, payload FROM log_record WHERE stream = \(stream) AND position > \(position)
            ORDER BY position LIMIT \(limit)
            """, as: (Int64, String, Data).self).map { LogRecord(position: $0.0, stream: $0.1, payload: $0.2) }
    }

    public func records(after heads: [String: Int64], limit: Int) async throws(LogError) -> [LogRecord] {
        guard limit > 0, !heads.isEmpty else {
            try checkOpen()
            return []
        }
        let streams = Array(heads.keys), positions = streams.map { heads[$0] ?? 0 }
        // A probe of the (stream, position) index per stream.
        return try await read("""
            SELECT r.position, r.stream, r.payload FROM log_record r
            JOIN unnest(\(streams)::text[], \(positions)::int8[]) AS h(stream, after) ON r.stream = h.stream AND r.position > h.after
            ORDER BY r.position LIMIT \(limit)
            """, as: (Int64, String, Data).self).map { LogRecord(position: $0.0, stream: $0.1, payload: $0.2) }
    }

    public func lastPosition() async throws(LogError) -> Int64 {
        try await read("SELECT coalesce(max(position), 0)::bigint FROM log_record", as: Int64.self).first ?? 0
    }

    public func head(of stream: String) async throws(LogError) -> Int64 {
        try await read(
            "SELECT coalesce(max(position), 0)::bigint FROM log_record WHERE stream = \(stream)", as: Int64.self).first ?? 0
    }

    public func statistics() async throws(LogError) -> LogStatistics {
        let rows = try await read("""
            SELECT count(*)::bigint, (pg_total_relation_size('log_record') + pg_total_relation_size('index_entry'))::bigint
            FROM log_record
            """, as: (Int64, Int64).self)
        return LogStatistics(recordCount: rows.first?.0 ?? 0, byteCount: rows.first?.1 ?? 0)
    }

    /// PostgreSQL's own tools copy a database while it is in use: `pg_dump`, or a base backup
    /// with `pg_basebackup`. Parley does not copy one itself.
    public func backup(to path: String) async throws(LogError) -> LogStatistics {
        try checkOpen()
        throw LogError.ioFailure(location,
            "a PostgreSQL store is backed up with PostgreSQL's tools (pg_dump, pg_basebackup), not by Parley")
    }

    public func close() async {
        guard !closed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        runner.cancel()
        await runner.value
    }

    // MARK: Helpers

    func checkOpen() throws(LogError) {
        if closed.load(ordering: .acquiring) { throw LogError.closed }
    }

    private func read<Row: PostgresDecodable & Sendable>(_ query: PostgresQuery, as _: Row.Type) async throws(LogError) -> [Row] {
        try checkOpen()
        do {
            return try await answered { [client, logger] in
                var rows: [Row] = []
                for try await row in try await client.query(query, logger: logger).decode(Row.self) { rows.append(row) }
                return rows
            }
        } catch {
            throw failure(error)
        }
    }

    private func read<each Column: PostgresDecodable & Sendable>(_ query: PostgresQuery, as _: (repeat each Column).Type) async throws(LogError)
        -> [(repeat each Column)]
    {
        try checkOpen()
        do {
            return try await answered { [client, logger] in
                var rows: [(repeat each Column)] = []
                for try await row in try await client.query(query, logger: logger).decode((repeat each Column).self) {
                    rows.append(row)
                }
                return rows
            }
        } catch {
            throw failure(error)
        }
    }

    /// A failure as the caller should hear it: a call that lost a race with `close()` hears that
    /// the log is closed.
    func failure(_ error: any Error) -> LogError {
        if closed.load(ordering: .acquiring) { return .closed }
        return Self.failure(error, at: location)
    }

    static func failure(_ error: any Error, at location: String) -> LogError {
        if let error = error as? LogError { return error }
        if let error = error as? PostgresTransactionError,
            let cause = error.closureError ?? error.beginError ?? error.commitError ?? error.rollbackError
        {
            return failure(cause, at: location)
        }
        if let error = error as? PSQLError {
            if error.code == .connectionError {
                return LogError.ioFailure(location, "cannot connect: \(error.underlying.map { "\($0)" } ?? "\(error.code)")")
            }
            if error.serverInfo?[.sqlState] == "53100" {
                return LogError.diskFull(location, error.serverInfo?[.message] ?? "\(error.code)")
            }
            if let message = error.serverInfo?[.message] { return LogError.ioFailure(location, message) }
            return LogError.ioFailure(location, "\(error.code)")
        }
        if error is CancellationError { return .cancelled }
        return LogError.ioFailure(location, "\(error)")
    }
}
