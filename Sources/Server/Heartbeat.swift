import Foundation

/// The server's last sign of life, `DATA/alive`: rewritten every few seconds while it runs and
/// once more when it stops, and read when it starts, so that the time it was down can be taken
/// off every turn's clock. A server killed outright was alive up to `interval` after its last
/// beat; its players get those few seconds back too.
struct Heartbeat: Sendable {
    static let interval: Duration = .seconds(2)
    let path: String

    init(dataDirectory: String) {
        path = URL(fileURLWithPath: dataDirectory).appendingPathComponent("alive").path
    }

    /// When the server last said it was alive; `nil` for a new data folder.
    func lastAlive() -> Date? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        return try? Self.format.parse(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    func beat(at now: Date = Date()) {
        // Atomically, so that a start never reads half a date.
        try? Data((now.formatted(Self.format) + "\n").utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    /// To the millisecond: whole seconds would give every player up to a second more.
    private static let format = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
}
