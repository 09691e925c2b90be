/// The largest payload a log accepts. Events are small JSON documents; a payload of megabytes
/// means a bug or an abuse upstream, and refusing it keeps replay fast and memory bounded.
public struct PayloadLimit: Hashable, Sendable {
    /// The most bytes one record's payload may have.
    public let maximumBytes: Int

    public init(maximumBytes: Int) {
        precondition(maximumBytes >= 0, "A payload limit cannot be negative.")
        self.maximumBytes = maximumBytes
    }

    /// 1 MiB.
    public static let standard = PayloadLimit(maximumBytes: 1 << 20)

    /// Throws ``LogError/payloadTooLarge(_:limit:)`` when `record` is over the limit.
    public func check(_ record: NewLogRecord) throws(LogError) {
        if record.payload.count > maximumBytes {
            throw LogError.payloadTooLarge(record.payload.count, limit: maximumBytes)
        }
    }
}
