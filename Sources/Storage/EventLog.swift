/// The durable, append-only log that the server's events are stored in before anyone is told
/// of them, and replayed from when the server starts.
///
/// A log knows nothing of games or of what events mean: it keeps opaque payloads in named
/// streams and orders them by one position that increases across the whole log. Every
/// backend passes the same behaviour suite (`StorageTests`), so the server can be tested
/// against ``InMemoryEventLog`` and run against SQLite.
///
/// All methods are safe to call from many tasks at once.
public protocol EventLog: Sendable {
    /// Stores `records`, in order, all or nothing, and returns them with the positions the log
    /// gave them. When this returns, the records are as durable as the backend promises (for
    /// SQLite, see its `Durability`); when it throws, none of them was stored.
    ///
    /// Appending `[]` stores nothing and returns `[]`. Cancelling the calling task does not
    /// abandon an append once called: the caller may have been the last to know of events
    /// that the engine has already decided, so they are stored (or refused) all the same.
    ///
    /// `changes` are applied to the index in the same transaction, in order (a later change of
    /// the same key wins): the records and the changes are stored together or not at all. A
    /// batch of changes without records is allowed.
    ///
    /// `heads` makes the append conditional: for each stream it names, the position of that
    /// stream's last record must be the one given (0 for a stream with no record yet), or
    /// nothing is stored and the append throws ``LogError/Code/conflict``. Servers sharing a
    /// store use it so that of two decisions taken on the same state, the second is refused.
    nonisolated(nonsending) func append(_ records: [NewLogRecord], indexing changes: [IndexChange], expecting heads: [String: Int64]) async throws(LogError)
        -> [LogRecord]

    /// Removes every record of `stream`, and applies `changes` to the index, in one transaction:
    /// the one exception to a log that only grows, for a stream that holds no events (a
    /// sticker's bytes, which the operator removes). Erasing a stream with no records applies
    /// the changes alone.
    func erase(stream: String, indexing changes: [IndexChange]) async throws(LogError)

    /// Whether other servers may append to this log while this one does (a shared database):
    /// then what they append reaches this one through ``watchAppends(_:)``.
    var isShared: Bool { get }

    /// Calls `receive` with each append made by another client of a shared store, soon after it
    /// commits, until the calling task is cancelled; returns at once for a store no one else
    /// writes. `receive(nil)` says that notices may have been missed (the watch began, or began
    /// again after its connection failed): whoever holds what the store holds reads it again.
    func watchAppends(_ receive: @escaping @Sendable (AppendNotice?) -> Void) async

    /// The value of one index entry, or `nil` when there is none.
    nonisolated(nonsending) func indexValue(_ kind: String, key: String) async throws(LogError) -> String?

    /// The value of one index entry, set to `value` first if there is none: of several callers
    /// at once, on any number of servers sharing the store, all get the value of the first.
    func indexValue(_ kind: String, key: String, settingIfAbsent value: String) async throws(LogError) -> String

    /// Every index entry of `kind` whose key begins with `prefix` ("" for all of them), in key
    /// order (by UTF-8 bytes).
    func indexEntries(_ kind: String, prefix: String) async throws(LogError) -> [IndexEntry]

    /// At most `limit` index entries of `kind` whose keys sort before `key` (by UTF-8 bytes;
    /// every entry when `nil`), the greatest key first: a kind's entries read a page at a time
    /// from its end.
    func indexEntries(_ kind: String, before key: String?, limit: Int) async throws(LogError) -> [IndexEntry]

    /// At most `limit` records whose position is greater than `position`, in position order.
    /// Replay reads the whole log in pages: start after 0, then after the last position of
    /// each page, until a page comes back empty. A `limit` below 1 returns `[]`.
    func records(after position: Int64, limit: Int) async throws(LogError) -> [LogRecord]

    /// As ``records(after:limit:)``, but only the records of one stream.
    func records(in stream: String, after position: Int64, limit: Int) async throws(LogError) -> [LogRecord]

    /// The records of several streams at once, each after its own position (`heads`), in
    /// position order; at most `limit`. A server that shares its store reads what the others
    /// appended to many conversations in one round trip.
    func records(after heads: [String: Int64], limit: Int) async throws(LogError) -> [LogRecord]

    /// The position of the last record appended, or 0 when the log is empty.
    func lastPosition() async throws(LogError) -> Int64

    /// The position of `stream`'s last record, or 0 when it has none: what an append that
    /// expects the stream as it is now gives in `heads`.
    func head(of stream: String) async throws(LogError) -> Int64

    /// How much the log holds, for the admin view and metrics.
    func statistics() async throws(LogError) -> LogStatistics

    /// Writes a consistent copy of the whole log, as it stands when the copy begins, to a new
    /// file at `path` (readable by its owner only), while appends go on. Throws when `path`
    /// exists, or when the backend keeps nothing to copy (the in-memory log).
    func backup(to path: String) async throws(LogError) -> LogStatistics

    /// Releases the store. Every later call throws ``LogError/closed``; closing again does
    /// nothing.
    func close() async
}

extension EventLog {
    /// Appends records that change nothing in the index.
    public func append(_ records: [NewLogRecord]) async throws(LogError) -> [LogRecord] {
        try await append(records, indexing: [], expecting: [:])
    }

    /// Appends whatever the streams hold already.
    public func append(_ records: [NewLogRecord], indexing changes: [IndexChange]) async throws(LogError) -> [LogRecord] {
        try await append(records, indexing: changes, expecting: [:])
    }

    public var isShared: Bool { false }

    /// One stream after another, merged by position.
    public func records(after heads: [String: Int64], limit: Int) async throws(LogError) -> [LogRecord] {
        var merged: [LogRecord] = []
        for (stream, position) in heads { merged += try await records(in: stream, after: position, limit: limit) }
        return Array(merged.sorted { $0.position < $1.position }.prefix(max(0, limit)))
    }

    public func watchAppends(_ receive: @escaping @Sendable (AppendNotice?) -> Void) async {}

    /// Every entry of the kind read, then the page kept: for stores small enough not to mind.
    public func indexEntries(_ kind: String, before key: String?, limit: Int) async throws(LogError) -> [IndexEntry] {
        let entries = try await indexEntries(kind, prefix: "")
        let before = key.map { key in entries.prefix { $0.key.utf8.lexicographicallyPrecedes(key.utf8) } } ?? entries[...]
        return Array(before.reversed().prefix(max(0, limit)))
    }
}
