import Foundation
import Storage
import Testing

/// What every backend's index must do: keyed entries written with the records that changed
/// them, all or nothing, and read back one by one or by key prefix.
@Suite("EventLog index behaviour")
struct IndexBehaviourTests {
    @Test(arguments: Backend.allCases)
    func changesAreReadBackAndTheLaterChangeOfAKeyWins(backend: Backend) async throws {
        try await backend.withLog { log throws in
            #expect(try await log.indexValue("invite", key: "A") == nil)
            _ = try await log.append([.init("c1", "created")], indexing: [
                .set("invite", "A", "c1"), .set("invite", "B", "c2"), .set("invite", "B", "c3"), .set("name", "A", "Ann"),
            ])
            #expect(try await log.indexValue("invite", key: "A") == "c1")
            #expect(try await log.indexValue("invite", key: "B") == "c3")
            #expect(try await log.indexValue("name", key: "A") == "Ann")
            #expect(try await log.indexValue("name", key: "B") == nil)
            _ = try await log.append([], indexing: [.remove("invite", "A"), .remove("invite", "nothing")])
            #expect(try await log.indexValue("invite", key: "A") == nil)
            #expect(try await log.indexEntries("invite", prefix: "") == [IndexEntry(key: "B", value: "c3")])
            #expect(try await log.lastPosition() == 1)
        }
    }

    @Test(arguments: Backend.allCases)
    func aPrefixFindsExactlyTheKeysThatBeginWithIt(backend: Backend) async throws {
        try await backend.withLog { log throws in
            let keys = ["ab/1", "ab/2", "ab/", "ab", "ab0", "abc/1", "a", "b/ab/", "ab/é", "ab/\u{FFFF}"]
            _ = try await log.append([], indexing: keys.map { .set("member", $0, "v\($0)") })
            let found = try await log.indexEntries("member", prefix: "ab/").map(\.key)
            #expect(found == ["ab/", "ab/1", "ab/2", "ab/é", "ab/\u{FFFF}"])
            #expect(try await log.indexEntries("member", prefix: "ab/1").map(\.value) == ["vab/1"])
            #expect(try await log.indexEntries("member", prefix: "").count == keys.count)
            #expect(try await log.indexEntries("other", prefix: "").isEmpty)
        }
    }

    @Test(arguments: Backend.allCases)
    func pagesFromTheEndReadEachKeyOnceTheGreatestFirst(backend: Backend) async throws {
        try await backend.withLog { log throws in
            let keys = ["000000000000001/b", "000000000000001/a", "000000000000002/a", "000000000000010/z", "é", "a", "\u{FFFF}"]
            _ = try await log.append([], indexing: keys.map { .set("game", $0, "v\($0)") } + [.set("other", "zzz", "")])
            let ordered = keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.reversed().map { $0 }
            var read: [String] = []
            var before: String?
            while true {
                let page = try await log.indexEntries("game", before: before, limit: 3)
                #expect(page.count <= 3)
                guard let last = page.last else { break }
                #expect(page.allSatisfy { $0.value == "v\($0.key)" })
                read += page.map(\.key)
                before = last.key
            }
            #expect(read == ordered)
            #expect(try await log.indexEntries("game", before: "000000000000002/a", limit: 10).map(\.key) == ["000000000000001/b", "000000000000001/a"])
            #expect(try await log.indexEntries("game", before: nil, limit: 0).isEmpty)
            #expect(try await log.indexEntries("none", before: nil, limit: 5).isEmpty)
        }
    }

    @Test(arguments: Backend.allCases)
    func aRefusedBatchChangesNothingInTheIndex(backend: Backend) async throws {
        try await backend.withLog(limit: PayloadLimit(maximumBytes: 16)) { log throws in
            _ = try await log.append([.init("a", "small")], indexing: [.set("clock", "a", "1")])
            await #expect(throws: LogError.self) {
                _ = try await log.append(
                    [.init("a", "fits"), .init("a", String(repeating: "x", count: 17))],
                    indexing: [.remove("clock", "a"), .set("clock", "b", "1")])
            }
            #expect(try await log.indexEntries("clock", prefix: "") == [IndexEntry(key: "a", value: "1")])
        }
    }

    @Test(arguments: Backend.allCases)
    func aClosedLogRefusesIndexReads(backend: Backend) async throws {
        try await backend.withLog { log throws in
            await log.close()
            await #expect(throws: LogError.closed) { _ = try await log.indexValue("invite", key: "A") }
            await #expect(throws: LogError.closed) { _ = try await log.indexEntries("invite", prefix: "") }
            await #expect(throws: LogError.closed) { _ = try await log.append([], indexing: [.set("a", "b", "c")]) }
        }
    }

    /// Set if absent: of several callers at once, all get the first value, and a value already
    /// there is kept (the participant-id secret that servers sharing a store agree on).
    @Test(arguments: Backend.allCases)
    func aValueSetIfAbsentIsTheFirstOneForEveryone(backend: Backend) async throws {
        try await backend.withLog { log throws in
            let values = try await withThrowingTaskGroup(of: String.self) { group in
                for index in 0..<20 {
                    group.addTask { try await log.indexValue("secret", key: "participants", settingIfAbsent: "v\(index)") }
                }
                return try await group.reduce(into: [String]()) { $0.append($1) }
            }
            #expect(Set(values).count == 1)
            #expect(try await log.indexValue("secret", key: "participants") == values.first)
            #expect(try await log.indexValue("secret", key: "participants", settingIfAbsent: "later") == values.first)
        }
    }
}
