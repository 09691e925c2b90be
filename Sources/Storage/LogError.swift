/// Why the event log could not do what was asked. `reason` is written for a person (an
/// operator reading the server's log); `code` is for programs and stays stable. New codes
/// may be added, so match on the ones you handle and treat the rest alike.
///
/// As `RuleViolation` and `TranscriptError` do, this is a struct rather than an enum so that
/// a backend can add a code without breaking anyone's `switch`.
public struct LogError: Error, Hashable, Sendable, CustomStringConvertible {
    public struct Code: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }
    }

    public let code: Code
    public let reason: String

    public init(_ code: Code, _ reason: String) {
        self.code = code
        self.reason = reason
    }

    public var description: String { "\(code): \(reason)" }
}

extension LogError.Code {
    /// The log was closed; nothing more can be read or appended.
    public static let closed = Self(rawValue: "closed")
    /// The store exists but is not a Parley event log (another program's file or database).
    public static let notALog = Self(rawValue: "not-a-log")
    /// The store is a Parley log but cannot be read back as one: damaged, or from a newer
    /// version of Parley.
    public static let corrupt = Self(rawValue: "corrupt")
    /// The disk is full; what was being appended was not stored.
    public static let diskFull = Self(rawValue: "disk-full")
    /// Reading or writing the store failed for another reason (permissions, I/O error, the
    /// store locked by another process).
    public static let ioFailure = Self(rawValue: "io-failure")
    /// A record's payload is larger than the log's ``PayloadLimit``.
    public static let payloadTooLarge = Self(rawValue: "payload-too-large")
    /// The caller's task was cancelled during a read.
    public static let cancelled = Self(rawValue: "cancelled")
    /// A conditional append found a stream moved on from the position it expected (another
    /// server sharing the store appended to it first); nothing was stored.
    public static let conflict = Self(rawValue: "conflict")
}

extension LogError {
    public static let closed = Self(.closed, "The event log is closed.")

    public static let cancelled = Self(.cancelled, "The read from the event log was cancelled.")

    public static func notALog(_ location: String, _ detail: String) -> Self {
        Self(.notALog, "\(location) is not a Parley event log: \(detail)")
    }

    public static func corrupt(_ location: String, _ detail: String) -> Self {
        Self(.corrupt, "The event log at \(location) cannot be read: \(detail)")
    }

    public static func diskFull(_ location: String, _ detail: String) -> Self {
        Self(.diskFull, "The disk holding the event log at \(location) is full: \(detail)")
    }

    public static func ioFailure(_ location: String, _ detail: String) -> Self {
        Self(.ioFailure, "Reading or writing the event log at \(location) failed: \(detail)")
    }

    public static func conflict(_ stream: String, expected: Int64, found: Int64) -> Self {
        Self(.conflict, "The stream \(stream) was expected to end at position \(expected), but it ends at \(found).")
    }

    public static func payloadTooLarge(_ size: Int, limit: Int) -> Self {
        Self(.payloadTooLarge, "A record of \(size) bytes is larger than the \(limit) bytes the event log accepts.")
    }
}
