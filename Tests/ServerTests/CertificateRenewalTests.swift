import Client
import Foundation
import Logging
import Server
import ServerTestSupport
import Testing
import Transport
import Wire

/// A certificate from a CA (root, intermediate, leaf), renewed while games go on: a reload
/// presents the new one to new connections, those open keep playing, and clients that trust the
/// CA check the host name.
@Suite struct CertificateRenewalTests {
    @Test func aRenewedCertificateReachesNewConnectionsWhileOpenOnesPlayOn() async throws {
        let authority = try await TestAuthority()
        let folder = LiveServer.temporaryDirectory()
        let first = try await authority.issue("first", for: "localhost")
        try TestAuthority.install(first, in: folder)
        let firstPrint = try TestAuthority.fingerprint(ofChain: first.certificate)
        try await LiveServer.with(configure: {
            $0.tls = .init(certificate: folder + "/server.pem", key: folder + "/server.key")
            $0.adminToken = LiveServer.adminToken
        }) { server in
            #expect(server.fingerprint == firstPrint)
            // Players who trust the CA, not a pin: the server's name is checked.
            let trusting = ServerEndpoint(host: "127.0.0.1", port: server.port, trust: .certificateAuthority(path: authority.root))
            let amber = try await Player.connect(to: trusting, name: "Amber")
            let ben = try await Player.connect(to: trusting, name: "Ben")
            let conversation = try await Games.gather(amber, [ben])
            let placed = try await amber.request(.send(.init(
                id: "m1", conversation: conversation, game: "battleship", url: "?Ship_Location=2&Ship_Location=6")))
            #expect(placed.isAccepted, "\(placed)")
            let shown = try await ben.nextMessage()

            let renewed = try await authority.issue("renewed", for: "localhost")
            try TestAuthority.install(renewed, in: folder)
            let answer = try await TestAuthority.reload(server)
            #expect(answer.status == 200, "\(answer.body)")
            let report = try JSONDecoder().decode(ReloadReport.self, from: Data(answer.body.utf8))
            let renewedPrint = try TestAuthority.fingerprint(ofChain: renewed.certificate)
            #expect(report.certificate == renewedPrint.description)
            #expect(report.certificateChanged)
            #expect(report.applied.contains("tls.certificate"))
            #expect(report.atNextStart.isEmpty)

            #expect(try await TestAuthority.presented(on: server.port) == renewedPrint)
            // A new player trusting the CA connects as before.
            _ = try await Player.connect(to: trusting, name: "Chris")
            // The game goes on over the connections opened before the renewal.
            let shot = try await Games.send(ben, replyingTo: shown, adding: "Shot=2")
            #expect(shot.isAccepted, "\(shot)")
            // Amber hears of the shot on the connection she opened before the renewal.
            let heard = try await amber.next { $0.event?.seq == shown.seq + 1 }
            #expect(heard.event?.kind == .message)
        }
    }

    @Test func aClientTrustingTheCAChecksTheServersName() async throws {
        let authority = try await TestAuthority()
        let folder = LiveServer.temporaryDirectory()
        try TestAuthority.install(try await authority.issue("leaf", for: "localhost"), in: folder)
        try await LiveServer.with(configure: {
            $0.tls = .init(certificate: folder + "/server.pem", key: folder + "/server.key")
        }) { server in
            let named = ServerEndpoint(
                host: "127.0.0.1", port: server.port, trust: .certificateAuthority(path: authority.root), serverName: "localhost")
            _ = try await Player.connect(to: named)
            let otherName = ServerEndpoint(
                host: "127.0.0.1", port: server.port, trust: .certificateAuthority(path: authority.root), serverName: "games.example.org")
            await #expect(throws: (any Error).self) { _ = try await Player.connect(to: otherName) }
            // Another CA's root does not vouch for it either.
            let stranger = try await TestAuthority()
            let unknown = ServerEndpoint(host: "127.0.0.1", port: server.port, trust: .certificateAuthority(path: stranger.root))
            await #expect(throws: (any Error).self) { _ = try await Player.connect(to: unknown) }
            // Nor does the system's trust store, which holds public CAs only.
            let system = ServerEndpoint(host: "127.0.0.1", port: server.port, trust: .systemTrustStore, serverName: "localhost")
            await #expect(throws: (any Error).self) { _ = try await Player.connect(to: system) }
        }
    }

    @Test func aRenewalThatCannotBeReadChangesNothing() async throws {
        let authority = try await TestAuthority()
        let folder = LiveServer.temporaryDirectory()
        try TestAuthority.install(try await authority.issue("leaf", for: "localhost"), in: folder)
        try await LiveServer.with(configure: {
            $0.tls = .init(certificate: folder + "/server.pem", key: folder + "/server.key")
            $0.adminToken = LiveServer.adminToken
        }) { server in
            // Half written: a certificate whose key is another's.
            let other = try await authority.issue("other", for: "localhost")
            try FileManager.default.removeItem(atPath: folder + "/server.pem")
            try FileManager.default.copyItem(atPath: other.certificate, toPath: folder + "/server.pem")
            let answer = try await TestAuthority.reload(server)
            #expect(answer.status == 422, "\(answer.body)")
            #expect(answer.body.contains("reload-failed"))
            #expect(try await TestAuthority.presented(on: server.port) == server.fingerprint)
            // Not a certificate at all.
            try "not a certificate".write(toFile: folder + "/server.pem", atomically: true, encoding: .utf8)
            #expect(try await TestAuthority.reload(server).status == 422)
            #expect(try await TestAuthority.presented(on: server.port) == server.fingerprint)
        }
    }

    @Test func aReloadAppliesTheAdminTokenAndNamesWhatWaitsForARestart() async throws {
        let newToken = "a-new-admin-token-after-the-reload"
        try await LiveServer.with(
            configure: { $0.adminToken = LiveServer.adminToken },
            reading: {
                var read = ServerConfiguration(host: "127.0.0.1", port: 0)
                read.adminToken = newToken
                read.limits.frameBytes = 2048
                read.logLevel = .debug
                return read
            }
        ) { server in
            let answer = try await TestAuthority.reload(server)
            #expect(answer.status == 200, "\(answer.body)")
            let report = try JSONDecoder().decode(ReloadReport.self, from: Data(answer.body.utf8))
            #expect(!report.certificateChanged)
            #expect(report.applied == ["admin.token", "log.level"])
            #expect(report.atNextStart.contains("limits.frameBytes"), "each setting by its key")
            #expect(report.atNextStart.contains("data.directory"))
            #expect(!report.atNextStart.contains("limits.burst"), "unchanged")
            #expect(!report.atNextStart.contains("admin.token"))
            let stats = "https://127.0.0.1:\(server.port)/admin/api/stats"
            #expect(try await HTTPS.request(stats, headers: [("Authorization", "Bearer \(LiveServer.adminToken)")]).status == 401)
            #expect(try await HTTPS.request(stats, headers: [("Authorization", "Bearer \(newToken)")]).status == 200)
            #expect(LogLevel.shared.current == .debug)
        }
    }
}
