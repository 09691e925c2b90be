import Client
import Engine
import Foundation
import GameCatalog
import Logging
import ServerTestSupport
import Storage
import StoragePostgres
import TestSupport
import Testing
import Transcript
import Transport
import Wire

/// Two `parley serve` processes on one PostgreSQL, sharing one certificate; pairs of bots play
/// across them (each pair's opener on the first node, its joiner on the second), and the first
/// node is SIGKILLed mid-game. Every client moves to the second, the games finish there, and
/// every move answered `accepted` is in the store exactly once.
@Suite(.timeLimit(.minutes(4)))
struct NodeKillTests {
    @Test func aNodeKilledMidGameLosesNothingAndTheGamesFinishThroughTheOther() async throws {
        let parley = try Programs.parley()
        try await PostgresServer.with { url in
            let folders = [LiveServer.temporaryDirectory(), LiveServer.temporaryDirectory()]
            defer { for folder in folders { try? FileManager.default.removeItem(atPath: folder) } }
            let ports = [try Programs.freePort(), try Programs.freePort()]
            let logs = folders.map { $0 + "-serve.log" }
            defer { for log in logs { try? FileManager.default.removeItem(atPath: log) } }
            func arguments(_ node: Int) -> [String] {
                ["serve", "--host", "127.0.0.1", "--port", "\(ports[node])", "--data", folders[node],
                 "--set", "store.url=\(url)", "--set", "limits.messagesPerSecond=10000", "--set", "limits.burst=10000"]
                    // The certificate the first node made, for the second too.
                    + (node == 0 ? [] : ["--set", "tls.certificate=\(folders[0])/tls/certificate.pem",
                                         "--set", "tls.key=\(folders[0])/tls/key.pem"])
            }
            let first = try Spawn.start(parley, arguments(0), log: logs[0])
            let fingerprint = try await Programs.listening(log: logs[0])
            let second = try Spawn.start(parley, arguments(1), log: logs[1])
            #expect(try await Programs.listening(log: logs[1]) == fingerprint)
            let endpoints = ports.map { ServerEndpoint(host: "127.0.0.1", port: $0, trust: .pinned(fingerprint)) }

            let clients = CrashLoopTests.pairs.map { _ in
                [ParleyClient(endpoints: endpoints, key: InstallKey(), logger: quietLogger),
                 ParleyClient(endpoints: endpoints.reversed(), key: InstallKey(), logger: quietLogger)]
            }
            for client in clients.joined() { await client.start() }
            let accepted = Recorded<[ServerFrame.Accepted]>([])
            let stop = Recorded(false)
            let done = Recorded(false)
            let progress = Recorded([CrashLoopTests.Progress](repeating: .init(), count: CrashLoopTests.pairs.count))
            let playing = Task {
                defer { done.update { $0 = true } }
                return try await withThrowingTaskGroup(of: Int.self) { group in
                    for (index, pair) in CrashLoopTests.pairs.enumerated() {
                        group.addTask {
                            try await CrashLoopTests.play(
                                pair, seed: UInt64(index) * 10 + 7, clients: clients[index], until: stop, recording: accepted,
                                progress: { change in progress.update { change(&$0[index]) } })
                        }
                    }
                    return try await group.reduce(into: [Int]()) { $0.append($1) }
                }
            }
            // Mid-game: some moves made through both nodes.
            try? await eventually(within: .seconds(60), every: .milliseconds(20)) { accepted.value.count >= 40 }
            let before = accepted.value.count
            await Spawn.kill(first)
            // The games go on through the node left: a move at least before the bots stop.
            try? await eventually(within: .seconds(30), every: .milliseconds(20)) { accepted.value.count > before }
            stop.update { $0 = true }
            try? await eventually(within: CrashLoopTests.finishing) { done.value }
            let stuck = done.value ? nil : await CrashLoopTests.describe(progress.value, clients: clients)
            for client in clients.joined() { await client.stop() }
            await Spawn.kill(second)
            if let stuck {
                playing.cancel()
                _ = try? await playing.value
                Issue.record("The games did not finish on the second node:\n\(stuck)")
                return
            }
            let games = try await playing.value
            #expect(games.allSatisfy { $0 >= 1 }, "games finished per pair: \(games)")
            #expect(before >= 40 && accepted.value.count > before, "\(before) moves before the kill, \(accepted.value.count) in all")

            var logger = Logger(label: "store")
            logger.logLevel = .error
            let log = try await PostgresEventLog(url: url, logger: logger)
            let stored = try await BotGamesTests.storedEvents(in: log)
            let secret = try #require(try await log.indexValue(IndexKind.secret, key: "participants").flatMap { Data(base64Encoded: $0) })
            await log.close()
            // The log replays whole: a seq given twice or left out would not fit.
            var engine = Engine(configuration: EngineConfiguration(publicURL: "https://localhost"), catalog: .standard,
                                identifiers: ParticipantIdentifiers(secret: Array(secret)))
            for event in stored { try engine.apply(event) }
            let moves = stored.compactMap { event -> AcceptedMove? in if case let .accepted(move) = event { move } else { nil } }
            let bySeq = Dictionary(moves.map { ("\($0.conversation) \($0.seq)", $0) }, uniquingKeysWith: { first, _ in first })
            #expect(Dictionary(grouping: moves) { "\($0.conversation) \($0.sender) \($0.request)" }.values.allSatisfy { $0.count == 1 },
                    "a message applied twice")
            for answer in accepted.value {
                #expect(bySeq["\(answer.conversation) \(answer.seq)"]?.request == answer.id, "accepted \(answer.id) is not stored")
            }
        }
    }
}
