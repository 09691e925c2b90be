import Foundation
#if canImport(Glibc)
import Glibc
#endif
import GRDB
import Storage
import Synchronization

/// The embedded, durable ``EventLog``: one SQLite file in WAL mode, through a GRDB
/// `DatabasePool` so that replays and stream reads run beside appends instead of behind them.
///
/// Each append is one write transaction, or a part of one: appends made while another is being
/// written are written together after it (group commit). The file carries Parley's application id, so a file
/// that is not a Parley log is refused with ``LogError/Code/notALog`` and left untouched.
public final class SQLiteEventLog: EventLog {
    /// The file, for error messages and for measuring the log on disk.
    public let path: String
    private let limit: PayloadLimit
    /// nil once closed. A lock rather than an actor: calls only read the reference and then
    /// go straight to GRDB, which does its own scheduling.
    private let pool: Mutex<DatabasePool?>
    /// Appends waiting for the writer (group commit).
    private let appends = AppendQueue()
    /// Copies the write-ahead log into the database beside the writer; nil once closed.
    private let checkpointer: Mutex<Checkpointer?>

    /// Opens the log at `path`, creating the file and its parent folders when missing.
    public init(path: String, durability: Durability = .full, limit: PayloadLimit = .standard) throws(LogError) {
        self.path = path
        self.limit = limit
        do {
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                throw LogError.ioFailure(path, "cannot create its folder: \(error.localizedDescription)")
            }
            // The log holds every hidden fleet: readable by its owner only. SQLite gives its
            // -wal and -shm files the mode of the database file.
            #if canImport(Glibc)
            let descriptor = Glibc.open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
            if descriptor >= 0 { Glibc.close(descriptor) }
            #endif
            var configuration = Configuration()
            configuration.label = "Parley.EventLog"
            // Waits, rather than failing at once, while an operator's sqlite3 shell or a
            // backup briefly holds the write lock.
            configuration.busyMode = .timeout(5)
            configuration.prepareDatabase { db in try LogSchema.verifyOwnership(of: db, at: path) }
            let pool = try DatabasePool(path: path, configuration: configuration)
            try pool.writeWithoutTransaction { db in
                try durability.apply(to: db)
                try LogSchema.tuneWriter(db)
            }
            try LogSchema.migrate(pool, at: path)
            self.pool = Mutex(pool)
            checkpointer = Mutex(try Checkpointer(path: path, durability: durability))
        } catch {
            throw LogError(error, at: path)
        }
    }

    /// Opens the log in `folder`, with the conventional file name.
    public convenience init(folder: URL, durability: Durability = .full, limit: PayloadLimit = .standard) throws(LogError) {
        try self.init(path: folder.appendingPathComponent("events.sqlite").path, durability: durability, limit: limit)
    }

    public nonisolated(nonsending) func append(_ records: [NewLogRecord], indexing changes: [IndexChange], expecting heads: [String: Int64]) async throws(LogError)
        -> [LogRecord]
    {
        let pool = try openPool()
        if records.isEmpty && changes.isEmpty && heads.isEmpty { return [] }
        // Once asked, the log stores or refuses: the write does not depend on the caller's task,
        // so cancelling it (a player disconnecting) does not abandon an append begun.
        do {
            return try await withCheckedThrowingContinuation { continuation in
                if appends.enqueue(records, changes, expecting: heads, answer: continuation) { writeWaiting(to: pool) }
            }
        } catch {
            throw failure(error)
        }
    }

    /// Writes what waits, in one transaction (one `fsync` for appends made together, say by
    /// several pipelines), and then what came meanwhile, until nothing waits. Appends that
    /// failed together are tried again one by one, so that one's failure is its own.
    private func writeWaiting(to pool: DatabasePool) {
        let batch = appends.nextBatch()
        guard !batch.isEmpty else { return }
        let limit = self.limit
        pool.asyncWrite({ db in
            // Only conditional appends read where their streams end: one process writes a
            // SQLite log (the data folder's lock), so nothing else moves them.
            let expected = Set(batch.flatMap(\.heads.keys))
            let conflicts = expected.isEmpty ? batch.map { _ in nil } : AppendQueue.conflicts(in: batch, heads: try Self.heads(of: expected, in: db))
            return try zip(batch, conflicts).map { append, conflict -> Result<[LogRecord], LogError> in
                if let conflict { return .failure(conflict) }
                let placed = try Self.insert(append.records, limit: limit, into: db)
                try Self.apply(append.changes, to: db)
                return .success(placed)
            }
        }, completion: { _, result in
            self.appends.finish(batch, with: result)
            self.writeWaiting(to: pool)
        })
    }

    public func erase(stream: String, indexing changes: [IndexChange]) async throws(LogError) {
        let pool = try openPool()
        do {
            try await pool.write { db in
                try db.execute(sql: "DELETE FROM log_record WHERE stream = ?", arguments: [stream])
                try Self.apply(changes, to: db)
            }
        } catch {
            throw failure(error)
        }
    }

    public func indexValue(_ kind: String, key: String, settingIfAbsent value: String) async throws(LogError) -> String {
        let pool = try openPool()
        do {
            return try await pool.write { db in
                try db.execute(sql: "INSERT INTO index_entry (kind, key, value) VALUES (?, ?, ?) ON CONFLICT (kind, key) DO NOTHING",
                               arguments: [kind, key, value])
                return try String.fetchOne(db, sql: "SELECT value FROM index_entry WHERE kind = ? AND key = ?", arguments: [kind, key])
                    ?? value
            }
        } catch {
            throw failure(error)
        }
    }

    public func records(after position: Int64, limit: Int) async throws(LogError) -> [LogRecord] {
        try await fetch(
            "SELECT position, stream, payload FROM log_record WHERE position > ? ORDER BY position LIMIT ?",
            [position, limit], limit: limit)
    }

    public func records(in stream: String, after position: Int64, limit: Int) async throws(LogError) -> [LogRecord] {
        try await fetch(
            "SELECT position, stream, payload FROM log_record WHERE stream = ? AND position > ? ORDER BY position LIMIT ?",
            [stream, position, limit], limit: limit)
    }

    /// One entry, read on the caller's thread: a lookup by primary key, in pages the readers
    /// keep, is shorter than the hops to a reader's queue and back (a server reads one when a
    /// game starts). One statement is atomic by itself: it needs no transaction of its own
    /// (GRDB's `read` opens and ends one around it), and its prepared statement is kept.
    public nonisolated(nonsending) func indexValue(_ kind: String, key: String) async throws(LogError) -> String? {
        let pool = try openPool()
        do {
            return try Self.readHere(pool) { db in
                try String.fetchOne(
                    db.cachedStatement(sql: "SELECT value FROM index_entry WHERE kind = ? AND key = ?"), arguments: [kind, key])
            }
        } catch {
            throw failure(error)
        }
    }

    /// GRDB's blocking read of one statement, which an `async` caller's `pool.unsafeRead`
    /// would not choose.
    private static func readHere<T>(_ pool: DatabasePool, _ body: (Database) throws -> T) throws -> T {
        try pool.unsafeRead(body)
    }

    public func indexEntries(_ kind: String, prefix: String) async throws(LogError) -> [IndexEntry] {
        let pool = try openPool()
        do {
            // Keys compare by their UTF-8 bytes (SQLite's BINARY collation), and no key holds
            // U+10FFFF, so this range is exactly the keys that begin with `prefix`.
            return try await pool.read { db in
                try Row.fetchAll(
                    db, sql: "SELECT key, value FROM index_entry WHERE kind = ? AND key >= ? AND key < ? ORDER BY key",
                    arguments: [kind, prefix, prefix + "\u{10FFFF}"]
                ).map { IndexEntry(key: $0[0], value: $0[1]) }
            }
        } catch {
            throw failure(error)
        }
    }

    public func indexEntries(_ kind: String, before key: String?, limit: Int) async throws(LogError) -> [IndexEntry] {
        let pool = try openPool()
        guard limit > 0 else { return [] }
        do {
            return try await pool.read { db in
                try Row.fetchAll(
                    db, sql: "SELECT key, value FROM index_entry WHERE kind = ? AND key < ? ORDER BY key DESC LIMIT ?",
                    arguments: [kind, key ?? "\u{10FFFF}", limit]
                ).map { IndexEntry(key: $0[0], value: $0[1]) }
            }
        } catch {
            throw failure(error)
        }
    }

    public func lastPosition() async throws(LogError) -> Int64 {
        let pool = try openPool()
        do {
            return try await pool.read { db in try Int64.fetchOne(db, sql: "SELECT max(position) FROM log_record") ?? 0 }
        } catch {
            throw failure(error)
        }
    }

    public func head(of stream: String) async throws(LogError) -> Int64 {
        let pool = try openPool()
        do {
            return try await pool.read { db in try Self.heads(of: [stream], in: db)[stream] ?? 0 }
        } catch {
            throw failure(error)
        }
    }

    public func statistics() async throws(LogError) -> LogStatistics {
        let pool = try openPool()
        do {
            let count = try await pool.read { db in try Int64.fetchOne(db, sql: "SELECT count(*) FROM log_record") ?? 0 }
            // The write-ahead log holds recent appends until a checkpoint copies them into
            // the main file, so both count as the log's size on disk.
            let bytes = [path, path + "-wal"].reduce(Int64(0)) { total, file in
                let size = (try? FileManager.default.attributesOfItem(atPath: file)[.size]) as? NSNumber
                return total + (size?.int64Value ?? 0)
            }
            return LogStatistics(recordCount: count, byteCount: bytes)
        } catch {
            throw failure(error)
        }
    }

    public func close() async {
        guard let pool = pool.withLock({ pool in defer { pool = nil }; return pool }) else { return }
        await checkpointer.withLock { checkpointer in defer { checkpointer = nil }; return checkpointer }?.stop()
        // GRDB closes the writer before the readers, and SQLite folds the write-ahead log
        // into the main file only when the last connection closes, which a read-only reader
        // cannot do: without this checkpoint, every record would stay in the -wal file after
        // a clean shutdown. It waits for the writes in progress; if a read holds it back the
        // WAL stays, which is safe, as the next open reads it.
        _ = try? await pool.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
        // Should closing fail, the connections still close when the pool is released.
        try? pool.close()
    }

    func openPool() throws(LogError) -> DatabasePool {
        guard let pool = pool.withLock({ $0 }) else { throw LogError.closed }
        return pool
    }

    /// An access that lost a race with `close()` fails inside GRDB as a misuse; the caller
    /// should hear that the log is closed, which is what happened.
    func failure(_ error: any Error) -> LogError {
        if pool.withLock({ $0 == nil }) { return .closed }
        return LogError(error, at: path)
    }

    private func fetch(_ sql: String, _ arguments: StatementArguments, limit: Int) async throws(LogError) -> [LogRecord] {
        let pool = try openPool()
        guard limit > 0 else { return [] }
        do {
            return try await pool.read { db in
                try Row.fetchAll(db, sql: sql, arguments: arguments).map { row in
                    LogRecord(position: row[0], stream: row[1], payload: row[2])
                }
            }
        } catch {
            throw failure(error)
        }
    }

    /// Where each of `streams` ends: the position of its last record; absent when it has none.
    private static func heads(of streams: Set<String>, in db: Database) throws -> [String: Int64] {
        let statement = try db.cachedStatement(sql: "SELECT max(position) FROM log_record WHERE stream = ?")
        var heads: [String: Int64] = [:]
        for stream in streams {
            if let position = try Int64.fetchOne(statement, arguments: [stream]) { heads[stream] = position }
        }
        return heads
    }

    private static func apply(_ changes: [IndexChange], to db: Database) throws {
        let upsert = try db.cachedStatement(sql: """
            INSERT INTO index_entry (kind, key, value) VALUES (?, ?, ?)
            ON CONFLICT (kind, key) DO UPDATE SET value = excluded.value
            """)
        let delete = try db.cachedStatement(sql: "DELETE FROM index_entry WHERE kind = ? AND key = ?")
        for change in changes {
            if let value = change.value {
                try upsert.execute(arguments: [change.kind, change.key, value])
            } else {
                try delete.execute(arguments: [change.kind, change.key])
            }
        }
    }

    /// Runs inside the append's transaction: a record over the limit throws after the ones
    /// before it were inserted, and the rollback removes them, so a batch is all or nothing
    /// because of the transaction and not merely because of the order of the checks.
    private static func insert(_ records: [NewLogRecord], limit: PayloadLimit, into db: Database) throws -> [LogRecord] {
        let statement = try db.cachedStatement(sql: "INSERT INTO log_record (stream, payload) VALUES (?, ?)")
        return try records.map { record in
            try limit.check(record)
            try statement.execute(arguments: [record.stream, record.payload])
            return record.placed(at: db.lastInsertedRowID)
        }
    }
}
