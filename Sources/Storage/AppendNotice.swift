/// What another server sharing the store appended to one stream: the stream's records after
/// position `after`, up to `through`. A server that holds the stream up to `after` or beyond
/// reads the records it lacks (`records(in:after:limit:)` from where it stands), unless the
/// notice carries them.
public struct AppendNotice: Hashable, Sendable {
    public var stream: String
    public var after: Int64
    public var through: Int64
    /// The stream's records after `after` through `through`, every one of them, when the notice
    /// carries them (they were small enough); `nil` when they are to be read from the store.
    public var records: [LogRecord]?

    public init(stream: String, after: Int64, through: Int64, records: [LogRecord]? = nil) {
        self.stream = stream
        self.after = after
        self.through = through
        self.records = records
    }
}
