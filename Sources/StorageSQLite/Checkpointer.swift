import Foundation
import GRDB

/// Copies the log's write-ahead log into its database file every 100 ms, on a connection of its
/// own, beside the writer rather than in the way of its commits: a passive checkpoint copies
/// what no reader still needs and waits for nobody, and the writer goes on appending meanwhile.
/// Once a checkpoint has copied everything, the writer starts the write-ahead log again from
/// its beginning. While appends keep coming that never happens (each checkpoint copies what was
/// there when it began, and more has come by its end), so the log grows to the writer's
/// fallback (`LogSchema.tuneWriter`), which copies the rest itself and wraps it: about 256 MB.
/// The rest is what came since the last checkpoint: with one every second, a second of appends
/// to copy and sync while every append waits, and each sync of the database file long; every
/// 100 ms the p99 of a move at 3,900 moves/s fell from 30–53 ms to 15–31 ms (50 ms gained
/// nothing more, nor a fallback of 16,000 pages).
/// A fallback of 4,000 pages with a checkpoint every 100 ms kept the log at 16 MB but made the
/// writer's own checkpoints, each ending with a sync of the database file, frequent: a p99.9
/// of 104 ms at 4,000 moves/s where it is 39 ms.
final class Checkpointer: Sendable {
    static let interval = Duration.milliseconds(100)

    private let connection: DatabaseQueue
    private let task: Task<Void, Never>

    init(path: String, durability: SQLiteEventLog.Durability) throws {
        var configuration = Configuration()
        configuration.label = "Parley.EventLog.checkpoint"
        let connection = try DatabaseQueue(path: path, configuration: configuration)
        // The checkpoint syncs the database file as the writer syncs its log.
        try connection.writeWithoutTransaction { db in try durability.apply(to: db) }
        self.connection = connection
        task = Task.detached {
            while !Task.isCancelled {
                try? await Task.sleep(for: Self.interval)
                guard !Task.isCancelled else { break }
                _ = try? await connection.writeWithoutTransaction { db in try db.checkpoint(.passive) }
            }
        }
    }

    /// A log let go without `close()` stops checkpointing too; its connection closes when the
    /// task ends.
    deinit {
        task.cancel()
    }

    /// Stops checkpointing and closes its connection; returns once a checkpoint under way is done.
    func stop() async {
        task.cancel()
        _ = await task.value
        try? connection.close()
    }
}
