import Fairness
import Foundation
import Server
import ServerTestSupport
import Testing
import Transport

/// A client in Python, written from docs/PROTOCOL.md and docs/FAIRNESS.md alone, plays against
/// the real server and checks what it signs: the documents are enough to talk to Parley, and to
/// check it, from another language.
@Suite struct PythonClientTests {
    @Test(.timeLimit(.minutes(1)))
    func aPythonClientAuthenticatesOpensAConversationAndSendsAMove() async throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Python/parley_client.py").path
        // scripts/test makes a virtual environment with the packages and names it here.
        let python = ProcessInfo.processInfo.environment["PARLEY_PYTHON"] ?? "python3"
        let probe = try await Self.run([python, "-c", "import websockets, cryptography"])
        try #require(probe.status == 0, """
            This test needs python3 with the websockets and cryptography packages \
            (scripts/test installs them in .build/python): \(probe.output)
            """)
        try await LiveServer.with { server in
            let result = try await Self.run([python, script, String(server.port), server.fingerprint.description])
            try #require(result.status == 0, "the Python client failed: \(result.output)")
            let seen = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
            #expect(seen?["accepted"] as? String == "accepted")
            #expect(seen?["kinds"] as? [String] == ["joined", "message", "message"])
            // Both messages' signatures and the second's link to the first, checked in Python.
            #expect(seen?["verified"] as? Int == 2)
            #expect((seen?["url"] as? String).map(ProofItems.removed) == "https://localhost:\(server.port)/g/icecream?Base=base03")
            #expect(seen?["caption"] as? String == "Let's build an ice cream")
            #expect(seen?["prompt"] as? String == "Add some scoops")
        }
    }

    /// Seekers in Python: a seek leaves the queue when its connection's close arrives, not
    /// seconds later (Chris, who closed, is never paired), and every pairing names its players,
    /// who gave their names at `authenticate` and sought right after `welcome`.
    @Test(.timeLimit(.minutes(1)))
    func aClosedSeekerIsNeverPairedAndEveryPairingNamesItsPlayers() async throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Python/seek_client.py").path
        let python = ProcessInfo.processInfo.environment["PARLEY_PYTHON"] ?? "python3"
        let probe = try await Self.run([python, "-c", "import websockets, cryptography"])
        try #require(probe.status == 0, "This test needs python3 with websockets and cryptography (scripts/test installs them): \(probe.output)")
        try await LiveServer.with(configure: { $0.pipelines = 2 }) { server in
            let result = try await Self.run([python, script, String(server.port), server.fingerprint.description, "12"])
            try #require(result.status == 0, "the Python seekers failed: \(result.output)")
            let seen = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
            #expect(seen["first"] as? [String] == ["Dora0", "Eve0"], "Chris closed before Dora sought")
            #expect((seen["nameless"] as? [String]) == [], "\(seen["nameless"] ?? "")")
        }
    }

    /// Runs a program for at most a minute, waiting on a thread of its own: the server under
    /// test runs on the same few threads as the test, and the read cannot be cancelled.
    static func run(_ arguments: [String]) async throws -> (status: Int32, output: String) {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try runBlocking(arguments) }) }
        }
    }

    private static func runBlocking(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["timeout", "60"] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
