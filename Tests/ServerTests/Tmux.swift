import Foundation
import Glibc

/// A private tmux server (its own socket), for driving full-screen `parley play` clients as a
/// person would: keys in with `send-keys`, screens out with `capture-pane`.
struct Tmux: Sendable {
    struct Missing: Error, CustomStringConvertible {
        let description: String
    }

    let socket = "parley-test-\(UUID().uuidString.prefix(8))"

    /// Fails with a message naming tmux when it is not installed: the test needs it.
    static func require() throws {
        guard (try? run(["-V"])) != nil else {
            throw Missing(description: "tmux is not installed; the terminal client test needs it (apt-get install tmux, as .ci/run does)")
        }
    }

    /// Runs tmux and returns what it printed. Spawned and awaited with posix_spawn and
    /// waitpid rather than Foundation's Process: the first command starts tmux's server,
    /// which would inherit the descriptor Process watches for the child's exit.
    @discardableResult
    static func run(_ arguments: [String], reading: Bool = true) throws -> String {
        var pipe: [Int32] = [0, 0]
        guard Glibc.pipe(&pipe) == 0 else { throw Missing(description: "no pipe for tmux") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if reading {
            posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // Nothing else of the test process goes along: tmux's server would keep it open for
        // its whole life, the listening socket of the server under test among it.
        closeInheritedDescriptors(&actions)
        let argv = (["tmux"] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawnp(&pid, "tmux", &actions, nil, argv, environ)
        close(pipe[1])
        defer { close(pipe[0]) }
        guard spawned == 0 else { throw Missing(description: "tmux could not be started: \(String(cString: strerror(spawned)))") }
        var output: [UInt8] = []
        if reading {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(pipe[0], &buffer, buffer.count)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                output += buffer[0..<count]
            }
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let exitCode = (status >> 8) & 0xFF
        guard status & 0x7F == 0, exitCode == 0 else {
            throw Missing(description: "tmux \(arguments.joined(separator: " ")) exited with \(exitCode)")
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np`, which the Swift overlay does not
    /// declare; failing that, every descriptor of this process is marked close-on-exec.
    private static func closeInheritedDescriptors(_ actions: inout posix_spawn_file_actions_t) {
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        if let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") {
            _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
            return
        }
        for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? [] {
            guard let descriptor = Int32(name), descriptor > 2 else { continue }
            _ = fcntl(descriptor, F_SETFD, fcntl(descriptor, F_GETFD) | FD_CLOEXEC)
        }
    }

    @discardableResult
    func run(_ arguments: [String], reading: Bool = true) throws -> String {
        try Self.run(["-L", socket] + arguments, reading: reading)
    }

    /// A window of `width` by `height` running `command`.
    func start(_ name: String, width: Int = 100, height: Int = 40, command: String) throws {
        try run(["new-session", "-d", "-s", name, "-x", String(width), "-y", String(height), command], reading: false)
    }

    /// Keys by tmux's names: `Enter`, `Escape`, `Up`, `Right`, …
    func press(_ name: String, _ keys: String...) throws {
        for key in keys { try run(["send-keys", "-t", name, key], reading: false) }
    }

    /// Text typed as it is, such as a cell name or an invite code.
    func type(_ name: String, _ text: String) throws {
        try run(["send-keys", "-t", name, "-l", text], reading: false)
    }

    func screen(_ name: String) throws -> String {
        try run(["capture-pane", "-p", "-t", name])
    }

    /// The screen once it shows `text`; throws with the screen after `seconds` without it.
    @discardableResult
    func wait(_ name: String, for text: String, seconds: Double = 20) async throws -> String {
        try await waitUntil(name, seconds: seconds, "\"\(text)\"") { $0.contains(text) }
    }

    /// The screen once `isReady` holds for it; throws with the screen after `seconds`.
    @discardableResult
    func waitUntil(
        _ name: String, seconds: Double = 20, _ what: String = "what it waited for", _ isReady: (String) -> Bool
    ) async throws -> String {
        let deadline = ContinuousClock.now + .seconds(seconds)
        var last = ""
        while ContinuousClock.now < deadline {
            last = (try? screen(name)) ?? last
            if isReady(last) { return last }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw Missing(description: "\(name)'s screen never showed \(what); it shows:\n\(last)")
    }

    func stop() { _ = try? run(["kill-server"], reading: false) }
}
