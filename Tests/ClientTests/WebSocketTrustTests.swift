import Client
import HummingbirdWSClient
import NIOCore
import NIOPosix
import Server
import ServerTestSupport
import Testing
import Transport
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

    /// The bare channel a load tool opens trusts as a client does: a wrong pin fails with the
    /// same error, before the server sees a request.
    @Test func aBareChannelWithAWrongPinFailsAsAClientDoes() async throws {
        let folder = try TemporaryFolder()
        let connections = Recorded(0)
        let counting: WebSocketConnectionHandler = { inbound, outbound, context in
            connections.update { $0 += 1 }
            try await echo(inbound, outbound, context)
        }
        try await withServer(testConfiguration(folder), handler: counting) { server in
            let wrong = CertificateFingerprint(sha256Digest: server.fingerprint.bytes.map { $0 ^ 0xff })
            let endpoint = ServerEndpoint(host: "127.0.0.1", port: server.port, trust: .pinned(wrong))
            let error = await #expect(throws: ServerTrustError.self) {
                _ = try await endpoint.openChannel { NoHandler() }
            }
            #expect(error?.isPinMismatch == true)
            #expect(connections.value == 0)
        }
    }

    /// The pin is checked inside the connection's own TLS handshake, so a connection costs the
    /// server one handshake, not a probe's and then the WebSocket's.
    @Test func aPinnedConnectionMakesOneTLSHandshake() async throws {
        let folder = try TemporaryFolder()
        try await withServer(testConfiguration(folder)) { server in
            try await TCPForwarder.with(forwardingTo: server.port) { forwarder in
                let endpoint = ServerEndpoint(host: "127.0.0.1", port: forwarder.port, trust: .pinned(server.fingerprint))
                let reply = try await exchange("once", with: endpoint)
                #expect(reply == .text("once"))
                #expect(forwarder.connections == 1)
            }
        }
    }

    /// Someone else at the address with another certificate: the client aborts the handshake
    /// when it sees the certificate, so the impostor never gets the HTTP request.
    @Test func anImpostorGetsNoRequest() async throws {
        try await ImpostorServer.with { impostor in
            let pinned = CertificateFingerprint(sha256Digest: impostor.fingerprint.bytes.map { $0 ^ 0xff })
            let endpoint = ServerEndpoint(host: "127.0.0.1", port: impostor.port, trust: .pinned(pinned))

            let error = await #expect(throws: ServerTrustError.self) { try await exchange("secret", with: endpoint) }
            #expect(error?.isPinMismatch == true)
            #expect(error?.presented == impostor.fingerprint)
            let client = try await firstElement(
                of: impostor.closedConnections, within: .seconds(10), what: "the impostor's connection to close")
            #expect(client == ImpostorServer.Client(completedHandshake: false, applicationBytes: 0))
            #expect(impostor.connections == 1)
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

    /// A port that accepts connections and never answers: the client gives up on the TLS
    /// handshake after 10 s rather than hang, whichever way it trusts.
    @Test func aPinnedClientGivesUpOnASilentServer() async throws {
        let silent = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton).bind(host: "127.0.0.1", port: 0).get()
        let port = try #require(silent.localAddress?.port)
        let pin = CertificateFingerprint(sha256Digest: [UInt8](repeating: 7, count: 32))
        let endpoint = ServerEndpoint(host: "127.0.0.1", port: port, trust: .pinned(pin))
        let error = await #expect(throws: ServerTrustError.self) { try await exchange("hello", with: endpoint) }
        #expect(error?.description == "127.0.0.1:\(port) did not present a TLS certificate: the TLS handshake ended before a certificate")
        try await silent.close()
    }

    @Test func aClientTrustingAnAuthorityGivesUpOnASilentServer() async throws {
        let folder = try TemporaryFolder()
        let authority = try ServerIdentity.load(for: testConfiguration(folder)).certificatePath
        let silent = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton).bind(host: "127.0.0.1", port: 0).get()
        let port = try #require(silent.localAddress?.port)
        let endpoint = ServerEndpoint(host: "127.0.0.1", port: port, trust: .certificateAuthority(path: authority))
        let error = await #expect(throws: ServerTrustError.self) { try await exchange("hello", with: endpoint) }
        #expect(error?.description == "the TLS handshake with 127.0.0.1:\(port) failed: no answer within 10 s")
        try await silent.close()
    }

    @Test func aMissingAuthorityFileIsNamed() async throws {
        let endpoint = ServerEndpoint(host: "127.0.0.1", port: 1, trust: .certificateAuthority(path: "/nonexistent/ca.pem"))
        let error = await #expect(throws: ServerTrustError.self) { try await exchange("hello", with: endpoint) }
        #expect(error?.description.contains("/nonexistent/ca.pem") == true)
    }
}

/// A channel handler that does nothing, for a channel that is never meant to open.
private final class NoHandler: ChannelInboundHandler, Sendable {
    typealias InboundIn = NIOAny
}
