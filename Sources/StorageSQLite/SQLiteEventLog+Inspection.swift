import GRDB
import Storage

extension SQLiteEventLog {
    /// The durability the writer connection really runs with, read back from SQLite: nil when
    /// it is neither FULL nor NORMAL (someone changed it by hand). For the admin view, and for
    /// the test that catches GRDB resetting it when it turns WAL mode on.
    public func writerDurability() async throws(LogError) -> Durability? {
        let pool = try openPool()
        do {
            // `synchronous` belongs to a connection, and only the writer's matters: readers
            // never commit. writeWithoutTransaction is the way to reach the writer.
            let level = try await pool.writeWithoutTransaction { db in
                try Int.fetchOne(db, sql: "PRAGMA synchronous")
            }
            switch level {
            case 2: return .full
            case 1: return .normal
            default: return nil
            }
        } catch {
            throw failure(error)
        }
    }
}
