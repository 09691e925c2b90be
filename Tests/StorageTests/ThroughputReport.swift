import Foundation
import Storage
import StorageSQLite
import Testing

/// Prints how fast the SQLite log appends on this machine, for docs/BENCHMARKS.md. It asserts
/// nothing about speed (that depends on the disk), only that every append was stored. Run it
/// alone for steady numbers: `swift test --filter throughputReport`.
@Suite("Throughput", .serialized)
struct ThroughputReport {
    /// Long enough to average several flushes to the disk, short enough for the test run.
    static let measuringTime = Duration.milliseconds(400)

    /// An event of about the size the engine writes for a move.
    static let payload = Data(#"{"type":"messageAccepted","conversation":"c-8d1f","session":"s-4e2a","sender":"a-17","url":"https://parley.local/icecream?Base=base01&Scoops=scoop03,scoop07&Topping=topping02"}"#.utf8)

    @Test(arguments: [SQLiteEventLog.Durability.full, .normal])
    func throughputReport(durability: SQLiteEventLog.Durability) async throws {
        try await withTemporaryFolder { folder in
            let log = try SQLiteEventLog(folder: folder, durability: durability)
            let single = try await Self.recordsPerSecond(log, batchSize: 1)
            let batched = try await Self.recordsPerSecond(log, batchSize: 100)
            print("""
                SQLiteEventLog \(durability): \(Int(single.rate)) single-record appends/s \
                (\(single.count) appended), \(Int(batched.rate)) records/s in batches of 100 \
                (\(batched.count) appended)
                """)
            #expect(try await log.lastPosition() == Int64(single.count + batched.count))
            await log.close()
        }
    }

    /// Appends batches of `batchSize` one after another for ``measuringTime``.
    static func recordsPerSecond(_ log: SQLiteEventLog, batchSize: Int) async throws -> (rate: Double, count: Int) {
        let batch = Array(repeating: NewLogRecord(stream: "conversation-1", payload: payload), count: batchSize)
        let clock = ContinuousClock()
        let start = clock.now
        var count = 0
        while clock.now - start < measuringTime {
            count += try await log.append(batch).count
        }
        let elapsed = clock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return (Double(count) / seconds, count)
    }
}
