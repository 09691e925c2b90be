import Engine
import Foundation
import GameRules
import Testing

/// The queue that times every running turn of a pipeline.
@Suite struct DeadlineQueueTests {
    let start = Date(timeIntervalSince1970: 1_000_000)

    @Test func deadlinesPassEarliestFirstAndOnlyWhenDue() {
        var queue = DeadlineQueue<String, String>()
        queue.schedule("b", for: "b", at: start + 20)
        queue.schedule("a", for: "a", at: start + 10)
        queue.schedule("c", for: "c", at: start + 30)
        #expect(queue.earliest() == start + 10)
        #expect(queue.removeDue(asOf: start + 9).isEmpty)
        #expect(queue.removeDue(asOf: start + 20) == ["a", "b"])
        #expect(queue.count == 1)
        #expect(queue.earliest() == start + 30)
        #expect(queue.removeDue(asOf: start + 100) == ["c"])
        #expect(queue.earliest() == nil)
    }

    @Test func schedulingAKeyAgainReplacesItsDeadline() {
        var queue = DeadlineQueue<String, Int>()
        queue.schedule(1, for: "turn", at: start + 10)
        queue.schedule(2, for: "turn", at: start + 30)
        #expect(queue.count == 1)
        #expect(queue.earliest() == start + 30)
        #expect(queue.removeDue(asOf: start + 20).isEmpty)
        #expect(queue.removeDue(asOf: start + 30) == [2])
    }

    @Test func aCancelledDeadlineNeverPasses() {
        var queue = DeadlineQueue<String, Int>()
        queue.schedule(1, for: "a", at: start + 10)
        queue.schedule(2, for: "b", at: start + 20)
        queue.cancel("a")
        #expect(!queue.contains("a"))
        #expect(queue.earliest() == start + 20)
        #expect(queue.removeDue(asOf: start + 60) == [2])
        queue.cancel("missing")
        #expect(queue.isEmpty)
    }

    /// A turn timer per move, each replacing the last of its game, must not pile up: what the
    /// queue keeps is bounded by the games whose clock runs, not by the moves made.
    @Test func memoryIsBoundedByLiveDeadlinesNotByMoves() {
        var queue = DeadlineQueue<Int, Int>()
        var generator = SeededRandom(seed: 7)
        for move in 0..<100_000 {
            let game = Int.random(in: 0..<50, using: &generator)
            if move % 7 == 0 {
                queue.cancel(game)
            } else {
                queue.schedule(move, for: game, at: start + Double(move) + Double.random(in: 0..<300, using: &generator))
            }
            #expect(queue.storedCount <= max(65, 2 * queue.count + 1), "after move \(move)")
        }
        #expect(queue.count <= 50)
    }

    @Test func manyDeadlinesComeOutInOrder() {
        var queue = DeadlineQueue<Int, Double>()
        var generator = SeededRandom(seed: 11)
        var expected: [Int: Double] = [:]
        for step in 0..<5_000 {
            let key = Int.random(in: 0..<400, using: &generator)
            let offset = Double.random(in: 0..<1_000, using: &generator)
            if step % 5 == 0 {
                queue.cancel(key)
                expected[key] = nil
            } else {
                queue.schedule(offset, for: key, at: start + offset)
                expected[key] = offset
            }
        }
        let all = queue.removeDue(asOf: start + 2_000)
        #expect(all == expected.values.sorted())
        #expect(queue.isEmpty)
    }
}
