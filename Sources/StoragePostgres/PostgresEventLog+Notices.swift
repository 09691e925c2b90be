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

    /// A notice as it travels on the channel: `ORIGIN AFTER THROUGH STREAM`, then, when they
    /// fit, the stream's records after `AFTER` through `THROUGH`, one a line: `POSITION PAYLOAD`.
    struct Notice {
        /// At most what PostgreSQL takes in one notice (8,000 bytes) less a margin: larger
        /// records are read from the store.
        static let payloadLimit = 7_900

        var origin: String
        var notice: AppendNotice

        init(origin: String, notice: AppendNotice) {
            self.origin = origin
            self.notice = notice
        }

        init?(payload: String) {
            // Split by bytes: a split by `Character` walks the records' text grapheme by grapheme.
            var lines = payload.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)[...]
            let parts = Substring(lines.removeFirst()).split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false)
            guard parts.count == 4, let after = Int64(parts[1]), let through = Int64(parts[2]) else { return nil }
            let stream = String(parts[3])
            self.init(origin: String(parts[0]), notice: AppendNotice(
                stream: stream, after: after, through: through, records: Self.records(lines, of: stream, after: after, through: through)))
        }

        /// The records of a notice's lines, in order of position and ending at `through`; `nil`
        /// (read from the store) for lines that are not such records.
        private static func records(
            _ lines: ArraySlice<Substring.UTF8View>, of stream: String, after: Int64, through: Int64
        ) -> [LogRecord]? {
            guard !lines.isEmpty else { return nil }
            var records: [LogRecord] = []
            for line in lines {
                guard let space = line.firstIndex(of: UInt8(ascii: " ")), let position = Int64(Substring(line[..<space])),
                    position > (records.last?.position ?? after), position <= through
                else { return nil }
                records.append(LogRecord(position: position, stream: stream, payload: Data(line[line.index(after: space)...])))
            }
            return records.last?.position == through ? records : nil
        }

        /// With the records when each is text of one line that PostgreSQL keeps (UTF-8, no
        /// control character: a stored event's JSON) and all fit in `payloadLimit`; else without.
        var payload: String {
            let header = "\(origin) \(notice.after) \(notice.through) \(notice.stream)"
            guard let records = notice.records, !records.isEmpty, !notice.stream.contains("\n") else { return header }
            var text = header
            for record in records {
                guard text.utf8.count + record.payload.count + 24 <= Self.payloadLimit,
                    !record.payload.contains(where: { $0 < 0x20 }),
                    let line = String(validating: record.payload, as: UTF8.self)
                else { return header }
                text += "\n\(record.position) \(line)"
            }
            return text
        }
    }
}
