import Engine
import Foundation
import Timekeeping
import Transport

/// What a pipeline is to do at a time its clock tells: every chore under its key in one queue
/// (a chore scheduled again under the same key replaces it), and one task asleep on the clock
/// until the earliest, which only wakes the pipeline; the pipeline takes what is due between its
/// batches (`removeDue(asOf:)`). A sleeping task per chore would keep its memory until its time
/// even when cancelled: with a turn clock in every game that was most of an idle server's memory.
package struct Timers<Key: Hashable & Sendable, Chore: Sendable> {
    private var queue = DeadlineQueue<Key, Chore>()
    /// The task asleep until `armedFor`, the earliest chore when it was armed.
    private var sleeper: Task<Void, Never>?
    private var armedFor: Date?

    package init() {}

    /// How many chores wait.
    package var count: Int { queue.count }

    package func contains(_ key: Key) -> Bool { queue.contains(key) }

    /// How many chores wait whose keys `counted` accepts.
    package func count(where counted: (Key) -> Bool) -> Int { queue.keys.count(where: counted) }

    /// Sets `key`'s chore to `chore` at `due`, replacing any it had. `arm` sets the timer.
    package mutating func schedule(_ chore: Chore, for key: Key, at due: Date) {
        queue.schedule(chore, for: key, at: due)
    }

    package mutating func cancel(_ key: Key) {
        queue.cancel(key)
    }

    /// Removes and returns every chore due at `now`, earliest first. A timer armed for a time
    /// that has passed has fired: the next `arm` sets another.
    package mutating func removeDue(asOf now: Date) -> [Chore] {
        if let armed = armedFor, armed <= now {
            armedFor = nil
            sleeper = nil
        }
        return queue.removeDue(asOf: now)
    }

    /// Sets the one timer for the earliest chore, unless it is set as early already (a later
    /// chore leaves it alone; an earlier one replaces it): `wake` is called once the clock
    /// passes it.
    package mutating func arm(on clock: any ServerClock, _ wake: @escaping @Sendable () -> Void) {
        guard let next = queue.earliest() else { return }
        if let armed = armedFor, armed <= next { return }
        sleeper?.cancel()
        sleeper = Task {
            // Not before `next` by the clock's own reading, whatever a sleep's tolerance: the
            // pipeline takes a timer whose time has passed as fired, and arms the next.
            while !Task.isCancelled, clock.now.date < next {
                do { try await clock.sleep(until: WallInstant(next), tolerance: .milliseconds(5)) } catch { return }
            }
            // Replaced by an earlier chore's timer as it woke.
            guard !Task.isCancelled else { return }
            wake()
        }
        armedFor = next
    }

    /// Forgets every chore and stops the timer.
    package mutating func stop() {
        queue.removeAll()
        sleeper?.cancel()
        sleeper = nil
        armedFor = nil
    }
}
