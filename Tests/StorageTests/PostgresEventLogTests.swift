import Foundation
import Logging
import PostgresNIO
import TestSupport
import Storage
import StoragePostgres
import Testing

/// What the PostgreSQL log does beyond the behaviour every backend shares: it keeps what it
/// stored across connections, shares one database between several servers, and refuses a
/// database that is not Parley's.
/// (Each test starts a PostgreSQL cluster of its own; under the whole suite, beside the other
/// suites' clusters, the race of twenty rounds took 102 s once, where it takes 2 to 4 s alone.)
@Suite(.timeLimit(.minutes(3)))
struct PostgresEventLogTests {
    static var quiet: Logger {
        var logger = Logger(label: "store")
        logger.logLevel = .error
        return logger
    }

    @Test func whatIsStoredIsThereForTheNextConnection() async throws {
        try await PostgresServer.with { url in
            let first = try await PostgresEventLog(url: url, logger: Self.quiet)
            _ = try await first.append([.init("a", "1"), .init("b", "2")], indexing: [.set("invite", "K", "a")])
            await first.close()
            let second = try await PostgresEventLog(url: url, logger: Self.quiet)
            #expect(try await second.records(after: 0, limit: 10).map(\.position) == [1, 2])
            #expect(try await second.indexValue("invite", key: "K") == "a")
            #expect(try await second.append([.init("a", "3")]).map(\.position) == [3])
            await second.close()
        }
    }

    /// Two servers on one database (two logs, two pools): every append gets positions of its
    /// own, in its order, none given twice and none skipped.
    @Test func twoServersAppendingAtOnceShareOneOrder() async throws {
        try await PostgresServer.with { url in
            let logs = [try await PostgresEventLog(url: url, logger: Self.quiet),
                        try await PostgresEventLog(url: url, logger: Self.quiet)]
            let appended = try await withThrowingTaskGroup(of: [LogRecord].self) { group in
                for index in 0..<40 {
                    group.addTask {
                        try await logs[index % 2].append((0..<3).map { _ in NewLogRecord("s\(index)", "\(index)") })
                    }
                }
                return try await group.reduce(into: [[LogRecord]]()) { $0.append($1) }
            }
            for records in appended {
                #expect(records.map(\.position) == records.map(\.position).sorted())
                #expect(Set(records.map(\.stream)).count == 1)
            }
            #expect(appended.flatMap { $0.map(\.position) }.sorted() == Array(1...120))
            #expect(try await logs[1].records(after: 0, limit: 200).map(\.position) == Array(1...120))
            for log in logs { await log.close() }
        }
    }

    /// A server hears of what the others append, once each commits, and not of its own appends:
    /// where each stream was and where it is now, and the records when they are small text.
    @Test func eachServerHearsOfTheOthersAppends() async throws {
        try await PostgresServer.with { url in
            let (listener, writer) = (try await PostgresEventLog(url: url, logger: Self.quiet),
                                      try await PostgresEventLog(url: url, logger: Self.quiet))
            let (heard, feed) = AsyncStream<AppendNotice?>.makeStream()
            let watching = Task { await listener.watchAppends { feed.yield($0) } }
            var notices = heard.makeAsyncIterator()
            // The watch begins by saying that notices may have been missed.
            #expect(try #require(await notices.next()) == nil)
            _ = try await listener.append([.init("a", "own")])
            _ = try await writer.append([.init("a", "1"), .init("b", "2"), .init("a", "3")])
            _ = try await writer.append([.init("b", "4")], indexing: [], expecting: ["b": 3])
            // Too large for a notice, and not text: read from the store.
            _ = try await writer.append([.init("c", String(repeating: "x", count: 8_000))])
            _ = try await writer.append([NewLogRecord(stream: "d", payload: Data([0x7B, 0xFF, 0x7D]))])
            var received: [AppendNotice] = []
            while received.count < 5, let notice = try #require(await notices.next()) { received.append(notice) }
            func record(_ position: Int64, _ stream: String, _ text: String) -> LogRecord {
                LogRecord(position: position, stream: stream, payload: Data(text.utf8))
            }
            #expect(Set(received.prefix(2)) == [
                AppendNotice(stream: "a", after: 1, through: 4, records: [record(2, "a", "1"), record(4, "a", "3")]),
                AppendNotice(stream: "b", after: 0, through: 3, records: [record(3, "b", "2")]),
            ])
            #expect(received[2] == AppendNotice(stream: "b", after: 3, through: 5, records: [record(5, "b", "4")]))
            #expect(received[3] == AppendNotice(stream: "c", after: 0, through: 6))
            #expect(received[4] == AppendNotice(stream: "d", after: 0, through: 7))
            watching.cancel()
            await watching.value
            for log in [listener, writer] { await log.close() }
        }
    }

    /// Servers racing to append to one stream from the same head, many times over: each time
    /// exactly one is stored (the stream's lock orders them, and the second finds it moved on),
    /// while appends to other streams go on beside them.
    @Test func ofTwoServersRacingForAStreamExactlyOneWins() async throws {
        try await PostgresServer.with { url in
            let logs = [try await PostgresEventLog(url: url, logger: Self.quiet),
                        try await PostgresEventLog(url: url, logger: Self.quiet)]
            for round in 0..<20 {
                let head = try await logs[0].append([.init("game", "round \(round)")])[0].position
                let won = try await withThrowingTaskGroup(of: Bool.self) { group in
                    for index in 0..<4 {
                        group.addTask {
                            do {
                                _ = try await logs[index % 2].append(
                                    [.init("game", "\(index)"), .init("other-\(index)", "x")], indexing: [], expecting: ["game": head])
                                return true
                            } catch let error as LogError where error.code == .conflict {
                                return false
                            }
                        }
                    }
                    return try await group.reduce(into: [Bool]()) { $0.append($1) }
                }
                #expect(won.filter { $0 }.count == 1, "round \(round): \(won)")
            }
            #expect(try await logs[1].records(in: "game", after: 0, limit: 100).count == 40)
            for log in logs { await log.close() }
        }
    }

    /// The address in messages and logs keeps its user and hides its password, readably.
    @Test func anUnreachableStoreIsNamedWithoutItsPassword() async throws {
        let error = await #expect(throws: LogError.self) {
            _ = try await PostgresEventLog(url: "postgres://parley:s3cret@127.0.0.1:1/parley?sslmode=disable", logger: Self.quiet)
        }
        let message = "\(error.map { "\($0)" } ?? "")"
        #expect(message.contains("postgres://parley:…@127.0.0.1:1/parley"), "\(message)")
        #expect(!message.contains("s3cret"))
    }

    @Test func aDatabaseOfSomethingElseIsRefusedAndLeftAlone() async throws {
        try await PostgresServer.with { url in
            let configuration = PostgresClient.Configuration(
                unixSocketPath: try #require(URLComponents(string: url)?.queryItems?.first { $0.name == "host" }?.value)
                    + "/.s.PGSQL.5432",
                username: "postgres", password: nil, database: "postgres")
            let client = PostgresClient(configuration: configuration, backgroundLogger: Self.quiet)
            try await withThrowingDiscardingTaskGroup { group in
                group.addTask { await client.run() }
                try await client.query("CREATE TABLE invoices (id int PRIMARY KEY)")
                let error = await #expect(throws: LogError.self) { try await PostgresEventLog(url: url, logger: Self.quiet) }
                #expect(error?.code == .notALog)
                var tables: [String] = []
                for try await name in try await client.query(
                    "SELECT table_name::text FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1"
                ).decode(String.self) { tables.append(name) }
                #expect(tables == ["invoices"])
                group.cancelAll()
            }
        }
    }
}
