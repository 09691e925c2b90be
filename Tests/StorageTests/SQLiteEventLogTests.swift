import Foundation
import Storage
import StorageSQLite
import TestSupport
import Testing

/// What only the file-backed log can show: surviving a restart, refusing foreign files, and
/// the SQLite settings its durability rests on.
@Suite("SQLiteEventLog")
struct SQLiteEventLogTests {
    @Test(arguments: [SQLiteEventLog.Durability.full, .normal])
    func recordsAndPositionsSurviveClosingAndReopening(durability: SQLiteEventLog.Durability) async throws {
        try await withTemporaryFolder { folder in
            let path = folder.appendingPathComponent("nested/data/events.sqlite").path
            let first = try SQLiteEventLog(path: path, durability: durability)
            let written = try await first.append([.init("a", "1"), .init("b", "2")])
                + first.append([.init("a", "3")])
            await first.close()

            let second = try SQLiteEventLog(path: path, durability: durability)
            #expect(try await second.records(after: 0, limit: 10) == written)
            #expect(try await second.lastPosition() == 3)
            #expect(try await second.append([.init("b", "4")]).map(\.position) == [4])
            #expect(try await second.records(in: "b", after: 0, limit: 10).map(\.position) == [2, 4])
            await second.close()
        }
    }

    @Test(arguments: [
        ("noise", NotALogFile.noise),
        ("text", NotALogFile.text),
        ("another program's SQLite database", NotALogFile.otherSQLiteDatabase),
    ])
    func aFileThatIsNotALogIsRefusedAndLeftAlone(name: String, contents: Data) async throws {
        try await withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("events.sqlite")
            try contents.write(to: file)
            let error = #expect(throws: LogError.self) { try SQLiteEventLog(path: file.path) }
            #expect(error?.code == .notALog, "\(name): \(String(describing: error))")
            #expect(error?.reason.contains(file.path) == true)
            #expect(try Data(contentsOf: file) == contents, "\(name) was changed")
            #expect(!FileManager.default.fileExists(atPath: file.path + "-wal"))
        }
    }

    @Test func theFileIsInWALMode() async throws {
        try await withTemporaryFolder { folder in
            let path = folder.appendingPathComponent("events.sqlite").path
            let log = try SQLiteEventLog(path: path)
            _ = try await log.append([.init("a", "1")])
            #expect(FileManager.default.fileExists(atPath: path + "-wal"))
            await log.close()
            // Bytes 18 and 19 of a SQLite header are the file format's write and read
            // versions: 2 means WAL, 1 the rollback journal.
            let header = try Data(contentsOf: URL(fileURLWithPath: path)).prefix(20)
            #expect(header.prefix(16) == Data("SQLite format 3\0".utf8))
            #expect(Array(header.suffix(2)) == [2, 2])
        }
    }

    /// So that an operator can back up or move the log by copying one file once the server
    /// has stopped.
    @Test func aClosedLogIsOneSelfContainedFile() async throws {
        try await withTemporaryFolder { folder in
            let log = try SQLiteEventLog(folder: folder.appendingPathComponent("live"))
            let written = try await log.append((1...50).map { .init("s\($0 % 5)", "record \($0)") })
            await log.close()

            let copy = folder.appendingPathComponent("copy/events.sqlite")
            try FileManager.default.createDirectory(
                at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: URL(fileURLWithPath: log.path), to: copy)
            let reopened = try SQLiteEventLog(path: copy.path)
            #expect(try await reopened.records(after: 0, limit: 100) == written)
            await reopened.close()
        }
    }

    /// The writer's commits never copy the write-ahead log into the database (that stalled
    /// every append behind the one that did): a connection of the log's own does it in the
    /// background, so the database file grows while the log stays open.
    @Test(.timeLimit(.minutes(1)))
    func theWriteAheadLogIsCopiedIntoTheDatabaseInTheBackground() async throws {
        try await withTemporaryFolder { folder in
            let log = try SQLiteEventLog(folder: folder)
            let size = { () -> Int in
                ((try? FileManager.default.attributesOfItem(atPath: log.path)[.size]) as? NSNumber)?.intValue ?? 0
            }
            let before = size()
            let payload = String(repeating: "x", count: 4000)
            for batch in 0..<10 {
                _ = try await log.append((0..<50).map { .init("s\($0 % 7)", "\(batch)-\($0) \(payload)") })
            }
            // 2 MB appended: far below the writer's own threshold of 64,000 pages.
            try await eventually(within: .seconds(10), every: .milliseconds(100), { "the database file is \(size()) bytes, \(before) before" }) {
                size() >= before + 2_000_000
            }
            #expect(try await log.records(after: 0, limit: 1000).count == 500)
            await log.close()
        }
    }

    @Test(arguments: [SQLiteEventLog.Durability.full, .normal])
    func theWriterRunsWithTheDurabilityAskedFor(durability: SQLiteEventLog.Durability) async throws {
        try await withTemporaryFolder { folder in
            let log = try SQLiteEventLog(folder: folder, durability: durability)
            #expect(try await log.writerDurability() == durability)
            await log.close()
        }
    }

    @Test func aDamagedLogIsReportedAsCorrupt() async throws {
        try await withTemporaryFolder { folder in
            let path = folder.appendingPathComponent("events.sqlite").path
            let log = try SQLiteEventLog(path: path)
            let payload = Data(repeating: 7, count: 2000)
            _ = try await log.append((0..<200).map { NewLogRecord(stream: "s\($0 % 3)", payload: payload) })
            await log.close()
            // Overwrite every page after the first (which holds the schema), as a failing
            // disk might.
            let file = URL(fileURLWithPath: path)
            let pages = try Data(contentsOf: file).count / 4096
            let handle = try FileHandle(forWritingTo: file)
            try handle.seek(toOffset: 4096)
            try handle.write(contentsOf: Data(Array(repeating: NotALogFile.noise, count: pages - 1).joined()))
            try handle.close()

            let error = await #expect(throws: LogError.self) {
                // Opening reads only the first page, so the damage may show at either step.
                let reopened = try SQLiteEventLog(path: path)
                do {
                    _ = try await reopened.records(after: 0, limit: 1000)
                } catch {
                    await reopened.close()
                    throw error
                }
                await reopened.close()
            }
            #expect(error?.code == .corrupt, "\(String(describing: error))")
        }
    }
}
