import Foundation
import Server
import Synchronization
import Transport
import Wire

/// `parley serve` in a child process, for figures that must not mix the server with its
/// clients: its memory and CPU time are its own (read from /proc by pid), and it has its own
/// table of file descriptors, so 10,000 client connections and their 10,000 server ends fit
/// under a limit of 20,000 per process.
public final class SpawnedServer: Sendable {
    public let server: RunningServer
    public let pid: Int32
    public let dataDirectory: String
    private let process: Mutex<Process>

    private init(server: RunningServer, process: Process, dataDirectory: String) {
        self.server = server
        pid = process.processIdentifier
        self.process = Mutex(process)
        self.dataDirectory = dataDirectory
    }

    /// Starts `executable serve` (or `command`) on a free port of 127.0.0.1 with
    /// `dataDirectory` (a new data folder when nil) and `settings` (`key=value`), and waits for
    /// the line in which it says where it listens.
    public static func start(
        executable: String, command: String = "serve", settings: [String], dataDirectory: String? = nil
    ) async throws -> SpawnedServer {
        let folder = dataDirectory ?? BackgroundServer.temporaryFolder("parley-bench-server")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = [command, "--host", "127.0.0.1", "--port", "0", "--data", folder]
            + settings.flatMap { ["--set", $0] }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        let (lines, reader) = AsyncStream<String>.makeStream()
        let pending = PartialLine()
        // Read to the end, so that a chatty server never blocks on a full pipe.
        output.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            if data.isEmpty {
                handle.readabilityHandler = nil
                reader.finish()
                return
            }
            let complete = pending.text.withLock { pending in
                pending += String(decoding: data, as: UTF8.self)
                var lines = pending.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                pending = lines.removeLast()
                return lines
            }
            for line in complete { reader.yield(line) }
        }
        do {
            try process.run()
        } catch {
            try? FileManager.default.removeItem(atPath: folder)
            throw error
        }
        var seen: [String] = []
        for await line in lines {
            if let server = Self.listening(in: line) {
                return SpawnedServer(server: server, process: process, dataDirectory: folder)
            }
            seen.append(line)
        }
        if process.isRunning { process.terminate() }
        try? FileManager.default.removeItem(atPath: folder)
        throw BenchError("parley \(command) stopped before it listened:\n" + seen.suffix(10).joined(separator: "\n"))
    }

    /// Reads `… Parley listening on https://HOST:PORT (certificate SHA-256 HEX)`.
    static func listening(in line: String) -> RunningServer? {
        guard let url = line.range(of: "listening on https://"), let sha = line.range(of: "SHA-256 ") else { return nil }
        let address = line[url.upperBound...].prefix { $0 != " " }
        guard let colon = address.lastIndex(of: ":"), let port = Int(address[address.index(after: colon)...]),
            let fingerprint = CertificateFingerprint(String(line[sha.upperBound...].prefix { $0.isHexDigit }))
        else { return nil }
        return RunningServer(host: String(address[..<colon]), port: port, fingerprint: fingerprint)
    }

    /// Stops the server with SIGTERM (a graceful shutdown), waits for it, and removes its data
    /// unless asked to keep it.
    public func stop(keepingData: Bool = false) {
        process.withLock { process in
            process.terminate()
            process.waitUntilExit()
        }
        if !keepingData { try? FileManager.default.removeItem(atPath: dataDirectory) }
    }

    /// Kills the server with SIGKILL, as a crash would, waits for it, and keeps its data.
    public func kill() {
        process.withLock { process in
            _ = Foundation.kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }
}

/// The start of a line the pipe has delivered only part of.
private final class PartialLine: Sendable {
    let text = Mutex("")
}
