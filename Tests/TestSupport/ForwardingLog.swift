import Storage

/// An ``EventLog`` around another, which passes on to it whatever it does not do itself: a test's
/// log that counts, holds back or hides something declares only that.
public protocol ForwardingLog: EventLog {
    var inner: any EventLog { get }
}

extension ForwardingLog {
    public var isShared: Bool { inner.isShared }

    public func watchAppends(_ receive: @escaping @Sendable (AppendNotice?) -> Void) async {
        await inner.watchAppends(receive)
    }

    public func append(_ records: [NewLogRecord], indexing changes: [IndexChange], expecting heads: [String: Int64]) async throws(LogError)
        -> [LogRecord]
    {
        try await inner.append(records, indexing: changes, expecting: heads)
    }

    public func erase(stream: String, indexing changes: [IndexChange]) async throws(LogError) {
        try await inner.erase(stream: stream, indexing: changes)
    }

    public func records(after position: Int64, limit: Int) async throws(LogError) -> [LogRecord] {
        try await inner.records(after: position, limit: limit)
    }

    public func records(in stream: String, after position: Int64, limit: Int) async throws(LogError) -> [LogRecord] {
        try await inner.records(in: stream, after: position, limit: limit)
    }

    public func records(after heads: [String: Int64], limit: Int) async throws(LogError) -> [LogRecord] {
        try await inner.records(after: heads, limit: limit)
    }

    public func indexValue(_ kind: String, key: String) async throws(LogError) -> String? {
        try await inner.indexValue(kind, key: key)
    }

    public func indexValue(_ kind: String, key: String, settingIfAbsent value: String) async throws(LogError) -> String {
        try await inner.indexValue(kind, key: key, settingIfAbsent: value)
    }

    public func indexEntries(_ kind: String, prefix: String) async throws(LogError) -> [IndexEntry] {
        try await inner.indexEntries(kind, prefix: prefix)
    }

    public func indexEntries(_ kind: String, before key: String?, limit: Int) async throws(LogError) -> [IndexEntry] {
        try await inner.indexEntries(kind, before: key, limit: limit)
    }

    public func lastPosition() async throws(LogError) -> Int64 { try await inner.lastPosition() }
    public func head(of stream: String) async throws(LogError) -> Int64 { try await inner.head(of: stream) }
    public func statistics() async throws(LogError) -> LogStatistics { try await inner.statistics() }
    public func backup(to path: String) async throws(LogError) -> LogStatistics { try await inner.backup(to: path) }
    public func close() async { await inner.close() }
}
