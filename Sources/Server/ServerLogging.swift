import Foundation
import Logging
import Synchronization
import Timekeeping

/// `log.level`: the least level the server writes, which a reload may change; each logger of
/// `ServerLogHandler` reads it at every message.
public final class LogLevel: Sendable {
    private let level: Mutex<Logger.Level>

    init(_ level: Logger.Level) {
        self.level = Mutex(level)
    }

    /// The server's: set when `parley serve` starts, and by each reload.
    public static let shared = LogLevel(.info)

    public var current: Logger.Level { level.withLock { $0 } }

    func set(_ new: Logger.Level) {
        level.withLock { $0 = new }
    }
}

/// `log.format`: how the server writes its log to standard error.
public enum LogFormat: String, Sendable, CaseIterable {
    /// A line a person reads: `2026-11-29T09:00:00.123Z info parley: Parley listening … account=…`.
    case text
    /// One JSON object a line: `time`, `level`, `label`, `message`, then each metadata key (the
    /// connection, the account, …) as a string.
    case json
}

/// The server's log lines, in either format, at `LogLevel.shared`'s level. Metadata holds
/// identifiers (a connection's number, an account, a conversation), never a secret or a
/// position someone's view hides: the code that logs takes care of that, and the tests read
/// the lines a game writes.
public struct ServerLogHandler: LogHandler {
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?
    private let label: String
    private let format: LogFormat
    private let levels: LogLevel
    /// Where a line's time is read: the system's clock, also when a test moves the server's.
    private let clock: any ServerClock
    private let write: @Sendable (String) -> Void

    /// - Parameter write: where each line goes, its newline included; standard error by default.
    public init(
        label: String, format: LogFormat, levels: LogLevel = .shared, clock: any ServerClock = SystemClock(),
        write: @escaping @Sendable (String) -> Void = ServerLogHandler.standardError
    ) {
        self.label = label
        self.format = format
        self.levels = levels
        self.clock = clock
        self.write = write
    }

    /// Sets every logger made from now on to this handler (once a process).
    public static func bootstrap(format: LogFormat, level: Logger.Level) {
        LogLevel.shared.set(level)
        LoggingSystem.bootstrap { label in ServerLogHandler(label: label, format: format) }
    }

    public static let standardError: @Sendable (String) -> Void = { line in
        FileHandle.standardError.write(Data(line.utf8))
    }

    public var logLevel: Logger.Level {
        get { levels.current }
        // The level is the server's, set by `log.level`: one logger cannot set it for all.
        set {}
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var all = metadata
        if let provided = metadataProvider?.get() { all.merge(provided) { _, new in new } }
        if let more = event.metadata { all.merge(more) { _, new in new } }
        write(line(level: event.level, message: event.message.description, metadata: all, at: clock.now.date))
    }

    func line(level: Logger.Level, message: String, metadata: Logger.Metadata, at time: Date) -> String {
        let timestamp = time.formatted(Self.timestampStyle)
        switch format {
        case .text:
            let pairs = metadata.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            return ([timestamp, level.rawValue, "\(label):", message] + pairs).joined(separator: " ") + "\n"
        case .json:
            var object: [String: String] = [:]
            for (key, value) in metadata { object[key] = "\(value)" }
            object["time"] = timestamp
            object["level"] = level.rawValue
            object["label"] = label
            object["message"] = message
            let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
            return String(decoding: data, as: UTF8.self) + "\n"
        }
    }

    private static let timestampStyle = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
}
