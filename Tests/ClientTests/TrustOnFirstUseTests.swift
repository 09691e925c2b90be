import Client
import Foundation
import Play
import Server
import ServerTestSupport
import Testing
import Synchronization
import Transport
import Wire

@Suite struct TrustOnFirstUseTests {
    final class Questions: Sendable {
        let asked = Mutex<[String]>([])
    }

    @Test func aNewServerIsShownAskedAboutAndRemembered() async throws {
        try await LiveServer.with { server in
            let known = KnownServers(path: LiveServer.temporaryDirectory() + "/known_servers")
            let questions = Questions()
            let asking = TrustOnFirstUse(known: known) { question in
                questions.asked.withLock { $0.append(question) }
                return true
            }
            let first = try await asking.trust(host: "localhost", port: server.port, pinned: nil)
            #expect(first == .pinned(server.fingerprint))
            #expect(questions.asked.withLock { $0.count } == 1)
            #expect(questions.asked.withLock { $0.first?.contains(server.fingerprint.description) } == true)
            #expect(try known.fingerprint(for: "localhost:\(server.port)") == server.fingerprint)

            // Met before: no question.
            _ = try await asking.trust(host: "localhost", port: server.port, pinned: nil)
            #expect(questions.asked.withLock { $0.count } == 1)

            // A "no" connects to nothing and remembers nothing.
            let otherKnown = KnownServers(path: LiveServer.temporaryDirectory() + "/known_servers")
            await #expect(throws: LineError.self) {
                try await TrustOnFirstUse(known: otherKnown) { _ in false }.trust(host: "localhost", port: server.port, pinned: nil)
            }
            #expect(try otherKnown.fingerprint(for: "localhost:\(server.port)") == nil)
        }
    }

    @Test func aChangedCertificateIsRefusedLoudly() async throws {
        try await LiveServer.with { server in
            let known = KnownServers(path: LiveServer.temporaryDirectory() + "/known_servers")
            try known.remember(CertificateFingerprint(sha256Digest: [UInt8](repeating: 9, count: 32)), for: "localhost:\(server.port)")
            do {
                _ = try await TrustOnFirstUse(known: known) { _ in true }.trust(host: "localhost", port: server.port, pinned: nil)
                Issue.record("connected to a server whose certificate changed")
            } catch let error as LineError {
                #expect(error.description.contains("HAS CHANGED") && error.description.contains(server.fingerprint.description))
            }
        }
    }
}
