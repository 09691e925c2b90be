import Foundation

/// Deadlines waiting to pass, earliest first, at most one for each key: scheduling a key again
/// replaces its deadline, and cancelling it forgets it. A server times every running turn with
/// one queue and one timer armed for the earliest deadline, instead of a sleeping task per turn
/// (a cancelled sleep keeps its memory until the time it was sleeping for).
///
/// Replaced and cancelled deadlines leave their entry in the heap until it reaches the top or
/// the heap holds twice as many entries as live deadlines, when it is rebuilt: so memory is
/// bounded by the deadlines that are live, whatever the rate of moves.
public struct DeadlineQueue<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct Queued: Sendable {
        let due: Date
        let key: Key
        let generation: UInt64
    }

    private var live: [Key: (due: Date, value: Value, generation: UInt64)] = [:]
    private var heap: [Queued] = []
    private var generations: UInt64 = 0

    public init() {}

    /// How many deadlines are live.
    public var count: Int { live.count }

    public var isEmpty: Bool { live.isEmpty }

    /// Entries in the heap, live or not; at most about twice `count`.
    public var storedCount: Int { heap.count }

    public func contains(_ key: Key) -> Bool { live[key] != nil }

    /// The keys of the live deadlines, in no order.
    public var keys: Dictionary<Key, (due: Date, value: Value, generation: UInt64)>.Keys { live.keys }

    /// Sets `key`'s deadline to `due`, replacing any it had.
    public mutating func schedule(_ value: Value, for key: Key, at due: Date) {
        generations &+= 1
        live[key] = (due, value, generations)
        push(Queued(due: due, key: key, generation: generations))
        compactIfSparse()
    }

    /// Forgets `key`'s deadline, if it has one.
    public mutating func cancel(_ key: Key) {
        guard live.removeValue(forKey: key) != nil else { return }
        compactIfSparse()
    }

    public mutating func removeAll() {
        live = [:]
        heap = []
    }

    /// The earliest live deadline, if any.
    public mutating func earliest() -> Date? {
        dropStaleTop()
        return heap.first?.due
    }

    /// Removes and returns the values of every deadline at or before `now`, earliest first.
    public mutating func removeDue(asOf now: Date) -> [Value] {
        var due: [Value] = []
        while true {
            dropStaleTop()
            guard let top = heap.first, top.due <= now else { break }
            popTop()
            if let value = live.removeValue(forKey: top.key)?.value { due.append(value) }
        }
        return due
    }

    private func isLive(_ entry: Queued) -> Bool {
        live[entry.key]?.generation == entry.generation
    }

    private mutating func dropStaleTop() {
        while let top = heap.first, !isLive(top) { popTop() }
    }

    private mutating func compactIfSparse() {
        guard heap.count > 64, heap.count > 2 * live.count else { return }
        heap = live.map { Queued(due: $0.value.due, key: $0.key, generation: $0.value.generation) }
        for index in stride(from: heap.count / 2 - 1, through: 0, by: -1) { siftDown(index) }
    }

    private mutating func push(_ entry: Queued) {
        heap.append(entry)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].due < heap[parent].due else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func popTop() {
        heap.swapAt(0, heap.count - 1)
        heap.removeLast()
        if !heap.isEmpty { siftDown(0) }
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < heap.count, heap[left].due < heap[smallest].due { smallest = left }
            if right < heap.count, heap[right].due < heap[smallest].due { smallest = right }
            guard smallest != parent else { return }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
