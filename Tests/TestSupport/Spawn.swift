import Foundation
import Glibc

/// Runs a program of the machine (tmux, chromium) from a test, with posix_spawn and waitpid
/// rather than Foundation's Process: tmux's first command starts its server, which would
/// inherit the descriptor Process watches for the child's exit, and any descriptor of the
/// test process (the listening socket of the server under test among them) and keep it open
/// for as long as it lives. Here the child gets standard input and error from /dev/null,
/// standard output from a pipe when it is read, and nothing else.
public enum Spawn {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String

        public init(description: String) {
            self.description = description
        }
    }

    /// The exit status and what the program printed on standard output (and standard error,
    /// with `withErrors`). The wait happens on a thread of its own: a test's server runs on the
    /// same few threads as the test, and a test blocking one of them while its program talks to
    /// that server could starve it.
    public static func run(_ program: String, _ arguments: [String], reading: Bool = true, withErrors: Bool = false)
        async throws -> (status: Int32, output: String)
    {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result { try runBlocking(program, arguments, reading: reading, withErrors: withErrors) })
            }
        }
    }

    private static func runBlocking(_ program: String, _ arguments: [String], reading: Bool, withErrors: Bool) throws
        -> (status: Int32, output: String)
    {
        var pipe: [Int32] = [0, 0]
        guard Glibc.pipe(&pipe) == 0 else { throw Failure(description: "no pipe for \(program)") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if reading {
            posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        if reading && withErrors {
            posix_spawn_file_actions_adddup2(&actions, pipe[1], 2)
        } else {
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        closeInheritedDescriptors(&actions)
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawnp(&pid, program, &actions, nil, argv, environ)
        close(pipe[1])
        defer { close(pipe[0]) }
        guard spawned == 0 else {
            throw Failure(description: "\(program) could not be started: \(String(cString: strerror(spawned)))")
        }
        var output: [UInt8] = []
        if reading {
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = read(pipe[0], &buffer, buffer.count)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                output += buffer[0..<count]
            }
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let exitCode = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return (exitCode, String(decoding: output, as: UTF8.self))
    }

    /// Starts `program` and returns at once with its pid: standard output and error go to the
    /// file `log`, and no other descriptor of this process is inherited.
    public static func start(_ program: String, _ arguments: [String], log: String) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        closeInheritedDescriptors(&actions)
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawnp(&pid, program, &actions, nil, argv, environ)
        guard spawned == 0 else {
            throw Failure(description: "\(program) could not be started: \(String(cString: strerror(spawned)))")
        }
        return pid
    }

    /// Kills `pid` outright (SIGKILL) and waits for it, on a thread of its own.
    public static func kill(_ pid: pid_t) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            Thread.detachNewThread {
                _ = Glibc.kill(pid, SIGKILL)
                var status: Int32 = 0
                while waitpid(pid, &status, 0) < 0, errno == EINTR {}
                continuation.resume()
            }
        }
    }

    /// Sends `signal` to `pid` and waits for it to exit, on a thread of its own: its exit
    /// status, or 128 + the signal's number when a signal ended it. A caller bounds the wait
    /// (`answer(within:)`) and kills what is left.
    public static func stop(_ pid: pid_t, signal: Int32 = SIGTERM) async -> Int32 {
        await withCheckedContinuation { (continuation: CheckedContinuation<Int32, Never>) in
            Thread.detachNewThread {
                _ = Glibc.kill(pid, signal)
                var status: Int32 = 0
                while waitpid(pid, &status, 0) < 0, errno == EINTR {}
                // WIFEXITED / WEXITSTATUS / WTERMSIG, which Glibc's overlay leaves out.
                let signalled = status & 0x7f
                continuation.resume(returning: signalled == 0 ? (status >> 8) & 0xff : 128 + signalled)
            }
        }
    }

    /// Whether `program` is on the PATH.
    public static func exists(_ program: String) -> Bool {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(program)") }
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
}
