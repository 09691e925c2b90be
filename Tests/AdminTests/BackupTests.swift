import Pipelines
import ServerTestSupport
import TestSupport
import Client
import Foundation
import Server
import Testing
import Transport
import Wire

/// `parley admin backup`: a data folder taken while the server runs, that a server starts on
/// with every acknowledged move and everyone's identifiers.
@Suite(.timeLimit(.minutes(1)))
struct BackupTests {
    @Test func aBackupTakenWhileTheServerRunsStartsAServerWithEveryAcknowledgedMove() async throws {
        let parley = try Programs.parley()
        let data = LiveServer.temporaryDirectory()
        let backup = LiveServer.temporaryDirectory() + "/copy"
        defer {
            try? FileManager.default.removeItem(atPath: data)
            try? FileManager.default.removeItem(atPath: (backup as NSString).deletingLastPathComponent)
        }
        let token = LiveServer.adminToken
        let (amberKey, conversation, you, lastSeq, signingKey) = try await LiveServer.with(
            dataDirectory: data, configure: { $0.adminToken = token }
        ) { server in
            let (amber, ben, conversation, _, message) = try await Games.seedGame(on: server)
            let shot = try await Games.send(ben, replyingTo: message, adding: "Shot=2")
            guard case let .accepted(accepted) = shot else { throw ConnectionError.unexpected("\(shot)") }
            let options = ["--server", "https://127.0.0.1:\(server.port)", "--token", token, "--ca", data + "/tls/certificate.pem"]

            let made = try await Spawn.run(parley, ["admin", "backup", backup] + options)
            #expect(made.status == 0)
            #expect(made.output.contains("to \(backup)") && made.output.contains("parley serve --data \(backup)"))
            let mode = try FileManager.default.attributesOfItem(atPath: backup + "/events.sqlite")[.posixPermissions] as? Int
            #expect(mode == 0o600, "the copy holds every hidden fleet")

            // Never over a folder that holds something, never a relative path.
            let again = try await HTTPS.request(
                "\(server.url)/admin/api/backup", method: .POST,
                headers: [("Authorization", "Bearer \(token)"), ("Content-Type", "application/json")],
                body: #"{"folder":"\#(backup)"}"#)
            #expect(again.status == 409 && again.body.contains("backup-exists"))
            let relative = try await HTTPS.request(
                "\(server.url)/admin/api/backup", method: .POST,
                headers: [("Authorization", "Bearer \(token)"), ("Content-Type", "application/json")],
                body: #"{"folder":"copy"}"#)
            #expect(relative.status == 400 && relative.body.contains("backup-path"))

            guard case let .conversations(list) = try await amber.request(.list(.init(id: "l"))) else {
                throw ConnectionError.unexpected("no list")
            }
            let summary = try #require(list.conversations.first)
            return (amber.key, conversation, summary.you, accepted.seq, try await PublishedKey.read(by: server))
        }

        // A server on the copy: the same conversation, the same identifiers, the shot included.
        try await LiveServer.with(dataDirectory: backup) { server in
            let amber = try await Player.connect(to: server, key: amberKey)
            guard case let .conversations(list) = try await amber.request(.list(.init(id: "l"))) else {
                throw ConnectionError.unexpected("no list")
            }
            let summary = try #require(list.conversations.first)
            #expect(summary.conversation == conversation && summary.you == you && summary.lastSeq == lastSeq)
            #expect(try await PublishedKey.read(by: server) == signingKey, "the same signing key")
        }
    }
}
