import Logging

/// Keeps the messages logged at info and above, so a test can read what the server printed.
struct CapturingLogHandler: LogHandler {
    let lines: Recorded<[String]>
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .info

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        lines.update { $0.append(event.message.description) }
    }
}
