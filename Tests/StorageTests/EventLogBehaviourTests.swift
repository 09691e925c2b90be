import Foundation
import Storage
import Testing

/// What every ``EventLog`` backend must do. Each test runs once per ``Backend``.
///
/// The closures say `log throws in` because Swift infers a closure's `throws` before it
/// expands the macros inside, so a `try` found only within `#expect` would not count.
@Suite("EventLog behaviour")
struct EventLogBehaviourTests {
    @Test(arguments: Backend.allCases)
    func anEmptyLogHasNothing(backend: Backend) async throws {
        try await backend.withLog { log throws in
            #expect(try await log.lastPosition() == 0)
            #expect(try await log.records(after: 0, limit: 10).isEmpty)
            #expect(try await log.statistics().recordCount == 0)
            #expect(try await log.append([]).isEmpty)
            #expect(try await log.lastPosition() == 0)
        }
    }

    @Test(arguments: Backend.allCases)
    func positionsStartAtOneAndIncreaseAcrossStreamsAndBatches(backend: Backend) async throws {
        try await backend.withLog { log throws in
            let first = try await log.append([.init("a", "1"), .init("b", "2"), .init("a", "3")])
            let second = try await log.append([.init("", "4")])
            let third = try await log.append([.init("b", "5"), .init("c", "6")])
            #expect((first + second + third).map(\.position) == [1, 2, 3, 4, 5, 6])
            #expect(try await log.lastPosition() == 6)
            // Where each stream ends: what a conditional append expects of it.
            let heads = [try await log.head(of: "a"), try await log.head(of: "b"), try await log.head(of: ""), try await log.head(of: "none")]
            #expect(heads == [3, 5, 4, 0])
            await #expect(throws: LogError.self) { _ = try await log.append([.init("a", "7")], indexing: [], expecting: ["a": 2]) }
            let head = try await log.head(of: "a")
            #expect(try await log.append([.init("a", "7")], indexing: [], expecting: ["a": head]).map(\.position) == [7])
            let statistics = try await log.statistics()
            #expect(statistics.recordCount == 7)
            #expect(statistics.byteCount > 0)
        }
    }

    @Test(arguments: Backend.allCases)
    func erasingAStreamRemovesItsRecordsAndAppliesItsChangesAlone(backend: Backend) async throws {
        try await backend.withLog { log throws in
            let blob = Data((0..<4096).map { UInt8($0 % 251) })
            _ = try await log.append(
                [.init("c1", "1"), .init(stream: "sticker/ab", payload: blob), .init("c1", "2")],
                indexing: [.set("sticker", "ab", "c1"), .set("sticker-of", "x/ab", "4096"), .set("sticker", "cd", "c2")])
            try await log.erase(stream: "sticker/ab", indexing: [.remove("sticker", "ab"), .remove("sticker-of", "x/ab")])
            #expect(try await log.records(in: "sticker/ab", after: 0, limit: 10).isEmpty)
            #expect(try await log.records(after: 0, limit: 10).map(\.stream) == ["c1", "c1"])
            #expect(try await log.records(after: 0, limit: 10).map(\.position) == [1, 3], "the others keep their positions")
            #expect(try await log.indexValue("sticker", key: "ab") == nil)
            #expect(try await log.indexValue("sticker", key: "cd") == "c2")
            #expect(try await log.indexEntries("sticker-of", prefix: "").isEmpty)
            #expect(try await log.statistics().recordCount == 2)
            // A stream with nothing in it: only the changes.
            try await log.erase(stream: "sticker/none", indexing: [.set("note", "k", "v")])
            #expect(try await log.indexValue("note", key: "k") == "v")
            // Appends go on after it, after the last position given, even one erased.
            #expect(try await log.append([.init("c1", "3")]).map(\.position) == [4])
            _ = try await log.append([.init(stream: "sticker/ef", payload: blob)])
            try await log.erase(stream: "sticker/ef", indexing: [])
            #expect(try await log.append([.init("c1", "4")]).map(\.position) == [6])
        }
    }

    @Test(arguments: Backend.allCases)
    func appendReturnsWhatIsReadBack(backend: Backend) async throws {
        let batch: [NewLogRecord] = [
            .init("conversation-1", #"{"type":"created"}"#),
            .init(stream: "", payload: Data()),
            .init(stream: "conversation-ü ☃", payload: Data((0...255).map { UInt8($0) })),
            .init(stream: "conversation-1", payload: Data(repeating: 0, count: 3)),
        ]
        try await backend.withLog { log throws in
            let appended = try await log.append(batch)
            #expect(appended.map { NewLogRecord(stream: $0.stream, payload: $0.payload) } == batch)
            #expect(try await log.records(after: 0, limit: 100) == appended)
        }
    }

    @Test(arguments: Backend.allCases)
    func readingAStreamGivesOnlyItsRecordsInOrder(backend: Backend) async throws {
        try await backend.withLog { log throws in
            let all = try await log.append((1...12).map { .init(["a", "b", "", "ab"][$0 % 4], "\($0)") })
            for stream in ["a", "b", "", "ab"] {
                let expected = all.filter { $0.stream == stream }
                #expect(try await log.records(in: stream, after: 0, limit: 100) == expected)
            }
            #expect(try await log.records(in: "A", after: 0, limit: 100).isEmpty)
            #expect(try await log.records(in: "a", after: 4, limit: 1).map(\.position) == [8])
        }
    }

    @Test(arguments: Backend.allCases)
    func pagingWithAfterAndLimitReplaysEverythingOnce(backend: Backend) async throws {
        try await backend.withLog { log throws in
            for batch in 0..<5 {
                _ = try await log.append((0..<5).map { .init("s\($0 % 2)", "\(batch)-\($0)") })
            }
            var replayed: [LogRecord] = [], pages: [Int] = [], after: Int64 = 0
            while case let page = try await log.records(after: after, limit: 10), !page.isEmpty {
                pages.append(page.count)
                replayed += page
                after = page.last!.position
            }
            #expect(pages == [10, 10, 5])
            #expect(replayed.map(\.position) == Array(1...25))
            #expect(try await log.records(after: 20, limit: 3).map(\.position) == [21, 22, 23])
            #expect(try await log.records(after: 25, limit: 3).isEmpty)
            #expect(try await log.records(after: 3, limit: 0).isEmpty)
            #expect(try await log.records(in: "s1", after: 12, limit: 2).map(\.position) == [14, 17])
        }
    }

    @Test(arguments: Backend.allCases)
    func aBatchWithAnOversizedPayloadStoresNothing(backend: Backend) async throws {
        try await backend.withLog(limit: PayloadLimit(maximumBytes: 16)) { log throws in
            _ = try await log.append([.init("a", "before")])
            let fits = NewLogRecord(stream: "a", payload: Data(repeating: 1, count: 16))
            let tooLarge = NewLogRecord(stream: "a", payload: Data(repeating: 2, count: 17))
            let error = await #expect(throws: LogError.self) {
                try await log.append([fits, fits, tooLarge, fits])
            }
            #expect(error?.code == .payloadTooLarge)
            #expect(try await log.lastPosition() == 1)
            #expect(try await log.records(after: 0, limit: 10).count == 1)
            #expect(try await log.append([fits]).map(\.position) == [2])
        }
    }

    /// Appends made at once (the pipelines' batches) may be stored together, but each gets its
    /// own records, at positions of its own in one run, and one that fails fails alone.
    @Test(arguments: Backend.allCases)
    func appendsMadeAtOnceEachGetTheirOwnRecordsAndFailAlone(backend: Backend) async throws {
        try await backend.withLog(limit: PayloadLimit(maximumBytes: 16)) { log throws in
            let results = await withTaskGroup(of: (Int, Result<[LogRecord], any Error>).self) { group in
                for index in 0..<40 {
                    group.addTask {
                        let size = index == 17 ? 17 : 1
                        let records = (0..<3).map { _ in NewLogRecord(stream: "s\(index)", payload: Data(repeating: 1, count: size)) }
                        do {
                            return (index, .success(try await log.append(records)))
                        } catch {
                            return (index, .failure(error))
                        }
                    }
                }
                return await group.reduce(into: [Int: Result<[LogRecord], any Error>]()) { $0[$1.0] = $1.1 }
            }
            var positions: [Int64] = []
            for (index, result) in results {
                switch result {
                case let .success(records):
                    #expect(index != 17)
                    #expect(records.map(\.stream) == ["s\(index)", "s\(index)", "s\(index)"])
                    let first = try #require(records.first?.position)
                    #expect(records.map(\.position) == [first, first + 1, first + 2], "one run of positions")
                    positions += records.map(\.position)
                case let .failure(error):
                    #expect(index == 17)
                    #expect((error as? LogError)?.code == .payloadTooLarge)
                }
            }
            #expect(positions.sorted() == Array(1...117))
            #expect(try await log.records(after: 0, limit: 200).count == 117)
        }
    }

    @Test(arguments: Backend.allCases)
    func aClosedLogRefusesEverything(backend: Backend) async throws {
        try await backend.withLog { log throws in
            _ = try await log.append([.init("a", "1")])
            await log.close()
            await log.close()
            for attempt in [
                { _ = try await log.append([.init("a", "2")]) },
                { _ = try await log.append([]) },
                { _ = try await log.records(after: 0, limit: 10) },
                { _ = try await log.records(in: "a", after: 0, limit: 10) },
                { _ = try await log.lastPosition() },
                { _ = try await log.head(of: "a") },
                { _ = try await log.statistics() },
            ] as [() async throws -> Void] {
                await #expect(throws: LogError.closed) { try await attempt() }
            }
        }
    }

    @Test(arguments: Backend.allCases)
    func cancellingTheCallerDoesNotAbandonAnAppend(backend: Backend) async throws {
        try await backend.withLog { log throws in
            let caller = Task { try await log.append([.init("a", "1"), .init("a", "2")]) }
            caller.cancel()
            #expect(try await caller.value.map(\.position) == [1, 2])
            #expect(try await log.lastPosition() == 2)
        }
    }

    /// A server shutting down closes the log while players' appends are still arriving: each
    /// must either be stored or be told the log is closed, never fail otherwise or crash.
    @Test(arguments: Backend.allCases)
    func appendsRacingCloseEitherSucceedOrSeeClosed(backend: Backend) async throws {
        try await backend.withLog { log throws in
            let outcomes = await withTaskGroup(of: LogError?.self) { group in
                for task in 0..<30 {
                    group.addTask {
                        if task == 10 { await log.close() }
                        do throws(LogError) {
                            _ = try await log.append([.init("s", "\(task)")])
                            return nil
                        } catch {
                            return error
                        }
                    }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
            #expect(outcomes.allSatisfy { $0 == nil || $0 == .closed }, "\(outcomes.compactMap { $0 })")
            #expect(outcomes.contains(.closed))
        }
    }

    @Test(arguments: Backend.allCases)
    func concurrentAppendsGetUniquePositionsAndLoseNothing(backend: Backend) async throws {
        try await backend.withLog { log throws in
            let batches = try await withThrowingTaskGroup(of: [LogRecord].self) { group in
                for task in 0..<50 {
                    group.addTask {
                        try await log.append((0..<4).map { .init("task-\(task)", "\(task).\($0)") })
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            for batch in batches {
                #expect(batch.map(\.position) == batch.map(\.position).sorted())
                #expect(batch.map { String(decoding: $0.payload, as: UTF8.self) }
                    == (0..<4).map { "\(batch[0].stream.dropFirst(5)).\($0)" })
            }
            let positions = batches.flatMap { $0.map(\.position) }
            #expect(Set(positions).count == 200)
            #expect(try await log.lastPosition() == 200)
            #expect(try await log.records(after: 0, limit: 1000) == batches.flatMap { $0 }.sorted { $0.position < $1.position })
        }
    }

    @Test(arguments: Backend.allCases)
    func aConditionalAppendIsStoredOnlyWhereItsStreamsEndAsExpected(backend: Backend) async throws {
        try await backend.withLog { log throws in
            _ = try await log.append([.init("a", "1"), .init("b", "2")])
            // A new stream ends at 0; a stream's head is its last record's position.
            let stored = try await log.append([.init("a", "3"), .init("c", "4")], indexing: [.set("k", "x", "1")],
                                              expecting: ["a": 1, "c": 0])
            #expect(stored.map(\.position) == [3, 4])
            // One stream moved on: nothing of the append is stored, index changes included.
            let refused = await #expect(throws: LogError.self) {
                _ = try await log.append([.init("b", "5"), .init("a", "6")], indexing: [.set("k", "x", "2")],
                                         expecting: ["b": 2, "a": 1])
            }
            #expect(refused?.code == .conflict)
            #expect(refused?.reason.contains("stream a") == true)
            #expect(try await log.lastPosition() == 4)
            #expect(try await log.indexValue("k", key: "x") == "1")
            // A stream expected to be empty that is not, and one expected to hold records that has none.
            await #expect(throws: LogError.self) { try await log.append([.init("d", "7")], indexing: [], expecting: ["c": 0]) }
            await #expect(throws: LogError.self) { try await log.append([.init("d", "7")], indexing: [], expecting: ["d": 4]) }
            #expect(try await log.append([.init("d", "7")], indexing: [], expecting: ["d": 0, "a": 3]).map(\.position) == [5])
        }
    }

    /// Of several appends that expect the same head at once, exactly one is stored; the others
    /// are told of the conflict, and the stream holds no gap and no double.
    @Test(arguments: Backend.allCases)
    func ofRacingConditionalAppendsExactlyOneIsStored(backend: Backend) async throws {
        try await backend.withLog { log throws in
            let head = try await log.append([.init("game", "start")])[0].position
            let outcomes = await withTaskGroup(of: LogError.Code?.self) { group in
                for racer in 0..<8 {
                    group.addTask {
                        do {
                            _ = try await log.append([.init("game", "move \(racer)")], indexing: [], expecting: ["game": head])
                            return nil
                        } catch {
                            return (error as? LogError)?.code
                        }
                    }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
            #expect(outcomes.filter { $0 == nil }.count == 1)
            #expect(outcomes.filter { $0 == .conflict }.count == 7)
            #expect(try await log.records(in: "game", after: 0, limit: 10).count == 2)
        }
    }

    @Test(arguments: Backend.allCases)
    func severalStreamsAreReadAtOnceEachAfterItsOwnPosition(backend: Backend) async throws {
        try await backend.withLog { log throws in
            let all = try await log.append((1...12).map { .init(["a", "b", "c"][$0 % 3], "\($0)") })
            let wanted = all.filter { ($0.stream == "a" && $0.position > 3) || ($0.stream == "b" && $0.position > 7) }
            #expect(try await log.records(after: ["a": 3, "b": 7, "d": 0], limit: 100) == wanted)
            #expect(try await log.records(after: ["a": 3, "b": 7], limit: 2) == Array(wanted.prefix(2)))
            #expect(try await log.records(after: [:], limit: 100).isEmpty)
        }
    }
}
