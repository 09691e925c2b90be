/// An ``EventLog`` that keeps its records in memory and loses them when released.
///
/// For unit tests only: it stores nothing durably, so a server running on it forgets every
/// conversation when it stops. It behaves as the durable backends do (positions, paging,
/// payload limit, closing), which the shared behaviour suite checks.
public actor InMemoryEventLog: EventLog {
    private let limit: PayloadLimit
    private var stored: [LogRecord] = []
    /// The last position given, which an erased record does not give back.
    private var lastGiven: Int64 = 0
    private var storedBytes: Int64 = 0
    private var isClosed = false
    private var index: [String: [String: String]] = [:]

    public init(limit: PayloadLimit = .standard) {
        self.limit = limit
    }

    public func append(_ records: [NewLogRecord], indexing changes: [IndexChange], expecting heads: [String: Int64]) throws(LogError)
        -> [LogRecord]
    {
        try checkOpen()
        for (stream, expected) in heads.sorted(by: { $0.key < $1.key }) {
            let found = stored.last(where: { $0.stream == stream })?.position ?? 0
            if found != expected { throw LogError.conflict(stream, expected: expected, found: found) }
        }
        // Checked in full before anything is kept, so a refused batch leaves no trace.
        var placed: [LogRecord] = []
        placed.reserveCapacity(records.count)
        var position = lastGiven
        for record in records {
            try limit.check(record)
            position += 1
            placed.append(record.placed(at: position))
        }
        stored.append(contentsOf: placed)
        lastGiven = position
        storedBytes += placed.reduce(0) { $0 + Self.size(of: $1) }
        for change in changes { index[change.kind, default: [:]][change.key] = change.value }
        return placed
    }

    public func head(of stream: String) throws(LogError) -> Int64 {
        try checkOpen()
        return stored.last(where: { $0.stream == stream })?.position ?? 0
    }

    public func erase(stream: String, indexing changes: [IndexChange]) throws(LogError) {
        try checkOpen()
        storedBytes -= stored.filter { $0.stream == stream }.reduce(0) { $0 + Self.size(of: $1) }
        stored.removeAll { $0.stream == stream }
        for change in changes { index[change.kind, default: [:]][change.key] = change.value }
    }

    public func indexValue(_ kind: String, key: String) throws(LogError) -> String? {
        try checkOpen()
        return index[kind]?[key]
    }

    public func indexValue(_ kind: String, key: String, settingIfAbsent value: String) throws(LogError) -> String {
        try checkOpen()
        if let kept = index[kind]?[key] { return kept }
        index[kind, default: [:]][key] = value
        return value
    }

    public func indexEntries(_ kind: String, prefix: String) throws(LogError) -> [IndexEntry] {
        try checkOpen()
        return (index[kind] ?? [:]).filter { $0.key.hasPrefix(prefix) }
            .map { IndexEntry(key: $0.key, value: $0.value) }
            .sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
    }

    public func records(after position: Int64, limit: Int) throws(LogError) -> [LogRecord] {
        try checkOpen()
        guard limit > 0 else { return [] }
        return Array(stored[firstIndex(after: position)...].prefix(limit))
    }

    public func records(in stream: String, after position: Int64, limit: Int) throws(LogError) -> [LogRecord] {
        try checkOpen()
        guard limit > 0 else { return [] }
        return Array(stored[firstIndex(after: position)...].lazy.filter { $0.stream == stream }.prefix(limit))
    }

    public func lastPosition() throws(LogError) -> Int64 {
        try checkOpen()
        return stored.last?.position ?? 0
    }

    public func statistics() throws(LogError) -> LogStatistics {
        try checkOpen()
        return LogStatistics(recordCount: Int64(stored.count), byteCount: storedBytes)
    }

    public func backup(to path: String) throws(LogError) -> LogStatistics {
        try checkOpen()
        throw LogError.ioFailure(path, "an in-memory log keeps nothing to back up")
    }

    public func close() {
        isClosed = true
        stored = []
        storedBytes = 0
        index = [:]
    }

    private func checkOpen() throws(LogError) {
        if isClosed { throw LogError.closed }
    }

    /// Positions are 1, 2, 3… with no gaps here, but a binary search keeps this correct
    /// without relying on that.
    private func firstIndex(after position: Int64) -> Int {
        var low = 0, high = stored.count
        while low < high {
            let middle = (low + high) / 2
            if stored[middle].position <= position { low = middle + 1 } else { high = middle }
        }
        return low
    }

    private static func size(of record: LogRecord) -> Int64 {
        Int64(record.stream.utf8.count + record.payload.count)
    }
}
