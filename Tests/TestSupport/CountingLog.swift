import Engine
import Foundation
import Storage

/// An ``EventLog`` that counts what is read (reads, streams, records) and the snapshots appended,
/// around a real one.
public actor CountingLog: ForwardingLog {
    nonisolated public let inner: any EventLog
    public private(set) var wholeLogReads = 0
    /// Each read of one stream: the stream, and the position it read after.
    public private(set) var streamReads: [(stream: String, after: Int64)] = []
    public var streamsRead: Set<String> { Set(streamReads.map(\.stream)) }
    /// How many snapshots each append with events stored with them.
    public private(set) var snapshotsPerAppend: [Int] = []
    /// How many records every read returned, added up.
    public private(set) var recordsRead = 0

    public init(_ inner: any EventLog) { self.inner = inner }

    public func resetCounts() {
        wholeLogReads = 0
        streamReads = []
    }

    public func append(_ records: [NewLogRecord], indexing changes: [IndexChange], expecting heads: [String: Int64]) async throws(LogError)
        -> [LogRecord]
    {
        if !records.isEmpty { snapshotsPerAppend.append(changes.count { $0.kind == IndexKind.snapshot }) }
        return try await inner.append(records, indexing: changes, expecting: heads)
    }

    public func records(after position: Int64, limit: Int) async throws(LogError) -> [LogRecord] {
        wholeLogReads += 1
        let read = try await inner.records(after: position, limit: limit)
        recordsRead += read.count
        return read
    }

    public func records(in stream: String, after position: Int64, limit: Int) async throws(LogError) -> [LogRecord] {
        streamReads.append((stream, position))
        let read = try await inner.records(in: stream, after: position, limit: limit)
        recordsRead += read.count
        return read
    }
}
