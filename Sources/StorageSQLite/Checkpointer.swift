import Foundation
import GRDB

/// Copies the log's write-ahead log into its database file every second, on a connection of its
/// own, beside the writer rather than in the way of its commits: a passive checkpoint copies
/// what no reader still needs and waits for nobody, and the writer goes on appending meanwhile.
/// Once a checkpoint has copied everything, the writer starts the write-ahead log again from
/// its beginning, so it stays about a second of appends long.
final class Checkpointer: Sendable {
    static let interval = Duration.seconds(1)

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
