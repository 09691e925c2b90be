import Foundation
import Logging
import PostgresNIO
import Storage
import Synchronization

/// How a server hears of what the others sharing the database append: `LISTEN` on a connection
/// of its own for the notices each append sends at commit (`write`).
extension PostgresEventLog {
    public func watchAppends(_ receive: @escaping @Sendable (AppendNotice?) -> Void) async {
        var failing = false
        while !Task.isCancelled, !closed.load(ordering: .acquiring) {
            do {
                let connection = try await PostgresConnection.connect(configuration: try target.connection(), id: 1, logger: logger)
                do {
                    try await connection.listen(on: Self.channel) { notifications in
                        if failing { logger.notice("Hearing of other servers' appends again", metadata: ["store": "\(location)"]) }
                        failing = false
                        // Whatever was appended before the LISTEN took effect is read again.
                        receive(nil)
                        for try await notification in notifications {
                            guard let notice = Notice(payload: notification.payload), notice.origin != origin else { continue }
                            receive(notice.notice)
                        }
                    }
                } catch {
                    try? await connection.close()
                    throw error
                }
                try? await connection.close()
            } catch {
                if !failing, !Task.isCancelled, !closed.load(ordering: .acquiring) {
                    logger.warning("Cannot hear of other servers' appends; trying again every second",
                                   metadata: ["store": "\(location)", "error": "\(Self.failure(error, at: location))"])
                }
                failing = true
            }
            try? await Task.sleep(for: .seconds(1))
        }
    }

    /// A notice as it travels on the channel: `ORIGIN AFTER THROUGH STREAM`.
    struct Notice {
        var origin: String
        var notice: AppendNotice

        init(origin: String, notice: AppendNotice) {
            self.origin = origin
            self.notice = notice
        }

        init?(payload: String) {
            let parts = payload.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false)
            guard parts.count == 4, let after = Int64(parts[1]), let through = Int64(parts[2]) else { return nil }
            self.init(origin: String(parts[0]), notice: AppendNotice(stream: String(parts[3]), after: after, through: through))
        }

        var payload: String { "\(origin) \(notice.after) \(notice.through) \(notice.stream)" }
    }
}
