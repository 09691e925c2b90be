import TestSupport
import Foundation
import Transport

/// A private tmux server (its own socket), for driving full-screen `parley play` clients as a
/// person would: keys in with `send-keys`, screens out with `capture-pane`.
package struct Tmux: Sendable {
    package struct Missing: Error, CustomStringConvertible {
        package let description: String
    }

    package let socket = "parley-test-\(UUID().uuidString.prefix(8))"

    package init() {}

    /// Fails with a message naming tmux when it is not installed: the test needs it.
    package static func require() async throws {
        guard (try? await run(["-V"])) != nil else {
            throw Missing(description: "tmux is not installed; the terminal client test needs it (apt-get install tmux, as .ci/run does)")
        }
    }

    @discardableResult
    package static func run(_ arguments: [String], reading: Bool = true) async throws -> String {
        let (status, output) = try await Spawn.run("tmux", arguments, reading: reading)
        guard status == 0 else {
            throw Missing(description: "tmux \(arguments.joined(separator: " ")) exited with \(status)")
        }
        return output
    }

    @discardableResult
    package func run(_ arguments: [String], reading: Bool = true) async throws -> String {
        try await Self.run(["-L", socket] + arguments, reading: reading)
    }

    /// A window of `width` by `height` running `command`.
    package func start(_ name: String, width: Int = 100, height: Int = 40, command: String) async throws {
        try await run(["new-session", "-d", "-s", name, "-x", String(width), "-y", String(height), command], reading: false)
    }

    /// Keys by tmux's names: `Enter`, `Escape`, `Up`, `Right`, …
    package func press(_ name: String, _ keys: String...) async throws {
        for key in keys { try await run(["send-keys", "-t", name, key], reading: false) }
    }

    /// Text typed as it is, such as a cell name or an invite code.
    package func type(_ name: String, _ text: String) async throws {
        try await run(["send-keys", "-t", name, "-l", text], reading: false)
    }

    package func screen(_ name: String) async throws -> String {
        try await run(["capture-pane", "-p", "-t", name])
    }

    /// The screen once it shows `text`; throws with the screen after `seconds` without it.
    @discardableResult
    package func wait(_ name: String, for text: String, seconds: Double = 20) async throws -> String {
        try await waitUntil(name, seconds: seconds, "\"\(text)\"") { $0.contains(text) }
    }

    /// The screen once `isReady` holds for it; throws with the screen after `seconds`.
    @discardableResult
    package func waitUntil(
        _ name: String, seconds: Double = 20, _ what: String = "what it waited for", _ isReady: (String) -> Bool
    ) async throws -> String {
        var last = ""
        do {
            return try await eventually(within: .seconds(seconds), every: .milliseconds(100)) {
                last = (try? await screen(name)) ?? last
                return isReady(last) ? last : nil
            }
        } catch is NeverHappened {
            throw Missing(description: "\(name)'s screen never showed \(what); it shows:\n\(last)")
        }
    }

    package func stop() async { _ = try? await run(["kill-server"], reading: false) }

    /// Ends the tmux server and the clients in its windows before returning, for a `defer`: a
    /// stop left to a task may never run before the test process exits, and its clients would
    /// go on reconnecting to a server that is gone.
    /// `kill-server` alone leaves the server waiting on a client that ignores its hang-up, so
    /// each window's process group is killed first.
    package func stopNow() {
        let process = Process()
        // Bounded: this wait blocks one of the test's few threads.
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["timeout", "10", "sh", "-c", """
            for pane in $(tmux -L \(socket) list-panes -a -F '#{pane_pid}'); do kill -9 -$pane; done
            tmux -L \(socket) kill-server
            """]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        // Without a shell there is no tmux server of ours to end.
        if (try? process.run()) != nil { process.waitUntilExit() }
    }
}
