import Foundation
import Synchronization

/// A clock that moves only when told (`advance(by:)`), for tests of timers: what sleeps on it
/// wakes when the clock passes its deadline, in the order of the deadlines, and not before.
public final class ManualClock: ServerClock {
    private struct Sleeper {
        let id: UInt64
        let deadline: WallInstant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now: WallInstant
        var sleepers: [Sleeper] = []
        var nextID: UInt64 = 0
        /// Who waits for a number of sleepers (`sleeping(atLeast:)`).
        var watchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state: Mutex<State>

    /// A clock that reads `now` (the time it was made, by default: a certificate made on it is
    /// valid) until it is moved.
    public init(now: WallInstant = SystemClock().now) {
        state = Mutex(State(now: now))
    }

    public var now: WallInstant { state.withLock { $0.now } }

    public var minimumResolution: Duration { .zero }

    /// How many tasks sleep on the clock now.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    public func sleep(until deadline: WallInstant, tolerance: Duration? = nil) async throws {
        let id = state.withLock { state -> UInt64 in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let (resume, watchers): (Bool, [CheckedContinuation<Void, Never>]) = state.withLock { state in
                    if deadline <= state.now || Task.isCancelled { return (true, []) }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    let count = state.sleepers.count
                    let ready = state.watchers.filter { $0.count <= count }.map(\.continuation)
                    state.watchers.removeAll { $0.count <= count }
                    return (false, ready)
                }
                for watcher in watchers { watcher.resume() }
                if resume {
                    if Task.isCancelled { continuation.resume(throwing: CancellationError()) } else { continuation.resume() }
                }
            }
        } onCancel: {
            let cancelled = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.sleepers.remove(at: index)
            }
            cancelled?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves the clock on by `duration`, waking, in the order of their deadlines, every sleeper
    /// whose deadline it reaches.
    public func advance(by duration: Duration) {
        advance(to: now.advanced(by: duration))
    }

    /// Moves the clock on to `instant` (never back), waking the sleepers it reaches.
    public func advance(to instant: WallInstant) {
        let due = state.withLock { state -> [Sleeper] in
            state.now = max(state.now, instant)
            let now = state.now
            let due = state.sleepers.filter { $0.deadline <= now }.sorted { ($0.deadline, $0.id) < ($1.deadline, $1.id) }
            state.sleepers.removeAll { $0.deadline <= now }
            return due
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    /// Returns once at least `count` tasks sleep on the clock: a timer armed, a loop waiting.
    public func sleeping(atLeast count: Int = 1) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state -> Bool in
                if state.sleepers.count >= count { return true }
                state.watchers.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }
}
