import Bench
import Client
import Pipelines
import Play
import Engine
import Foundation
import GameCatalog
import Server
import ServerTestSupport
import StorageSQLite
import Storage
import Testing
import Transcript
import Transport
import Wire

/// Bots play whole games against each other through a real server over TLS, many at once,
/// on the bench's own client. Afterwards the server's stored log, replayed through a fresh
/// `Engine` as a restart would, must render for each bot exactly the events it received, and
/// hold exactly the moves it saw accepted.
@Suite struct BotGamesTests {
    static let tables = 36

    /// Once with the default residency, once with at most 4 of the 36 conversations in memory,
    /// so that most requests load their conversation from the store and most batches evict.
    @Test(.timeLimit(.minutes(1)), arguments: [ConversationRouter.Residency(), ConversationRouter.Residency(liveConversations: 4, idle: .zero)])
    func manyGamesAtOnceAllEndAndMatchTheStoredLog(residency: ConversationRouter.Residency) async throws {
        let folder = LiveServer.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Bots answer at once; the default 20 messages a second would only slow the test down.
        // A classic game of two random shooters runs past 2,048 characters of URL; 8,192 is the
        // default now, and is named here so the test does not lean on it.
        let limits = ServerLimits(urlLength: 8192, messagesPerSecond: 10_000, burst: 10_000)
        let meter = LoadMeter(limit: .moves(.max))
        let (tables, publicURL) = try await LiveServer.with(
            dataDirectory: folder, limits: limits, configure: { $0.residency = residency }
        ) { server in
            let endpoint = ServerEndpoint(host: server.host, port: server.port, trust: .pinned(server.fingerprint))
            let seated = try await withThrowingTaskGroup(of: BotTable.self) { group in
                for index in 0..<Self.tables {
                    group.addTask {
                        try await BotTable.open(at: endpoint, game: BenchVariant.all()[index % BenchVariant.all().count], logger: quietLogger)
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            meter.start()
            let played = try await withThrowingTaskGroup(of: (BotTable, [SeatRecord]).self) { group in
                for (index, table) in seated.enumerated() {
                    group.addTask {
                        // Two random shooters take some 190 moves over a classic game, one
                        // round trip each: hunters keep the longest game, and the test, short.
                        let strategy = table.game.name == "classic" || index % 2 == 0 ? "hunter" : "random"
                        let records = try await table.play(
                            strategy: strategy, meter: meter, games: 1, recording: true, seed: UInt64(index) * 2)
                        table.close()
                        return (table, records)
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            // With room for 4 conversations of 36, most requests loaded theirs from the store.
            let metrics = try await HTTPS.request("\(server.url)/metrics").body
            let loads = metrics.split(separator: "\n").first { $0.hasPrefix("parley_conversation_loads_total ") }
            let loaded = Int(loads?.split(separator: " ").last ?? "") ?? 0
            #expect(residency.liveConversations < Self.tables ? loaded > Self.tables : loaded == 0, "\(loaded) loads")
            return (played, "https://localhost:\(server.port)")
        }
        let figures = meter.snapshot()
        #expect(figures.errors == 0, "\(figures.firstFailures)")
        #expect(tables.count == Self.tables)
        #expect(Set(tables.map(\.0.game)) == Set(BenchVariant.all()))

        let stored = try await Self.storedEvents(in: folder)
        var engine = Engine(configuration: EngineConfiguration(publicURL: publicURL), catalog: .standard,
                            identifiers: ParticipantIdentifiers(secret: try Self.secret(in: folder)))
        // Each entry rendered for every member as it is replayed, while the engine holds it.
        var rendered: [String: Event] = [:]
        for event in stored {
            try engine.apply(event)
            guard let conversation = event.conversation, let seq = event.seq else { continue }
            for member in engine.members(of: conversation) {
                rendered["\(conversation) \(seq) \(member)"] = engine.event(conversation: conversation, seq: seq, for: member)
            }
        }
        let moves = stored.compactMap { event -> AcceptedMove? in if case let .accepted(move) = event { move } else { nil } }
        #expect(moves.count == figures.accepted)

        for (table, seats) in tables {
            let tableMoves = moves.filter { $0.conversation == table.conversation }
            // One game per table: one session, its moves numbered 1, 2, 3… in the order stored.
            #expect(Set(tableMoves.map(\.session)).count == 1)
            #expect(tableMoves.map(\.moveCount) == Array(1...max(tableMoves.count, 1)))
            for seat in seats {
                let account = AccountID(rawValue: seat.account)
                let final = try #require(seat.outcomes.first, "a bot of a \(table.game) table saw no outcome")
                #expect(seat.outcomes.count == 1 && final.outcome.finished && final.turn.kind == .nobody)
                #expect(final.moves == tableMoves.count && final.session == tableMoves.first?.session.uuidString)
                // Its own moves are the ones the log credits to it, in order.
                #expect(tableMoves.filter { $0.sender == account }.map(\.seq) == seat.accepted)
                #expect(!seat.accepted.isEmpty)
                // It received every event from its own joining to the last move, once, in order,
                // each exactly as the replayed log renders it for this bot, but for the turn's
                // deadline, which a live copy of the session's newest message carries and a later
                // rendering of the same message does not.
                let seqs = seat.events.map(\.seq)
                #expect(seqs == Array((seqs.first ?? 1)...(tableMoves.last?.seq ?? 0)))
                for event in seat.events {
                    var live = event
                    live.status?.deadline = nil
                    #expect(live == rendered["\(seat.conversation) \(event.seq) \(account)"])
                }
                #expect(seat.events.filter { $0.kind == .message }.count == tableMoves.count)
            }
            // The two bots saw the same game end: one winner and one loser in Battleship.
            if table.game.game == "battleship" {
                #expect(seats.allSatisfy { $0.outcomes.first?.outcome.winners.count == 1 })
                // Identifiers are each viewer's own: each bot asks whether it is the winner.
                #expect(seats.filter { $0.outcomes.first?.outcome.winners == [$0.you] }.count == 1)
            }
        }
    }

    /// Every event the server stored, read from its SQLite file once it has shut down.
    static func storedEvents(in folder: String) async throws -> [Record] {
        let log = try SQLiteEventLog(folder: URL(fileURLWithPath: folder))
        let events = try await storedEvents(in: log)
        await log.close()
        return events
    }

    /// Every event `log` holds, in order.
    static func storedEvents(in log: any EventLog) async throws -> [Record] {
        var events: [Record] = []
        var position: Int64 = 0
        while true {
            let page = try await log.records(after: position, limit: 1000)
            guard let last = page.last else { break }
            events += try page.map { try WireJSON.decode(Record.self, from: $0.payload) }
            position = last.position
        }
        return events
    }

    /// The secret the server derived every participant identifier from.
    static func secret(in folder: String) throws -> [UInt8] {
        let text = try String(contentsOfFile: (folder as NSString).appendingPathComponent("secret"), encoding: .utf8)
        return Array(try #require(Data(base64Encoded: text.trimmingCharacters(in: .whitespacesAndNewlines))))
    }
}
