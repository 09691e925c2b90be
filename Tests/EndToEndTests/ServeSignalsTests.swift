import Client
import Foundation
import Glibc
import Logging
import ServerTestSupport
import TestSupport
import Testing
import Transport
import Wire

/// `parley serve` as an operator runs it under systemd: a CA's certificate renewed by `SIGHUP`
/// (`systemctl reload`), a log of JSON lines, and `SIGTERM` (`systemctl stop`) closing every
/// connection with 1001 and exiting cleanly.
@Suite(.timeLimit(.minutes(3)))
struct ServeSignalsTests {
    @Test func hangupRenewsTheCertificateAndTerminateClosesWith1001() async throws {
        let parley = try Programs.parley()
        let authority = try await TestAuthority()
        let folder = LiveServer.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try TestAuthority.install(try await authority.issue("first", for: "localhost"), in: folder)
        let port = try Programs.freePort()
        let log = folder + "/serve.log"
        let pid = try Spawn.start(parley, [
            "serve", "--host", "127.0.0.1", "--port", "\(port)", "--data", folder + "/data",
            "--set", "tls.certificate=\(folder)/server.pem", "--set", "tls.key=\(folder)/server.key",
            "--set", "log.format=json", "--set", "admin.token=\(LiveServer.adminToken)", "--set", "server.drainSeconds=5",
        ], log: log)
        var running = true
        defer { if running { kill(pid, SIGKILL) } }
        let first = try await Programs.listening(log: log)
        let server = RunningServer(host: "127.0.0.1", port: port, fingerprint: first)

        // A game under way over a connection opened before the renewal.
        let (amber, ben, _, _, shown) = try await Games.seedGame(on: server)
        let renewed = try await authority.issue("renewed", for: "localhost")
        try TestAuthority.install(renewed, in: folder)
        let renewedPrint = try TestAuthority.fingerprint(ofChain: renewed.certificate)
        #expect(kill(pid, SIGHUP) == 0)
        try await eventually(within: .seconds(20), every: .milliseconds(50)) {
            (try? await TestAuthority.presented(on: port)) == renewedPrint ? true : nil
        }
        // The operator's command does the same, trusting the CA for the server's name.
        let (reloaded, output) = try await Spawn.run(parley, [
            "admin", "reload", "--server", "https://localhost:\(port)", "--ca", authority.root, "--token", LiveServer.adminToken,
        ], withErrors: true)
        #expect(reloaded == 0, "\(output)")
        #expect(output.contains("certificate SHA-256 \(renewedPrint) (the same)"), "\(output)")
        #expect(output.contains("applied: nothing changed"), "\(output)")
        let shot = try await Games.send(ben, replyingTo: shown, adding: "Shot=2")
        #expect(shot.isAccepted, "\(shot)")
        _ = amber

        // SIGTERM: a connected client is told to come back, and the server exits 0 in time.
        let (connections, connected) = AsyncStream<Void>.makeStream()
        let watching = Task {
            try await RawSockets.raw(RunningServer(host: "127.0.0.1", port: port, fingerprint: renewedPrint)) { messages, outbound in
                try await RawSockets.authenticate(&messages, outbound)
                connected.yield()
                while try await messages.next() != nil {}
            }
        }
        var waiting = connections.makeAsyncIterator()
        await waiting.next()
        let started = ContinuousClock.now
        // Bounded: a server still running after 20 s fails the test and is killed by the defer.
        let status = try await answer(within: .seconds(20)) { await Spawn.stop(pid, signal: SIGTERM) }
        running = false
        #expect(status == 0, "parley serve's exit status after SIGTERM")
        #expect(ContinuousClock.now - started < .seconds(10), "stopped within server.drainSeconds and the store's closing")
        let close = try await watching.value
        #expect(close?.closeCode == .goingAway)
        #expect(close?.reason == "stopping: connect again")

        // Every line of the log is one JSON object, and none holds the admin token or Amber's
        // hidden ships.
        let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        #expect(lines.count >= 3)
        for line in lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["message"] is String && object?["level"] is String && object?["time"] is String, "\(line)")
            #expect(!line.contains(LiveServer.adminToken))
            #expect(!line.contains("Ship_Location"))
        }
        #expect(lines.contains { $0.contains("Reloaded the settings") && $0.contains(renewedPrint.description) })
        #expect(lines.contains { $0.contains("Stopping: no new connections") && $0.contains("SIGTERM") })
    }
}
