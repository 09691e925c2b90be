import Client
import Engine
import Foundation
import Pipelines
import Server
import ServerTestSupport
import Storage
import StorageSQLite
import Testing
import TestSupport
import Transport
import Wire

/// Spectators over real sockets: a spectator receives every move, live and on resume, never a
/// ship nobody hit, and its moves are refused with a typed error that changes nothing.
@Suite(.timeLimit(.minutes(1)))
struct SpectatorServerTests {
    @Test func aSpectatorWatchesAGameAndCannotMove() async throws {
        try await LiveServer.with(configure: { $0.pipelines = 2 }) { server in
            let amber = try await Player.connect(to: server, name: "Amber")
            let ben = try await Player.connect(to: server, name: "Ben")
            let chris = try await Player.connect(to: server, name: "Chris")
            let created = try #require(try await amber.request(.create(.init(id: "c"))).conversationSummary)
            let conversation = created.conversation
            let watchInvite = try #require(created.watchInvite)
            #expect(try await ben.request(.join(.init(id: "j", invite: created.invite))).conversationSummary?.role == .player)
            let watching = try #require(try await chris.request(.join(.init(id: "w", invite: watchInvite))).conversationSummary)
            #expect(watching.role == .spectator && watching.invite == watchInvite && watching.watchInvite == nil)
            let told = try await amber.next { $0.event?.kind == .joined && $0.event?.participant?.name == "Chris" }
            #expect(told.event?.participant?.role == .spectator)

            // The spectator cannot start a game.
            let refused = try await chris.request(.send(.init(
                id: "s1", conversation: conversation, game: "battleship", url: "?Ship_Location=2&Ship_Location=6&Is_Complete=0")))
            #expect(refused.rejection?.code == "spectator")
            #expect(try await amber.request(.send(.init(
                id: "s2", conversation: conversation, game: "battleship", url: "?Ship_Location=2&Ship_Location=6&Is_Complete=0")))
                .isAccepted)
            var live: [Event] = [try await chris.nextMessage()]
            // Ben fires at 0 (miss), 2 (hit), 5 (miss), 6 (hit): Chris sees each as it is answered.
            for cell in [0, 2, 5, 6] {
                let shown = try await ben.nextMessage()
                let url = shown.message!.url
                let answer = try await ben.request(.send(.init(
                    id: "b\(cell)", conversation: conversation, game: "battleship", session: shown.message?.session?.uuidString,
                    basedOn: shown.seq, url: url + "&Shot=\(cell)")))
                #expect(answer.isAccepted, "\(answer)")
                if cell == 5 {
                    // Nor may the spectator fire: refused, and the session has not moved.
                    let watched = try #require(live.last)
                    let shot = try await chris.request(.send(.init(
                        id: "s3", conversation: conversation, game: "battleship", session: watched.message?.session?.uuidString,
                        basedOn: watched.seq, url: watched.message!.url + "&Shot=6")))
                    #expect(shot.rejection?.code == "spectator")
                }
                live.append(try await chris.nextMessage())
            }
            #expect(live.count == 5 && live.last?.status?.outcome.finished == true)
            for event in live.dropLast() { #expect(UnhitShips.shown(in: event.message!.url) == [], "live \(event.seq)") }

            // On resume, from the store, the same copies.
            let again = try await Player.connect(to: server, key: chris.key)
            _ = try await again.request(.resume(.init(id: "r", conversation: conversation, after: 0)))
            var resumed: [Event] = []
            for _ in 0..<5 { resumed.append(try await again.nextMessage()) }
            #expect(resumed.map(\.message) == live.map(\.message))
            #expect(resumed.last?.seq == live.last?.seq, "the refused moves stored nothing")
            let hits = resumed.dropLast().map { UnhitShips.shown(in: $0.message!.url) }
            #expect(hits.allSatisfy { $0.isEmpty })
            #expect(resumed[0].message!.url.contains("Ship_Location") == false)
            // Nobody's connection suffered from the refusals.
            for player in [amber, ben, chris] {
                #expect(try await player.request(.list(.init(id: "l"))).conversationList?.count == 1)
            }
        }
    }

    /// A data folder whose index predates invites to watch gets them at its next start.
    @Test func anIndexOfLayoutOneLearnsTheInvitesToWatch() async throws {
        let folder = LiveServer.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let created = try await LiveServer.with(dataDirectory: folder) { server in
            let amber = try await Player.connect(to: server)
            return try #require(try await amber.request(.create(.init(id: "c"))).conversationSummary)
        }
        let watchInvite = try #require(created.watchInvite)
        let log = try SQLiteEventLog(folder: URL(fileURLWithPath: folder))
        #expect(try await log.indexValue(IndexKind.invite, key: watchInvite) == created.conversation.rawValue)
        _ = try await log.append([], indexing: [.remove(IndexKind.invite, watchInvite), .set(IndexKind.format, "index", "1")])
        await log.close()

        try await LiveServer.with(dataDirectory: folder, configure: { $0.pipelines = 2 }) { server in
            let chris = try await Player.connect(to: server)
            let joined = try await chris.request(.join(.init(id: "w", invite: watchInvite)))
            #expect(joined.conversationSummary?.role == .spectator, "\(joined)")
        }
        let reopened = try SQLiteEventLog(folder: URL(fileURLWithPath: folder))
        #expect(try await reopened.indexValue(IndexKind.format, key: "index") == IndexKind.version)
        #expect(try await reopened.indexEntries(IndexKind.invite, prefix: "").count == 2)
        await reopened.close()
    }
}
