import Foundation

/// A real PostgreSQL server for one test: a new cluster in a temporary folder (`initdb`), started
/// with no TCP port, reached through its Unix socket in that folder, then stopped and removed,
/// whether the test passed or not. PostgreSQL refuses to run as root, so as root it runs as the
/// `postgres` user (`runuser`).
public enum PostgresServer {
    /// Runs `body` with the URL of a new, empty database on a server of its own.
    public static func with<T>(_ body: (String) async throws -> T) async throws -> T {
        guard let binaries = Self.binaries() else {
            throw PostgresServerError(message: """
                This test needs PostgreSQL (initdb, pg_ctl): scripts/test installs it with apt \
                (apt-get install postgresql).
                """)
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parley-pg-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let asRoot = getuid() == 0
        if asRoot { try await run(["/bin/chown", "postgres", folder.path]) }
        let data = folder.appendingPathComponent("data").path
        try await run(command(binaries.initdb, ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"], asRoot: asRoot))
        try await run(command(binaries.pgCtl, [
            "-D", data, "-l", folder.appendingPathComponent("log").path, "-w",
            "-o", "-c listen_addresses='' -k \(folder.path) -F", "start",
        ], asRoot: asRoot))
        let stop = command(binaries.pgCtl, ["-D", data, "-m", "immediate", "-w", "stop"], asRoot: asRoot)
        do {
            let result = try await body("postgres://postgres@localhost/postgres?host=\(folder.path)&sslmode=disable")
            try? await run(stop)
            return result
        } catch {
            try? await run(stop)
            throw error
        }
    }

    /// `initdb` and `pg_ctl`: on the PATH, or where Debian's package puts them.
    static func binaries() -> (initdb: String, pgCtl: String)? {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        let debian = ((try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? [])
            .sorted().reversed().map { "/usr/lib/postgresql/\($0)/bin" }
        for folder in path + debian {
            let initdb = folder + "/initdb", pgCtl = folder + "/pg_ctl"
            if FileManager.default.isExecutableFile(atPath: initdb), FileManager.default.isExecutableFile(atPath: pgCtl) {
                return (initdb, pgCtl)
            }
        }
        return nil
    }

    private static func command(_ program: String, _ arguments: [String], asRoot: Bool) -> [String] {
        asRoot ? ["/usr/sbin/runuser", "-u", "postgres", "--", program] + arguments : [program] + arguments
    }

    /// Runs a program to its end, waiting on a thread of its own (Foundation's `Process` waits
    /// for its child there, not on the test's few threads); throws with its output when it fails.
    private static func run(_ arguments: [String]) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            Thread.detachNewThread { continuation.resume(with: Result { try runBlocking(arguments) }) }
        }
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which Swift's Glibc
    /// module leaves out.
    private static let closeFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? =
        dlsym(nil, "posix_spawn_file_actions_addclosefrom_np").map { unsafeBitCast($0, to: (@convention(c) (
            UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self) }

    /// `posix_spawn` and `waitpid`, its output in a file: `pg_ctl start` leaves a server
    /// running, which Foundation's `Process` does not always see the end of.
    private static func runBlocking(_ arguments: [String]) throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("parley-pg-run-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        // Nothing else of the test process goes with it: the server that pg_ctl leaves running
        // would otherwise keep the listening sockets of the test servers running beside it.
        guard let closeFrom = Self.closeFrom else {
            throw PostgresServerError(message: "this C library has no posix_spawn_file_actions_addclosefrom_np")
        }
        closeFrom(&actions, 3)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, arguments[0], &actions, nil, argv, environ)
        guard spawned == 0 else {
            throw PostgresServerError(message: "cannot start \(arguments[0]): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        // Exited normally with 0: the low 7 bits (the signal) and the exit code are all zero.
        guard status == 0 else {
            let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
            throw PostgresServerError(message: "\(arguments.joined(separator: " ")) failed (status \(status)): \(text)")
        }
    }
}

public struct PostgresServerError: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
