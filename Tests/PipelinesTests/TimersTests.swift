import Foundation
import Pipelines
@testable import Server
import ServerTestSupport
import Testing
import Timekeeping
import Transport

/// A pipeline's chores on its clock: one timer for the earliest, which wakes the pipeline when
/// the clock passes it and not a moment before; the pipeline takes what is due and arms the next.
@Suite struct TimersTests {
    @Test func theOneTimerWakesForTheEarliestChoreAndNotBefore() async throws {
        let clock = ManualClock()
        let start = clock.now
        var timers = Timers<String, String>()
        let (wakes, woken) = AsyncStream<Void>.makeStream()
        var heard = wakes.makeAsyncIterator()
        timers.schedule("turn of A", for: "A", at: (start + .seconds(300)).date)
        timers.schedule("sweep", for: "sweep", at: (start + .seconds(1)).date)
        timers.arm(on: clock) { woken.yield() }
        await clock.sleeping(atLeast: 1)

        clock.advance(by: .milliseconds(999))
        #expect(timers.removeDue(asOf: clock.now.date).isEmpty, "nothing is due before its time")
        #expect(clock.sleeperCount == 1, "the timer sleeps on")
        clock.advance(by: .milliseconds(1))
        await heard.next()
        #expect(timers.removeDue(asOf: clock.now.date) == ["sweep"])

        // Armed again, for the turn; a later chore leaves it alone, an earlier one replaces it.
        timers.arm(on: clock) { woken.yield() }
        await clock.sleeping(atLeast: 1)
        timers.schedule("sweep", for: "sweep", at: (start + .seconds(400)).date)
        timers.arm(on: clock) { woken.yield() }
        #expect(clock.sleeperCount == 1)
        timers.schedule("turn of B", for: "B", at: (start + .seconds(10)).date)
        timers.arm(on: clock) { woken.yield() }
        clock.advance(to: start + .seconds(10))
        await heard.next()
        #expect(timers.removeDue(asOf: clock.now.date) == ["turn of B"])

        // A chore scheduled again under its key replaces it; one cancelled never comes.
        timers.schedule("turn of A, later", for: "A", at: (start + .seconds(500)).date)
        timers.cancel("sweep")
        #expect(timers.count == 1 && timers.count { $0 == "A" } == 1)
        timers.arm(on: clock) { woken.yield() }
        clock.advance(to: start + .seconds(499))
        #expect(timers.removeDue(asOf: clock.now.date).isEmpty)
        clock.advance(to: start + .seconds(500))
        await heard.next()
        #expect(timers.removeDue(asOf: clock.now.date) == ["turn of A, later"])
        #expect(timers.count == 0)

        timers.stop()
        #expect(timers.count == 0)
    }
}
