import Engine
import Foundation
import Storage
import Transport

/// The server's last sign of life: rewritten every few seconds while it runs and once more when
/// it stops, and read when it starts, so that the time it was down can be taken off every turn's
/// clock. A server killed outright was alive up to `interval` after its last beat; its players
/// get those few seconds back too.
///
/// A server alone on its store keeps it in its data folder (`DATA/alive`). Servers that share a
/// store keep one in the store's index (`alive`, `store`), which each of them beats: the service
/// was down only when none of them was up, and a server that starts while another runs finds a
/// recent beat and records no downtime (the other's clocks ran).
package struct Heartbeat: Sendable {
    package static let interval: Duration = .seconds(2)
    package let path: String
    /// The shared store whose index holds the beat, if the server shares one.
    package let store: (any EventLog)?

    package init(dataDirectory: String, store: (any EventLog)? = nil) {
        path = URL(fileURLWithPath: dataDirectory).appendingPathComponent("alive").path
        self.store = store?.isShared == true ? store : nil
    }

    /// When the server (or any server sharing its store) last said it was alive; `nil` for a new
    /// data folder or store, or when the store cannot be read.
    package func lastAlive() async -> Date? {
        if let store {
            guard let text = try? await store.indexValue(IndexKind.alive, key: Self.storeKey), let milliseconds = Int64(text)
            else { return nil }
            return Date(timeIntervalSince1970: Double(milliseconds) / 1000)
        }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        return try? Self.format.parse(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// The downtime to record when the server starts at `now`: from the last sign of life, unless
    /// another server sharing the store beat lately (it is up, and its clocks ran).
    package func downtime(now: Date) async -> Record? {
        guard let lastAlive = await lastAlive() else { return nil }
        // Five beats' time and a second: a node whose beats are late on a loaded machine (a
        // PostgreSQL answering slowly, more than 7 s seen under a whole test suite) is still
        // up, and its clocks ran.
        if store != nil, now.timeIntervalSince(lastAlive) < 5 * Self.interval.seconds + 1 { return nil }
        return Record.downtime(lastAlive: lastAlive, now: now)
    }

    package func beat(at now: Date) async {
        if let store {
            _ = try? await store.append([], indexing: [.set(IndexKind.alive, Self.storeKey, IndexKind.milliseconds(now))])
            return
        }
        // Atomically, so that a start never reads half a date.
        try? Data((now.formatted(Self.format) + "\n").utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    package static let storeKey = "store"

    /// To the millisecond: whole seconds would give every player up to a second more.
    private static let format = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
}
