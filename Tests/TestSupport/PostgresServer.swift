import Foundation

/// A real PostgreSQL server for one test: a new cluster in a temporary folder (`initdb`), started
/// with no TCP port, reached through its Unix socket in that folder, then stopped and removed,
/// whether the test passed or not. PostgreSQL refuses to run as root, so as root it runs as the
/// `postgres` user (`runuser`).
public enum PostgresServer {
    /// Runs `body` with the URL of a new, empty database on a server of its own.
    public static func with<T>(_ body: (String) async throws -> T) async throws -> T {
        try await with { url, _ in try await body(url) }
    }

    /// Stops the test's server (as a crash would: `-m immediate`) and starts it again.
    public struct Control: Sendable {
        let start: [String], stop: [String]

        public func stopServer() async throws { try await PostgresServer.run(stop) }
        public func startServer() async throws { try await PostgresServer.run(start) }
    }

    /// As ``with(_:)``, with a `Control` to stop the server and start it again during `body`.
    public static func with<T>(_ body: (String, Control) async throws -> T) async throws -> T {
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
        let start = command(binaries.pgCtl, [
            "-D", data, "-l", folder.appendingPathComponent("log").path, "-w",
            "-o", "-c listen_addresses='' -k \(folder.path) -F", "start",
        ], asRoot: asRoot)
        try await run(start)
        let stop = command(binaries.pgCtl, ["-D", data, "-m", "immediate", "-w", "stop"], asRoot: asRoot)
        do {
            let result = try await body(
                "postgres://postgres@localhost/postgres?host=\(folder.path)&sslmode=disable", Control(start: start, stop: stop))
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

    /// Runs a program to its end (`Spawn`: nothing of the test process goes with it, so the
    /// server that `pg_ctl` leaves running keeps none of the test servers' sockets); throws
    /// with its output when it fails.
    static func run(_ arguments: [String]) async throws {
        let (status, output) = try await Spawn.run(arguments[0], Array(arguments.dropFirst()), withErrors: true)
        guard status == 0 else {
            throw PostgresServerError(message: "\(arguments.joined(separator: " ")) failed (status \(status)): \(output)")
        }
    }
}

public struct PostgresServerError: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
