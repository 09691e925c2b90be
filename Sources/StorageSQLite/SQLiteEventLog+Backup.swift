#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import GRDB
import Storage

extension SQLiteEventLog {
    /// SQLite's online backup, from a reader of the pool: the copy is the log as of one
    /// transaction, every append committed before it begins included, and appends go on
    /// meanwhile. The new file is made with mode 0600 first: the log holds every hidden fleet.
    public func backup(to path: String) async throws(LogError) -> LogStatistics {
        let pool = try openPool()
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw LogError.ioFailure(path, "cannot create the backup: \(String(cString: strerror(errno)))")
        }
        #if canImport(Glibc)
        Glibc.close(descriptor)
        #else
        Darwin.close(descriptor)
        #endif
        do {
            // GRDB's backup blocks its thread for as long as the copy takes: not one of ours.
            let count = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Int64, any Error>) in
                Thread.detachNewThread {
                    continuation.resume(with: Result {
                        let copy = try DatabaseQueue(path: path)
                        try pool.backup(to: copy)
                        let count = try copy.read { db in try Int64.fetchOne(db, sql: "SELECT count(*) FROM log_record") ?? 0 }
                        try copy.close()
                        return count
                    })
                }
            }
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size]) as? NSNumber
            return LogStatistics(recordCount: count, byteCount: size?.int64Value ?? 0)
        } catch {
            try? FileManager.default.removeItem(atPath: path)
            throw failure(error)
        }
    }
}
