/// What another server sharing the store appended to one stream: the stream's records after
/// position `after`, up to `through`. A server that holds the stream up to `after` or beyond
/// reads the records it lacks (`records(in:after:limit:)` from where it stands).
public struct AppendNotice: Hashable, Sendable {
    public var stream: String
    public var after: Int64
    public var through: Int64

    public init(stream: String, after: Int64, through: Int64) {
        self.stream = stream
        self.after = after
        self.through = through
    }
}
