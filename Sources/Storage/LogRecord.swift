import Foundation

/// One stored record of the event log. The log gives it a `position` when it is appended;
/// positions start at 1 and strictly increase across the whole log, whatever the stream, so
/// replaying records in position order replays history in the order it was decided.
///
/// The log does not know what a payload means: it is opaque bytes (JSON, in Parley) that the
/// engine encodes and decodes.
public struct LogRecord: Hashable, Sendable {
    /// Where the record sits in the whole log; 1 for the first record ever appended.
    public let position: Int64
    /// The stream the record belongs to, such as a conversation's id; "" for server-wide
    /// records.
    public let stream: String
    public let payload: Data

    public init(position: Int64, stream: String, payload: Data) {
        self.position = position
        self.stream = stream
        self.payload = payload
    }
}

extension LogRecord: CustomStringConvertible {
    /// Payloads may carry hidden game state, so a description (which may end up in a log
    /// line) gives only their size.
    public var description: String {
        "LogRecord(position: \(position), stream: \"\(stream)\", payload: \(payload.count) bytes)"
    }
}
