import Client
import Engine
import Foundation
import GameCatalog
import GameRules
import Glibc
import Logging
import Play
import Testing
import Transcript
import Wire

/// Durability tested the way it fails: `parley serve` in its own process, SIGKILLed 20 times
/// at random moments while pairs of bots play, and started again on the same data folder and
/// port. Every move answered `accepted` is in the store exactly once, no message is applied
/// twice, the stored log replays whole, and every pair goes on to finish its games.
@Suite(.timeLimit(.minutes(3)))
struct CrashLoopTests {
    static let kills = 20
    /// One kind of game per pair: a long classic Battleship, seed Battleship, ice creams.
    static let pairs: [(game: String, variant: String)] = [("battleship", "classic"), ("battleship", "seed"), ("icecream", "group")]

    @Test func acceptedMovesSurviveTwentyKillsExactlyOnce() async throws {
        let parley = try TerminalClientTests.parley()
        let folder = LiveServer.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let port = try Self.freePort()
        // No idle time: after every restart, and after every batch, conversations leave memory
        // and are loaded from the store again, so that path is crashed into too.
        let arguments = ["serve", "--host", "127.0.0.1", "--port", "\(port)", "--data", folder,
                         "--set", "limits.messagesPerSecond=10000", "--set", "limits.burst=10000",
                         "--set", "engine.idleSeconds=0"]
        let log = folder + "-serve.log"
        defer { try? FileManager.default.removeItem(atPath: log) }
        var pid = try Spawn.start(parley, arguments, log: log)
        let fingerprint = try await Self.listening(log: log)
        let endpoint = ServerEndpoint(host: "127.0.0.1", port: port, trust: .pinned(fingerprint))

        let accepted = Recorded<[ServerFrame.Accepted]>([])
        let stop = Recorded(false)
        // However the test ends, the bots stop: left playing against a server that is gone, they
        // would keep the machine busy under every later test.
        defer { stop.update { $0 = true } }
        let playing = Task {
            try await withThrowingTaskGroup(of: Int.self) { group in
                for (index, pair) in Self.pairs.enumerated() {
                    group.addTask {
                        try await Self.play(pair, seed: UInt64(index) * 10, at: endpoint, until: stop, recording: accepted)
                    }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
        }
        defer { playing.cancel() }

        var random = SeededRandom(seed: 2026)
        for _ in 0..<Self.kills {
            try await Task.sleep(for: .milliseconds(150 + Int(random.next() % 450)))
            await Spawn.kill(pid)
            pid = try Spawn.start(parley, arguments, log: log)
            #expect(try await Self.listening(log: log) == fingerprint)
        }
        stop.update { $0 = true }
        let games = try await playing.value
        #expect(games.allSatisfy { $0 >= 1 }, "games finished per pair: \(games)")
        await Spawn.kill(pid)

        let stored = try await BotGamesTests.storedEvents(in: folder)
        // The log replays whole: a seq given twice or left out would not fit.
        var engine = Engine(configuration: EngineConfiguration(publicURL: "https://localhost:\(port)"), catalog: .standard,
                            identifiers: ParticipantIdentifiers(secret: try BotGamesTests.secret(in: folder)))
        for event in stored { try engine.apply(event) }
        let moves = stored.compactMap { event -> AcceptedMove? in if case let .accepted(move) = event { move } else { nil } }
        let bySeq = Dictionary(moves.map { ("\($0.conversation) \($0.seq)", $0) }, uniquingKeysWith: { first, _ in first })
        let byRequest = Dictionary(grouping: moves) { "\($0.conversation) \($0.sender) \($0.request)" }
        #expect(byRequest.values.allSatisfy { $0.count == 1 }, "a message applied twice")
        for answer in accepted.value {
            #expect(bySeq["\(answer.conversation) \(answer.seq)"]?.request == answer.id, "accepted \(answer.id) is not stored")
        }
        #expect(accepted.value.count > 50, "\(accepted.value.count) moves accepted")
    }

    /// One pair plays games back to back until `stop`, then finishes the one it is in; returns
    /// how many it finished. A game whose `create` the kill cut off is simply started again.
    static func play(
        _ pair: (game: String, variant: String), seed: UInt64, at endpoint: ServerEndpoint, until stop: Recorded<Bool>,
        recording accepted: Recorded<[ServerFrame.Accepted]>
    ) async throws -> Int {
        let record: @Sendable (ServerFrame.Accepted) -> Void = { move in accepted.update { $0.append(move) } }
        let clients = [InstallKey(), InstallKey()].map {
            ParleyClient(endpoint: endpoint, key: $0, name: nil, logger: quietLogger)
        }
        for client in clients { await client.start() }
        defer { for client in clients { Task { await client.stop() } } }
        var finished = 0
        var round: UInt64 = 0
        while !stop.value {
            try Task.checkCancellation()
            round += 1
            let (lines, printed) = AsyncStream<String>.makeStream()
            let opener = BotRunner(
                client: clients[0], player: try BotPlayer(game: pair.game, variant: pair.variant, strategy: .hunter),
                seed: seed + round, output: { printed.yield($0) }, accepted: record)
            let joiner = BotRunner(
                client: clients[1], player: try BotPlayer(game: pair.game, variant: pair.variant, strategy: .hunter),
                seed: seed + round + 1000, output: { _ in }, accepted: record)
            let opening = Task {
                defer { printed.finish() }
                return try await opener.play(invite: nil, opens: true)
            }
            var iterator = lines.makeAsyncIterator()
            guard let line = await iterator.next(), let invite = line.split(separator: " ").last.map(String.init) else {
                // The opener failed before it had an invite (the server was killed under it): a
                // pause, so that a server that stays away is not asked again in a tight loop.
                _ = try? await opening.value
                try await Task.sleep(for: .milliseconds(100))
                continue
            }
            let joined = try await joiner.play(invite: invite, opens: false)
            let opened = try await opening.value
            #expect(opened.outcome.finished && joined.outcome.finished && opened.session == joined.session)
            finished += 1
        }
        return finished
    }

    /// The server's certificate fingerprint, once its log says it listens.
    static func listening(log: String) async throws -> CertificateFingerprint {
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline {
            let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            if let line = text.split(separator: "\n").first(where: { $0.contains("Parley listening on") }),
                let sha = line.range(of: "SHA-256 "),
                let fingerprint = CertificateFingerprint(String(line[sha.upperBound...].prefix { $0.isHexDigit }))
            {
                return fingerprint
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw TimedOut(what: "parley serve to listen")
    }

    /// A port nobody listens on now.
    static func freePort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(socket, pointer, length) == 0 && getsockname(socket, pointer, &length) == 0
            }
        }
        guard bound else { throw Spawn.Failure(description: "no free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
