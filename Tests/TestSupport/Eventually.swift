/// What `eventually` waited for and never saw.
public struct NeverHappened: Error, CustomStringConvertible {
    public let description: String
}

/// The first value `attempt` gives, trying it again every `pause` until `limit` has passed; then
/// fails with `failure`'s words (what was seen last, say). For what a test cannot await:
/// another process, a file, a terminal, a browser, a figure read from outside the server. What
/// the test's own process can await (a frame, a channel's close, a clock moved by the test) is
/// awaited instead.
@discardableResult
public func eventually<T>(
    within limit: Duration, every pause: Duration = .milliseconds(50),
    isolation: isolated (any Actor)? = #isolation,
    _ failure: () async -> String = { "a condition" },
    _ attempt: () async throws -> T?
) async throws -> T {
    let deadline = ContinuousClock.now + limit
    while true {
        if let value = try await attempt() { return value }
        guard ContinuousClock.now < deadline else {
            throw NeverHappened(description: "never within \(limit): \(await failure())")
        }
        try await Task.sleep(for: pause)
    }
}

/// Returns once `condition` holds, trying it every `pause`; fails after `limit` (see the other
/// `eventually`).
public func eventually(
    within limit: Duration, every pause: Duration = .milliseconds(50),
    isolation: isolated (any Actor)? = #isolation,
    _ failure: () async -> String = { "a condition" },
    _ condition: () async throws -> Bool
) async throws {
    try await eventually(within: limit, every: pause, isolation: isolation, failure) { try await condition() ? () : nil }
}
