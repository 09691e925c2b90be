import Foundation
import Testing
import Timekeeping

@Suite struct ManualClockTests {
    @Test func sleepersWakeWhenTheClockReachesTheirDeadlinesInOrder() async throws {
        let clock = ManualClock()
        let start = clock.now
        let woken = try await withThrowingTaskGroup(of: Int.self) { group in
            for (index, seconds) in [(0, 3), (1, 1), (2, 2)] {
                group.addTask {
                    try await clock.sleep(until: start + .seconds(seconds))
                    return index
                }
            }
            await clock.sleeping(atLeast: 3)
            clock.advance(by: .milliseconds(999))
            #expect(clock.sleeperCount == 3, "nobody wakes before the deadline")
            clock.advance(by: .milliseconds(1001))
            #expect(clock.sleeperCount == 1)
            var woken: [Int] = []
            for _ in 0..<2 { woken.append(try #require(try await group.next())) }
            #expect(woken.sorted() == [1, 2])
            clock.advance(by: .seconds(5))
            return woken + [try #require(try await group.next())]
        }
        #expect(woken.last == 0)
        #expect(clock.now == start + .seconds(7))
    }

    @Test func aDeadlineAlreadyPassedReturnsAtOnceAndTheClockNeverGoesBack() async throws {
        let clock = ManualClock()
        let start = clock.now
        try await clock.sleep(until: start)
        try await clock.sleep(until: start - .seconds(1))
        clock.advance(to: start - .seconds(10))
        #expect(clock.now == start)
    }

    @Test func aCancelledSleeperThrowsAndLeaves() async throws {
        let clock = ManualClock()
        let sleeper = Task { try await clock.sleep(for: .seconds(60)) }
        await clock.sleeping(atLeast: 1)
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(clock.sleeperCount == 0)
    }

    @Test func theSystemClockSleepsUntilItsWallTime() async throws {
        let clock = SystemClock()
        let deadline = clock.now + .milliseconds(30)
        try await clock.sleep(until: deadline)
        #expect(clock.now >= deadline)
    }

    @Test func instantsMeasureDurationsBothWays() {
        let start = WallInstant(Date(timeIntervalSince1970: 1_000))
        #expect(start + .milliseconds(1500) - start == .milliseconds(1500))
        #expect(start - (start + .seconds(2)) == .seconds(-2))
        #expect((start + .seconds(1)).date == Date(timeIntervalSince1970: 1_001))
    }
}

/// The server reads the time only through its `ServerClock`: nothing in the server's modules
/// (Sources/Transport, Pipelines, Admin and Server) reads the wall clock, the monotonic clock or a
/// dispatch time itself, or sleeps other than on the clock.
@Suite struct ClockReadsTests {
    @Test func theServerReadsTheTimeOnlyThroughItsClock() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
        var files: [String] = []
        for module in ["Transport", "Pipelines", "Admin", "Server"] {
            let folder = root.appendingPathComponent(module)
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
            #expect(names.count > 3, "Sources/\(module) is where it was")
            files += names.map { "\(module)/\($0)" }
        }
        let forbidden = try Regex(#"Date\(\)|ContinuousClock|SuspendingClock|DispatchTime|DispatchSource|timeIntervalSinceNow|Task\.sleep|(^|[^k])\.now\b"#)
        var found: [String] = []
        for file in files {
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") && line.contains(forbidden) {
                found.append("\(file):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }
}
