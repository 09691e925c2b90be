import GRDB
import Storage

/// The shape of a Parley event log inside SQLite, and how to tell one from any other file.
enum LogSchema {
    /// Written into the database header (`PRAGMA application_id`) when the log is created, so a
    /// Parley log is recognised without guessing from its tables. "PRLY" in ASCII.
    static let applicationID: Int32 = 0x5052_4C59

    static let table = "log_record"

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: log_record") { db in
            // AUTOINCREMENT, so a position is never given twice even if the last records were
            // ever deleted: replaying clients remember positions.
            try db.execute(sql: """
                CREATE TABLE log_record (
                    position INTEGER PRIMARY KEY AUTOINCREMENT,
                    stream TEXT NOT NULL,
                    payload BLOB NOT NULL
                );
                CREATE INDEX log_record_stream ON log_record (stream, position);
                PRAGMA application_id = \(applicationID);
                """)
        }
        migrator.registerMigration("v2: index_entry") { db in
            try db.execute(sql: """
                CREATE TABLE index_entry (
                    kind TEXT NOT NULL,
                    key TEXT NOT NULL,
                    value TEXT NOT NULL,
                    PRIMARY KEY (kind, key)
                ) WITHOUT ROWID;
                """)
        }
        return migrator
    }

    /// The writer's settings for a busy server. Each batch touches the log's tail, a leaf of
    /// the stream index for each conversation in it and the index entries it changes: a page
    /// cache of 16 MB (SQLite's default is 2 MB) keeps them without reading them back.
    ///
    /// The writer does not checkpoint: the commit that crossed SQLite's threshold copied the
    /// write-ahead log into the database itself, and every append waiting behind it waited
    /// too (at 4,000 moves/s, a p99 of 23 ms where it is 9 ms without). A connection of its
    /// own checkpoints in the background (`Checkpointer`); the writer only does, after 64,000
    /// pages (256 MB), should that fall behind.
    static func tuneWriter(_ db: Database) throws {
        try db.execute(sql: "PRAGMA cache_size = -16384")
        try db.execute(sql: "PRAGMA wal_autocheckpoint = 64000")
    }

    /// Refuses, before GRDB switches the journal to WAL or migrates anything, a database that
    /// some other program owns: opening it must not change it. Accepts a Parley log, an empty
    /// database (a new file), and one whose creation was cut short after GRDB made its
    /// bookkeeping table but before our migration committed.
    static func verifyOwnership(of db: Database, at path: String) throws {
        let id = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
        if id == applicationID { return }
        let tables = try String.fetchAll(
            db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
        if tables.isEmpty { return }
        if tables == ["grdb_migrations"], try Int.fetchOne(db, sql: "SELECT count(*) FROM grdb_migrations") == 0 {
            return
        }
        let detail = id == 0
            ? "it is a SQLite database with other tables (\(tables.prefix(5).joined(separator: ", ")))"
            : "it is a SQLite database of another application (application id \(id))"
        throw LogError.notALog(path, detail)
    }

    /// Migrates a new log, and refuses one written by a newer Parley whose records this
    /// version might misread.
    static func migrate(_ pool: DatabasePool, at path: String) throws {
        let migrator = migrator
        if try pool.read({ try migrator.hasBeenSuperseded($0) }) {
            throw LogError.corrupt(path, "it was written by a newer version of Parley.")
        }
        try migrator.migrate(pool)
    }
}
