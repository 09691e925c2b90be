import Client
import Engine
import Foundation
import Logging
import Pipelines
import Reads
@testable import Server
import ServerTestSupport
import Storage
import StorageSQLite
import Testing
import Transcript
import Transport
import Wire

/// A data folder written before Parley had its own stored format and an index (Fixtures/format1,
/// made by `make-format1.sh` with the version of commit 4d857f4) opens with everything it held:
/// its index is built once from the whole log, and every later start reads only the index.
@Suite(.timeLimit(.minutes(1)))
struct MigrationTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/format1")

    /// A copy of the fixture's data folder, with the modes a server's own folder has.
    static func copyOfFixture() throws -> String {
        let folder = LiveServer.temporaryDirectory()
        let source = fixture.appendingPathComponent("data")
        for name in try FileManager.default.contentsOfDirectory(atPath: source.path) {
            try FileManager.default.copyItem(atPath: source.appendingPathComponent(name).path, toPath: folder + "/" + name)
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: folder + "/secret")
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: folder + "/tls")
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: folder + "/tls/key.pem")
        return folder
    }

    @Test func aFormatOneDataFolderOpensWithEverythingItHeld() async throws {
        let folder = try Self.copyOfFixture()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // What the old version knew at every start: the whole log replayed.
        let log = try SQLiteEventLog(folder: URL(fileURLWithPath: folder))
        let configuration = EngineConfiguration(publicURL: "https://x", turnTimeouts: ["battleship": 300])
        let old = try await ConversationRouter.engineHolding(
            log, configuration: configuration, secret: try ServerSecret.loadOrCreate(in: folder), logger: Logger(label: "t"))
        #expect(try await log.indexValue(IndexKind.format, key: "index") == nil, "the fixture has no index yet")
        var read: [String: [Record]] = [:]
        for record in try await log.records(after: 0, limit: 1000) where !record.stream.isEmpty {
            read[record.stream, default: []].append(try WireJSON.decode(Record.self, from: record.payload))
        }
        let stored = read
        await log.close()
        #expect(stored.count == 3)

        for life in 1...2 {
            try await LiveServer.with(dataDirectory: folder) { server in
                let metrics = try await HTTPS.request("\(server.url)/metrics").body
                let statistics = old.statistics()
                #expect(Self.metric("parley_conversations", in: metrics) == statistics.conversations)
                #expect(Self.metric("parley_games{state=\"in_progress\"}", in: metrics) == statistics.gamesInProgress)
                #expect(Self.metric("parley_games{state=\"finished\"}", in: metrics) == statistics.gamesFinished)
                #expect(statistics.gamesInProgress == 1, "the fixture's third game still runs")

                for client in ["amber", "ben"] {
                    let key = try InstallKey.loadOrCreate(at: Self.fixture.appendingPathComponent("clients/\(client)/install-key.pem").path)
                    let player = try await Player.connect(to: server, key: key)
                    let account = AccountID(rawValue: player.connection.account)
                    var engine = old
                    engine.configuration.publicURL = "https://localhost:\(server.port)"
                    var random = SystemRandomNumberGenerator()
                    let listed = try await player.request(.list(.init(id: "l")))
                    #expect([listed] == engine.handle(.list(.init(id: "l")), from: account, now: Date(), random: &random).replies,
                            "life \(life): \(client)'s list")
                    let conversations = try #require(listed.conversationList)
                    #expect(conversations.count == 3)
                    #expect(conversations.allSatisfy { Set($0.members.compactMap(\.name)) == ["Amber", "Ben"] })

                    // Each conversation's whole history, as the old version would have sent it.
                    for summary in conversations {
                        let request = ClientFrame.resume(.init(id: "r", conversation: summary.conversation, after: 0))
                        let decision = engine.handle(request, from: account, now: Date(), random: &random)
                        let wanted = try decision.backlog.map { backlog in
                            try engine.backlog(backlog, replaying: stored[summary.conversation.rawValue] ?? [])
                        } ?? decision.replies
                        #expect(wanted.count == summary.lastSeq + 1)
                        let synced = try await player.request(request)
                        #expect(synced == wanted.last)
                        var received: [ServerFrame] = []
                        for _ in 0..<(wanted.count - 1) {
                            received.append(try await player.next { $0.event?.conversation == summary.conversation })
                        }
                        // A running turn's deadline moves on by the time the server was down since
                        // (the fixture's, and this test's restarts): the same messages carry one,
                        // never an earlier one.
                        let (live, then) = (Self.deadlines(in: received), Self.deadlines(in: wanted))
                        #expect(live.keys == then.keys && live.allSatisfy { $0.value >= then[$0.key]! }, "\(live) \(then)")
                        let difference = zip(received.map(Self.withoutDeadline), wanted.map(Self.withoutDeadline)).enumerated()
                            .first { $0.element.0 != $0.element.1 }
                        #expect(difference == nil, "life \(life): \(client)'s \(summary.conversation): \(String(describing: difference))")
                    }
                    player.connection.close()
                }
            }
            let wal = (try? FileManager.default.attributesOfItem(atPath: folder + "/events.sqlite-wal")[.size] as? Int) ?? 0
            #expect(wal == 0, "a clean stop folds the write-ahead log into the store")
            let reopened = try SQLiteEventLog(folder: URL(fileURLWithPath: folder))
            #expect(try await reopened.indexValue(IndexKind.format, key: "index") == IndexKind.version)
            #expect(try await reopened.indexEntries(IndexKind.member, prefix: "").count == 6)
            #expect(try await reopened.indexEntries(IndexKind.clock, prefix: "").count == 1)
            let games = old.statistics().gamesInProgress + old.statistics().gamesFinished
            #expect(try await reopened.indexEntries(IndexKind.start, prefix: "").count == games, "each game's first message")
            #expect(try await reopened.indexEntries(IndexKind.game, prefix: "").count == games, "each game in the index of games")
            let indexed = stored.values.joined().filter { if case let .accepted(move) = $0 { IndexKind.indexesMessage(move.moveCount) } else { false } }
            #expect(indexed.count >= games)
            #expect(try await reopened.indexEntries(IndexKind.message, prefix: "").count == indexed.count, "each game's first message and every 16th")
            // Each finished game's replay, read from the index and its records alone, is the
            // replay of the whole log.
            let finished = try await reopened.indexEntries(IndexKind.finished, prefix: "")
            #expect(finished.count == old.statistics().gamesFinished)
            let reads = StoredReads(log: reopened, context: old.context)
            let everything = stored.values.flatMap { $0 }
            for entry in finished {
                let session = try #require(SessionID(uuidString: entry.key))
                let replay = try #require(try await reads.replay(ofSession: entry.key))
                #expect(replay == (try Replay.of(session, from: everything, context: old.context)))
                #expect(try await reads.isFinished(session: entry.key) == true)
            }
            // The fixture's downtime, the one until the first start, and perhaps one until the
            // second (only a second or more counts).
            #expect(try await reopened.indexEntries(IndexKind.downtime, prefix: "").count >= 2)
            await reopened.close()
        }
    }

    /// A store written by the version before the index's layout 4 (no `message` nor `finished`
    /// entries, nor layout 5's `game`) gains them at the next start: a signed URL's page checks
    /// its chain against the message before it, and links the finished game's replay, which
    /// opens; the admin lists the game.
    @Test func aStoreOfLayoutThreeGainsItsMessagesAndItsFinishedGames() async throws {
        let folder = LiveServer.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let page = try await LiveServer.with(dataDirectory: folder) { server in
            let amber = try await Player.connect(to: server, name: "Amber")
            let ben = try await Player.connect(to: server, name: "Ben")
            let conversation = try await Games.gather(amber, [ben])
            let placed = try await amber.request(.send(.init(
                id: "m1", conversation: conversation, game: "battleship", url: "?Ship_Location=2&Ship_Location=6&Is_Complete=0")))
            guard case .accepted = placed else { throw ConnectionError.unexpected("\(placed)") }
            for cell in [2, 6] {
                let shot = try await Games.send(ben, replyingTo: try await ben.nextMessage(), adding: "Shot=\(cell)")
                guard case .accepted = shot else { throw ConnectionError.unexpected("\(shot)") }
            }
            let shown = try #require(try await ben.nextMessage().message?.url)
            let url = try #require(URLComponents(string: shown))
            return url.percentEncodedPath + "?" + (url.percentEncodedQuery ?? "")
        }
        // What the version before wrote: the same records and index, without the new kinds.
        let log = try SQLiteEventLog(folder: URL(fileURLWithPath: folder))
        let messages = try await log.indexEntries(IndexKind.message, prefix: "")
        let finished = try await log.indexEntries(IndexKind.finished, prefix: "")
        let games = try await log.indexEntries(IndexKind.game, prefix: "")
        #expect(messages.count == 1 && finished.count == 1 && games.count == 1, "the game's first message, and the game")
        _ = try await log.append([], indexing: messages.map { .remove(IndexKind.message, $0.key) }
            + finished.map { .remove(IndexKind.finished, $0.key) } + games.map { .remove(IndexKind.game, $0.key) }
            + [.set(IndexKind.format, "index", "3")])
        await log.close()

        try await LiveServer.with(dataDirectory: folder, configure: { $0.adminToken = LiveServer.adminToken }) { server in
            let listed = try await HTTPS.request(server.url + "/admin/api/games", headers: [("Authorization", "Bearer \(LiveServer.adminToken)")])
            #expect(listed.body.contains(finished[0].key), "\(listed.body)")
            let html = try await HTTPS.request(server.url + page).body
            #expect(html.contains("chain intact: it follows message 2 of its session as this server holds it"), "\(html)")
            let replay = try #require(html.firstMatch(of: /href="(\/replay\/[^"?]+)/)?.1, "the replay is linked")
            let replayed = try await HTTPS.request(server.url + replay).body
            #expect(replayed.contains("Player 2 won"), "\(replayed)")
        }
        let reopened = try SQLiteEventLog(folder: URL(fileURLWithPath: folder))
        #expect(try await reopened.indexValue(IndexKind.format, key: "index") == IndexKind.version)
        #expect(try await reopened.indexEntries(IndexKind.message, prefix: "").map(\.key) == messages.map(\.key))
        #expect(try await reopened.indexEntries(IndexKind.finished, prefix: "").map(\.key) == finished.map(\.key))
        #expect(try await reopened.indexEntries(IndexKind.game, prefix: "") == games)
        await reopened.close()
    }

    static func deadlines(in frames: [ServerFrame]) -> [Int: Int64] {
        var deadlines: [Int: Int64] = [:]
        for case let .event(event) in frames { deadlines[event.seq] = event.status?.deadline }
        return deadlines
    }

    static func withoutDeadline(_ frame: ServerFrame) -> ServerFrame {
        guard case var .event(event) = frame else { return frame }
        event.status?.deadline = nil
        return .event(event)
    }

    /// A metric's value, by its name with labels as exposed.
    static func metric(_ name: String, in text: String) -> Int {
        let line = text.split(separator: "\n").first { $0.hasPrefix(name + " ") }
        return line.flatMap { Double($0.split(separator: " ").last ?? "") }.map { Int($0) } ?? -1
    }
}
