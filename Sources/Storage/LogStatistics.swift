/// How much an ``EventLog`` holds.
public struct LogStatistics: Hashable, Sendable {
    /// The number of records stored.
    public let recordCount: Int64
    /// The bytes the log occupies: on disk for a file-backed log (with its write-ahead log),
    /// in memory (streams and payloads) for the in-memory one.
    public let byteCount: Int64

    public init(recordCount: Int64, byteCount: Int64) {
        self.recordCount = recordCount
        self.byteCount = byteCount
    }
}
