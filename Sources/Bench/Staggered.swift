/// Opens many connections a window at a time. All at once, thousands of TLS handshakes would
/// overflow the server's accept backlog and time out; a window of a few dozen keeps both
/// cores busy without that.
enum Staggered {
    /// Runs `make(0..<count)` with at most `window` in flight; returns what succeeded, in no
    /// particular order, and the errors of the rest.
    static func open<T: Sendable>(
        _ count: Int, window: Int, _ make: @escaping @Sendable (Int) async throws -> T
    ) async -> (opened: [T], failures: [any Error]) {
        await withTaskGroup(of: Result<T, any Error>.self) { group in
            var opened: [T] = []
            var failures: [any Error] = []
            var next = 0
            func collect(_ result: Result<T, any Error>) {
                switch result {
                case let .success(value): opened.append(value)
                case let .failure(error): failures.append(error)
                }
            }
            while next < min(window, count) {
                let index = next
                group.addTask { await attempt(index, make) }
                next += 1
            }
            while let result = await group.next() {
                collect(result)
                if next < count {
                    let index = next
                    group.addTask { await attempt(index, make) }
                    next += 1
                }
            }
            return (opened, failures)
        }
    }

    private static func attempt<T: Sendable>(
        _ index: Int, _ make: @Sendable (Int) async throws -> T
    ) async -> Result<T, any Error> {
        do { return .success(try await make(index)) } catch { return .failure(error) }
    }
}
