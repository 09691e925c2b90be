import Client
import Foundation
import Logging
import Server
import ServerTestSupport
import Testing
import Transport
import Wire

/// The client library reconnects by itself and catches up, exactly once and in order.
@Suite struct ParleyClientTests {
    /// The next event, skipping other updates; `nil` if the client stops.
    static func nextEvent(_ updates: inout AsyncStream<ParleyClient.Update>.AsyncIterator) async -> Event? {
        while let update = await updates.next() {
            if case let .event(event) = update { return event }
        }
        return nil
    }

    /// A request has a bound: with no server to send it to, it fails with `noAnswer` once its
    /// time is up, rather than wait for ever.
    @Test(.timeLimit(.minutes(1)))
    func aRequestWithNoServerFailsWhenItsTimeIsUp() async throws {
        // Port 9 (discard), which nothing here listens on.
        let endpoint = ServerEndpoint(host: "127.0.0.1", port: 9, trust: .pinned(CertificateFingerprint(sha256Digest: [UInt8](repeating: 0, count: 32))))
        let client = ParleyClient(
            endpoint: endpoint, key: InstallKey(), name: "Ben", logger: Logger(label: "ben"), requestTimeout: .milliseconds(300))
        await client.start()
        await #expect(throws: ConnectionError.noAnswer(.milliseconds(300))) {
            _ = try await client.request(.list(.init(id: "l")))
        }
        #expect(ConnectionError.noAnswer(.seconds(30)).description == "no answer from the server within 30 seconds")
        await client.stop()
    }

    @Test(.timeLimit(.minutes(1)))
    func aClientResumesAfterTheServerRestartsAndMissesNothing() async throws {
        let folder = LiveServer.temporaryDirectory()
        var handle = try await ServerHandle.start(dataDirectory: folder)
        let port = handle.server.port
        let endpoint = ServerEndpoint(host: "127.0.0.1", port: port, trust: .pinned(handle.server.fingerprint))
        let client = ParleyClient(endpoint: endpoint, key: InstallKey(), name: "Ben", logger: Logger(label: "ben"))
        await client.start()
        var updates = client.updates.makeAsyncIterator()

        let amberKey = InstallKey()
        let amber = try await Player.connect(to: handle.server, key: amberKey)
        let made = try await amber.request(.create(.init(id: "c")))
        guard case let .conversation(created) = made else { throw ConnectionError.unexpected("\(made)") }
        let joined = try await client.request(.join(.init(id: "j", invite: created.conversation.invite)))
        guard case .conversation = joined else { throw ConnectionError.unexpected("\(joined)") }
        let conversation = created.conversation.conversation
        _ = try await amber.request(.send(.init(id: "m1", conversation: conversation, game: "icecream", variant: "solo", url: "?Base=base01")))

        var seen: [Int] = []
        while seen.last != 3, let event = await Self.nextEvent(&updates) { seen.append(event.seq) }
        #expect(seen == [1, 2, 3])

        // The server goes away; while it is down Ben's client waits; it comes back on the same port.
        await handle.stop()
        handle = try await ServerHandle.start(dataDirectory: folder, port: port)
        let amberAgain = try await Player.connect(to: handle.server, key: amberKey)
        let start = try await amberAgain.request(.resume(.init(id: "r", conversation: conversation, after: 0)))
        guard case .synced = start else { throw ConnectionError.unexpected("\(start)") }
        let last = try await amberAgain.nextMessage()
        let more = try await Games.send(amberAgain, replyingTo: last, adding: "Scoops=scoops03")
        guard case .accepted = more else { throw ConnectionError.unexpected("\(more)") }

        while seen.last != 4, let event = await Self.nextEvent(&updates) { seen.append(event.seq) }
        #expect(seen == [1, 2, 3, 4], "each event once, in order, across the restart")
        await client.stop()
        await handle.stop()
    }

    /// A server that comes back presenting another certificate is not trusted: the client says
    /// why, once, stops trying, and a request waiting for a connection fails with the same
    /// reason rather than waiting for ever.
    @Test(.timeLimit(.minutes(1)))
    func aClientStopsWhenTheServerComesBackWithAnotherCertificate() async throws {
        var handle = try await ServerHandle.start(dataDirectory: LiveServer.temporaryDirectory())
        let port = handle.server.port
        let pinned = handle.server.fingerprint
        let endpoint = ServerEndpoint(host: "127.0.0.1", port: port, trust: .pinned(pinned))
        let client = ParleyClient(endpoint: endpoint, key: InstallKey(), name: "Ben", logger: Logger(label: "ben"))
        await client.start()
        var updates = client.updates.makeAsyncIterator()
        let first = await updates.next()
        guard case .online = first else { throw ConnectionError.unexpected("\(String(describing: first))") }

        // Another server (another data folder, so another certificate) on the same port.
        await handle.stop()
        handle = try await ServerHandle.start(dataDirectory: LiveServer.temporaryDirectory(), port: port)
        #expect(handle.server.fingerprint != pinned)
        var untrusted: ServerTrustError?
        while let update = await updates.next() {
            if case let .untrusted(error) = update { untrusted = error }
        }
        let error = try #require(untrusted, "the client said why it stopped")
        #expect(error.isPinMismatch)
        #expect(error.presented == handle.server.fingerprint)
        #expect(await !client.isOnline)
        await #expect(throws: ServerTrustError.self, "a request fails with the reason, at once") {
            _ = try await client.request(.list(.init(id: "l")))
        }
        await client.stop()
        await handle.stop()
    }
}
