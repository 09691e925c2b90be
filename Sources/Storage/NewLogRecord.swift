import Foundation

/// A record about to be appended: the log has not yet given it a position.
public struct NewLogRecord: Hashable, Sendable {
    /// See ``LogRecord/stream``.
    public let stream: String
    public let payload: Data

    public init(stream: String, payload: Data) {
        self.stream = stream
        self.payload = payload
    }

    /// The stored record this becomes once the log has placed it at `position`.
    public func placed(at position: Int64) -> LogRecord {
        LogRecord(position: position, stream: stream, payload: payload)
    }
}

extension NewLogRecord: CustomStringConvertible {
    /// Only the payload's size, for the reason given on ``LogRecord``'s description.
    public var description: String {
        "NewLogRecord(stream: \"\(stream)\", payload: \(payload.count) bytes)"
    }
}
