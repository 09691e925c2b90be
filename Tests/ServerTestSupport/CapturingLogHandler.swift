import Logging
import Transport

/// Keeps the messages logged at info and above, so a test can read what the server printed.
package struct CapturingLogHandler: LogHandler {
    package let lines: Recorded<[String]>
    package var metadata: Logger.Metadata = [:]
    package var logLevel: Logger.Level = .info

    package init(lines: Recorded<[String]>) { self.lines = lines }

    package subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    package func log(event: LogEvent) {
        lines.update { $0.append(event.message.description) }
    }
}
