import Client
import Engine
import Foundation
import GameCatalog
import Glibc
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
/// across them (each pair's opener on the first node, its joiner on the second). A node is
/// SIGKILLed mid-game, or each node in turn is stopped (SIGTERM) and started again, as an
/// upgrade one node at a time does. Every client moves to the node left, the games finish, and
/// every move answered `accepted` is in the store exactly once.
@Suite(.timeLimit(.minutes(4)))
struct NodeKillTests {
    @Test func aNodeKilledMidGameLosesNothingAndTheGamesFinishThroughTheOther() async throws {
        try await Self.playAcrossTwoNodes { nodes in
            // Mid-game: some moves made through both nodes.
            try await nodes.moves(atLeast: 40)
            let before = nodes.accepted.value.count
            await nodes.kill(0)
            // The games go on through the node left: a move at least before the bots stop.
            try await nodes.moves(atLeast: before + 1)
        }
    }

    /// An upgrade one node at a time: each node stopped with SIGTERM (it closes its connections
    /// with 1001 and exits 0) and started again on its folder and port while the bots move.
    @Test func aRollingRestartLosesNoGameAndNoMove() async throws {
        try await Self.playAcrossTwoNodes { nodes in
            try await nodes.moves(atLeast: 40)
            for node in [0, 1] {
                let before = nodes.accepted.value.count
                let status = try await nodes.stop(node)
                #expect(status == 0, "node \(node)'s exit status after SIGTERM")
                // Its players go on through the other node.
                try await nodes.moves(atLeast: before + 10)
                try await nodes.start(node)
                try await nodes.moves(atLeast: nodes.accepted.value.count + 10)
            }
        }
    }

    /// The two nodes and what the bots had accepted.
    final class Nodes: Sendable {
        let parley: String
        let url: String
        let folders: [String]
        let ports: [Int]
        let pids = Recorded<[pid_t?]>([nil, nil])
        let starts = Recorded(0)
        let accepted = Recorded<[ServerFrame.Accepted]>([])
        let fingerprint = Recorded<CertificateFingerprint?>(nil)

        init(parley: String, url: String) throws {
            self.parley = parley
            self.url = url
            folders = [LiveServer.temporaryDirectory(), LiveServer.temporaryDirectory()]
            ports = [try Programs.freePort(), try Programs.freePort()]
        }

        func arguments(_ node: Int) -> [String] {
            ["serve", "--host", "127.0.0.1", "--port", "\(ports[node])", "--data", folders[node],
             "--set", "store.url=\(url)", "--set", "limits.messagesPerSecond=10000", "--set", "limits.burst=10000"]
                // The certificate the first node made, for the second too.
                + (node == 0 ? [] : ["--set", "tls.certificate=\(folders[0])/tls/certificate.pem",
                                     "--set", "tls.key=\(folders[0])/tls/key.pem"])
        }

        /// Starts `node` and waits until it listens, with the certificate of the first start.
        func start(_ node: Int) async throws {
            let start = starts.update { count -> Int in
                count += 1
                return count
            }
            let log = folders[node] + "-serve-\(start).log"
            let pid = try Spawn.start(parley, arguments(node), log: log)
            pids.update { $0[node] = pid }
            let presented = try await Programs.listening(log: log)
            let first = fingerprint.update { known -> CertificateFingerprint in
                if known == nil { known = presented }
                return known ?? presented
            }
            #expect(presented == first)
        }

        /// The process of `node`, if it runs, which is then no longer counted as running.
        private func takeProcess(_ node: Int) -> pid_t? {
            pids.update { pids -> pid_t? in
                defer { pids[node] = nil }
                return pids[node]
            }
        }

        /// Kills `node` outright, if it runs (a node already stopped is left as it is).
        func kill(_ node: Int) async {
            if let pid = takeProcess(node) { await Spawn.kill(pid) }
        }

        /// SIGTERM, and the exit status; a node still running after 30 s is killed and fails.
        func stop(_ node: Int) async throws -> Int32 {
            let pid = try #require(takeProcess(node), "node \(node) is not running")
            do {
                return try await answer(within: .seconds(30)) { await Spawn.stop(pid, signal: SIGTERM) }
            } catch {
                await Spawn.kill(pid)
                throw error
            }
        }

        func moves(atLeast count: Int) async throws {
            try await eventually(within: .seconds(60), every: .milliseconds(20)) { self.accepted.value.count >= count ? true : nil }
        }

        func removeFolders() {
            for folder in folders { try? FileManager.default.removeItem(atPath: folder) }
        }
    }

    /// Starts both nodes, has the pairs play across them while `disrupt` runs, then lets them
    /// finish their games and checks the store against every answer they were given.
    static func playAcrossTwoNodes(_ disrupt: @Sendable (Nodes) async throws -> Void) async throws {
        let parley = try Programs.parley()
        try await PostgresServer.with { url in
            let nodes = try Nodes(parley: parley, url: url)
            defer { nodes.removeFolders() }
            try await nodes.start(0)
            try await nodes.start(1)
            let fingerprint = try #require(nodes.fingerprint.value)
            let endpoints = nodes.ports.map { ServerEndpoint(host: "127.0.0.1", port: $0, trust: .pinned(fingerprint)) }

            let clients = CrashLoopTests.pairs.map { _ in
                [ParleyClient(endpoints: endpoints, key: InstallKey(), logger: quietLogger),
                 ParleyClient(endpoints: endpoints.reversed(), key: InstallKey(), logger: quietLogger)]
            }
            for client in clients.joined() { await client.start() }
            let accepted = nodes.accepted
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
            var disrupted: (any Error)?
            do { try await disrupt(nodes) } catch { disrupted = error }
            stop.update { $0 = true }
            try? await eventually(within: CrashLoopTests.finishing) { done.value }
            let stuck = done.value ? nil : await CrashLoopTests.describe(progress.value, clients: clients)
            for client in clients.joined() { await client.stop() }
            await nodes.kill(0)
            await nodes.kill(1)
            if let disrupted { throw disrupted }
            if let stuck {
                playing.cancel()
                _ = try? await playing.value
                Issue.record("The games did not finish on the nodes left:\n\(stuck)")
                return
            }
            let games = try await playing.value
            #expect(games.allSatisfy { $0 >= 1 }, "games finished per pair: \(games)")
            #expect(accepted.value.count >= 40, "\(accepted.value.count) moves in all")

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
