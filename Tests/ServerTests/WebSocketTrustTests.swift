import Client
import HummingbirdWSClient
import Server
import Testing
import Wire

/// A real TLS WebSocket between the Client module and a server from `buildApplication`.
@Suite(.timeLimit(.minutes(1)))
struct WebSocketTrustTests {
    /// Sends one text message and returns the first message that comes back.
    func exchange(_ text: String, with endpoint: ServerEndpoint) async throws -> WebSocketMessage? {
        let reply = Recorded<WebSocketMessage?>(nil)
        try await endpoint.connect(logger: quietLogger) { inbound, outbound, _ in
            try await outbound.write(.text(text))
            var messages = inbound.messages(maxSize: 1 << 16).makeAsyncIterator()
            let message = try await messages.next()
            reply.update { $0 = message }
        }
        return reply.value
    }

    @Test func echoWithThePinnedFingerprint() async throws {
        let folder = try TemporaryFolder()
        try await withServer(testConfiguration(folder)) { server in
            let endpoint = ServerEndpoint(host: "127.0.0.1", port: server.port, trust: .pinned(server.fingerprint))
            let reply = try await exchange("hello", with: endpoint)
            #expect(reply == .text("hello"))
        }
    }

    @Test func aPinTypedInUpperCaseWithColonsIsTheSamePin() async throws {
        let folder = try TemporaryFolder()
        try await withServer(testConfiguration(folder)) { server in
            let digits = Array(server.fingerprint.description.uppercased())
            let typed = stride(from: 0, to: 64, by: 2).map { String(digits[$0..<$0 + 2]) }.joined(separator: ":")
            let pin = try #require(CertificateFingerprint(typed))
            let endpoint = ServerEndpoint(host: "localhost", port: server.port, trust: .pinned(pin))
            let reply = try await exchange("colons", with: endpoint)
            #expect(reply == .text("colons"))
        }
    }

    @Test func aWrongPinFailsBeforeTheServerSeesAnyRequest() async throws {
        let folder = try TemporaryFolder()
        let connections = Recorded(0)
        let counting: WebSocketConnectionHandler = { inbound, outbound, context in
            connections.update { $0 += 1 }
            try await echo(inbound, outbound, context)
        }
        try await withServer(testConfiguration(folder), handler: counting) { server in
            let wrong = CertificateFingerprint(sha256Digest: server.fingerprint.bytes.map { $0 ^ 0xff })
            let endpoint = ServerEndpoint(host: "127.0.0.1", port: server.port, trust: .pinned(wrong))

            let error = await #expect(throws: ServerTrustError.self) { try await exchange("hello", with: endpoint) }
            #expect(error?.isPinMismatch == true)
            #expect(error?.description.contains(server.fingerprint.description) == true)
            #expect(error?.description.contains(wrong.description) == true)
            #expect(connections.value == 0)
        }
    }

    @Test func echoTrustingTheCertificateFileAsAuthority() async throws {
        let folder = try TemporaryFolder()
        try await withServer(testConfiguration(folder)) { server in
            let trust = ServerTrust.certificateAuthority(path: folder.file("tls/certificate.pem"))
            let endpoint = ServerEndpoint(host: "127.0.0.1", port: server.port, trust: trust)
            let reply = try await exchange("trusted", with: endpoint)
            #expect(reply == .text("trusted"))
        }
    }

    @Test func anotherServersCertificateFileIsNotTrusted() async throws {
        let folder = try TemporaryFolder()
        let elsewhere = try TemporaryFolder()
        let other = try ServerIdentity.load(for: testConfiguration(elsewhere))
        try await withServer(testConfiguration(folder)) { server in
            let endpoint = ServerEndpoint(host: "127.0.0.1", port: server.port, trust: .certificateAuthority(path: other.certificatePath))
            await #expect(throws: ServerTrustError.self) { try await exchange("hello", with: endpoint) }
        }
    }

    @Test func aMissingAuthorityFileIsNamed() async throws {
        let endpoint = ServerEndpoint(host: "127.0.0.1", port: 1, trust: .certificateAuthority(path: "/nonexistent/ca.pem"))
        let error = await #expect(throws: ServerTrustError.self) { try await exchange("hello", with: endpoint) }
        #expect(error?.description.contains("/nonexistent/ca.pem") == true)
    }
}
