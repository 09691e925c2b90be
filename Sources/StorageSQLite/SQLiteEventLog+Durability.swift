import GRDB

extension SQLiteEventLog {
    /// How much an append that returned can survive. The price of `.full` is one flush of the
    /// write-ahead log to the disk per append: on the 2-core build machine about 2,000 to
    /// 3,000 single-record appends a second against 7,000 to 16,000 with `.normal`, while
    /// batches of 100 reach about 100,000 records a second either way (the test
    /// `throughputReport` prints these).
    public enum Durability: Hashable, Sendable {
        /// `synchronous=FULL`: each append is flushed to the disk before it returns, so it
        /// survives a power loss or an operating system crash. The default, because the server
        /// tells players of an event only after it is stored.
        case full
        /// `synchronous=NORMAL` in WAL mode: an append survives the process crashing, but the
        /// last ones may be lost with the machine's power. Much faster; the database file is
        /// never corrupted either way.
        case normal

        /// Applies the setting to the writer connection. GRDB itself sets `synchronous=NORMAL`
        /// when it turns WAL mode on, after `prepareDatabase` has run, so this must be called
        /// once the pool is open or `.full` would silently be NORMAL.
        func apply(to db: Database) throws {
            switch self {
            case .full:
                try db.execute(sql: "PRAGMA synchronous = FULL")
                // On Darwin, fsync does not flush the drive's cache; F_FULLFSYNC does. Ignored
                // elsewhere.
                try db.execute(sql: "PRAGMA fullfsync = ON")
            case .normal:
                try db.execute(sql: "PRAGMA synchronous = NORMAL")
            }
        }
    }
}
