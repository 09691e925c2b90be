import Foundation
import Logging
import PostgresNIO
import Storage

/// How the PostgreSQL log appends: appends made together wait in one queue (`AppendQueue`) and
/// are written in one transaction, which checks where their streams end, stores the records and
/// the index changes, and sends the other servers their notices.
extension PostgresEventLog {
    public nonisolated(nonsending) func append(_ records: [NewLogRecord], indexing changes: [IndexChange], expecting heads: [String: Int64]) async throws(LogError)
        -> [LogRecord]
    {
        try checkOpen()
        if records.isEmpty && changes.isEmpty && heads.isEmpty { return [] }
        for record in records { try limit.check(record) }
        // Once asked, the log stores or refuses: the write does not depend on the caller's task.
        do {
            return try await withCheckedThrowingContinuation { continuation in
                if appends.enqueue(records, changes, expecting: heads, answer: continuation) { Task { await self.writeWaiting() } }
            }
        } catch {
            throw failure(error)
        }
    }

    /// Writes what waits in one transaction (appends made together, say by several pipelines,
    /// share its round trips and its wait for the lock), then what came meanwhile, until
    /// nothing waits. Appends that failed together are tried again one by one, so that one's
    /// failure is its own.
    private func writeWaiting() async {
        while true {
            let batch = appends.nextBatch()
            guard !batch.isEmpty else { return }
            do {
                appends.finish(batch, with: .success(try await answered { try await self.write(batch) }))
            } catch let error as LogError where error.code == .ioFailure {
                // Unreachable: every append of the group hears it now, rather than each after
                // a wait of its own.
                appends.finish(batch, failingEach: error)
            } catch {
                appends.finish(batch, with: .failure(error))
            }
        }
    }

    /// One transaction, in five statements at most whatever the batch: where its streams end
    /// (for the appends that expect it, and for the notices), the records, the index entries set,
    /// those removed, the notices to the other servers.
    private func write(_ batch: [AppendQueue.Append]) async throws -> [Result<[LogRecord], LogError>] {
        try await client.withTransaction(logger: logger) { connection -> [Result<[LogRecord], LogError>] in
            let streams = AppendQueue.streams(of: batch).sorted()
            // In one order on every server (ascending), so that two appends never wait for each other.
            let locks = Array(Set(streams.map(Self.lock(of:)))).sorted()
            if !locks.isEmpty {
                try await connection.query("""
                    SELECT pg_advisory_xact_lock(k) FROM unnest(\(locks)::int8[]) WITH ORDINALITY AS l(k, n) ORDER BY n
                    """, logger: logger)
            }
            var heads: [String: Int64] = [:]
            if !streams.isEmpty {
                // One index probe per stream (the newest of its positions), not a scan of its records.
                let rows = try await connection.query("""
                    SELECT s, (SELECT max(position) FROM log_record WHERE stream = s) FROM unnest(\(streams)::text[]) AS s
                    """, logger: logger)
                for try await (stream, head) in rows.decode((String, Int64?).self) { heads[stream] = head }
            }
            let conflicts = AppendQueue.conflicts(in: batch, heads: heads)
            let admitted = zip(batch, conflicts).filter { $0.1 == nil }.map(\.0)
            let records = admitted.flatMap(\.records)
            var positions: [Int64] = []
            if !records.isEmpty {
                let streams = records.map(\.stream), payloads = records.map { ByteBuffer(bytes: $0.payload) }
                // In the order given, so positions, given under the lock one after another, follow it.
                let rows = try await connection.query("""
                    INSERT INTO log_record (stream, payload)
                    SELECT stream, payload FROM unnest(\(streams)::text[], \(payloads)::bytea[]) WITH ORDINALITY AS r(stream, payload, n)
                    ORDER BY n RETURNING position
                    """, logger: logger)
                for try await position in rows.decode(Int64.self) { positions.append(position) }
                positions.sort()
                guard positions.count == records.count else {
                    throw LogError.corrupt(location, "\(records.count) records were inserted, \(positions.count) positions came back")
                }
            }
            // A later change of the same key wins: only the last one of each is applied.
            var last: [String: Int] = [:]
            let changes = admitted.flatMap(\.changes)
            for (index, change) in changes.enumerated() { last[change.kind + "\u{0}" + change.key] = index }
            // In key order, so that transactions of several servers lock index rows in one order.
            let final = changes.enumerated().filter { last[$0.element.kind + "\u{0}" + $0.element.key] == $0.offset }.map(\.element)
                .sorted { ($0.kind, $0.key) < ($1.kind, $1.key) }
            let set = final.filter { $0.value != nil }, removed = final.filter { $0.value == nil }
            if !set.isEmpty {
                try await connection.query("""
                    INSERT INTO index_entry (kind, key, value)
                    SELECT kind, key, value FROM unnest(\(set.map(\.kind))::text[], \(set.map(\.key))::text[], \(set.map { $0.value ?? "" })::text[])
                        WITH ORDINALITY AS c(kind, key, value, n) ORDER BY n
                    ON CONFLICT (kind, key) DO UPDATE SET value = excluded.value
                    """, logger: logger)
            }
            if !removed.isEmpty {
                try await connection.query("""
                    DELETE FROM index_entry WHERE (kind, key) IN
                    (SELECT * FROM unnest(\(removed.map(\.kind))::text[], \(removed.map(\.key))::text[]))
                    """, logger: logger)
            }
            var placed: [Result<[LogRecord], LogError>] = []
            var next = 0
            for (append, conflict) in zip(batch, conflicts) {
                if let conflict {
                    placed.append(.failure(conflict))
                    continue
                }
                placed.append(.success(zip(append.records, positions[next..<(next + append.records.count)]).map { $0.placed(at: $1) }))
                next += append.records.count
            }
            // Delivered to the listeners when the transaction commits, and only then.
            var byStream: [String: [LogRecord]] = [:]
            for case let .success(stored) in placed {
                for record in stored { byStream[record.stream, default: []].append(record) }
            }
            if !byStream.isEmpty {
                // Each stream's records, in position order: all of them since `after`, taken
                // under its lock.
                let notices = byStream.sorted { $0.key < $1.key }.map { stream, records in
                    let records = records.sorted { $0.position < $1.position }
                    let notice = AppendNotice(
                        stream: stream, after: heads[stream] ?? 0, through: records.last?.position ?? 0, records: records)
                    return Notice(origin: origin, notice: notice).payload
                }
                try await connection.query("""
                    SELECT pg_notify(\(Self.channel), notice) FROM unnest(\(notices)::text[]) AS notice
                    """, logger: logger)
            }
            return placed
        }
    }
}
