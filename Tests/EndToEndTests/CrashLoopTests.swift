import ServerTestSupport
import TestSupport
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
import Transport
import Wire

/// Durability tested the way it fails: `parley serve` in its own process, SIGKILLed 20 times
/// at random moments while pairs of bots play, and started again on the same data folder and
/// port. Every move answered `accepted` is in the store exactly once, no message is applied
/// twice, the stored log replays whole, and every pair goes on to finish its games.
@Suite(.timeLimit(.minutes(5)))
struct CrashLoopTests {
    /// 20; more with PARLEY_CRASH_KILLS, to hunt a rare failure.
    static let kills = ProcessInfo.processInfo.environment["PARLEY_CRASH_KILLS"].flatMap(Int.init) ?? 20
    /// One kind of game per pair: a long classic Battleship, seed Battleship, ice creams.
    static let pairs: [(game: String, variant: String)] = [("battleship", "classic"), ("battleship", "seed"), ("icecream", "group")]

    @Test func acceptedMovesSurviveTwentyKillsExactlyOnce() async throws {
        let parley = try Programs.parley()
        let folder = LiveServer.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let port = try Programs.freePort()
        // No idle time: after every restart, and after every batch, conversations leave memory
        // and are loaded from the store again, so that path is crashed into too.
        let arguments = ["serve", "--host", "127.0.0.1", "--port", "\(port)", "--data", folder,
                         "--set", "limits.messagesPerSecond=10000", "--set", "limits.burst=10000",
                         "--set", "engine.idleSeconds=0"]
        let log = folder + "-serve.log"
        defer { try? FileManager.default.removeItem(atPath: log) }
        var pid = try Spawn.start(parley, arguments, log: log)
        let fingerprint = try await Programs.listening(log: log)
        let endpoint = ServerEndpoint(host: "127.0.0.1", port: port, trust: .pinned(fingerprint))

        let clients = Self.pairs.map { _ in
            [InstallKey(), InstallKey()].map { ParleyClient(endpoint: endpoint, key: $0, name: nil, logger: quietLogger) }
        }
        for client in clients.joined() { await client.start() }
        let accepted = Recorded<[ServerFrame.Accepted]>([])
        let stop = Recorded(false)
        let progress = Recorded([Progress](repeating: Progress(), count: Self.pairs.count))
        let done = Recorded(false)
        let playing = Task {
            defer { done.update { $0 = true } }
            return try await withThrowingTaskGroup(of: Int.self) { group in
                for (index, pair) in Self.pairs.enumerated() {
                    group.addTask {
                        try await Self.play(
                            pair, seed: UInt64(index) * 10, clients: clients[index], until: stop, recording: accepted,
                            progress: { change in progress.update { change(&$0[index]) } })
                    }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
        }

        var random = SeededRandom(seed: 2026)
        for _ in 0..<Self.kills {
            try await Task.sleep(for: .milliseconds(150 + Int(random.next() % 450)))
            await Spawn.kill(pid)
            pid = try Spawn.start(parley, arguments, log: log)
            #expect(try await Programs.listening(log: log) == fingerprint)
        }
        stop.update { $0 = true }
        // Each pair finishes the game it is in. One that never does is a lost or unrelayed
        // event: say where each pair stands, then end the clients and the server so that the
        // test ends (waiting on the bots is not cancelled by the test's time limit).
        try? await eventually(within: Self.finishing) { done.value }
        let stuck = done.value ? nil : await Self.describe(progress.value, clients: clients)
        for client in clients.joined() { await client.stop() }
        await Spawn.kill(pid)
        if let stuck {
            playing.cancel()
            _ = try? await playing.value
            let stored = (try? await BotGamesTests.storedEvents(in: folder)) ?? []
            Issue.record("""
                The games did not finish within \(Self.finishing) of the last restart.
                \(stuck)
                \(Self.describe(progress.value.compactMap(\.conversation), in: stored))
                """)
            return
        }
        let games = try await playing.value
        #expect(games.allSatisfy { $0 >= 1 }, "games finished per pair: \(games)")

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

    /// How long the pairs have, after the last restart, to finish the games they are in.
    static let finishing: Duration = .seconds(90)

    /// Where a pair stands: its round, and the conversation and invite of the round's game.
    struct Progress: Sendable {
        var round = 0
        var conversation: ConversationID?
        var invite: String?
        var refusals: [String] = []
    }

    /// One pair plays games back to back until `stop`, then finishes the one it is in; returns
    /// how many it finished. A game whose `create` the kill cut off is simply started again.
    static func play(
        _ pair: (game: String, variant: String), seed: UInt64, clients: [ParleyClient], until stop: Recorded<Bool>,
        recording accepted: Recorded<[ServerFrame.Accepted]>, progress: @escaping @Sendable ((inout Progress) -> Void) -> Void
    ) async throws -> Int {
        let record: @Sendable (ServerFrame.Accepted) -> Void = { move in accepted.update { $0.append(move) } }
        var finished = 0
        var round: UInt64 = 0
        // A pair that has not finished a game by the last restart (a long classic game on a
        // machine busy with other tests) plays on until it has, within `finishing`.
        while !stop.value || finished == 0 {
            try Task.checkCancellation()
            round += 1
            progress { $0 = Progress(round: Int(round)) }
            let (lines, printed) = AsyncStream<String>.makeStream()
            let opener = BotRunner(
                client: clients[0], player: try BotPlayer(game: pair.game, variant: pair.variant),
                seed: seed + round, output: { line in
                    if line.hasPrefix("conversation ") { printed.yield(line) } else { progress { $0.refusals.append("opener: " + line) } }
                }, accepted: record)
            let joiner = BotRunner(
                client: clients[1], player: try BotPlayer(game: pair.game, variant: pair.variant),
                seed: seed + round + 1000, output: { line in
                    if !line.hasPrefix("conversation ") { progress { $0.refusals.append("joiner: " + line) } }
                },
                accepted: record)
            let opening = Task {
                defer { printed.finish() }
                return try await opener.play(invite: nil, opens: true)
            }
            var iterator = lines.makeAsyncIterator()
            // "conversation ID invite CODE"
            guard let line = await iterator.next(), case let words = line.split(separator: " ").map(String.init),
                words.count == 4
            else {
                // The opener failed before it had an invite (the server was killed under it): a
                // pause, so that a server that stays away is not asked again in a tight loop.
                _ = try? await opening.value
                try await Task.sleep(for: .milliseconds(100))
                continue
            }
            progress { $0.conversation = ConversationID(rawValue: words[1]); $0.invite = words[3] }
            let joined = try await joiner.play(invite: words[3], opens: false)
            let opened = try await opening.value
            #expect(opened.outcome.finished && joined.outcome.finished && opened.session == joined.session)
            finished += 1
        }
        return finished
    }

    /// Each pair's round and game, and what its two clients have seen of it.
    static func describe(_ progress: [Progress], clients: [[ParleyClient]]) async -> String {
        var lines: [String] = []
        for (index, (pair, standing)) in zip(pairs, progress).enumerated() {
            var line = "\(pair.game) \(pair.variant): round \(standing.round), conversation \(standing.conversation ?? "none yet")"
            for (role, client) in zip(["opener", "joiner"], clients[index]) {
                var seen: Int?
                if let conversation = standing.conversation { seen = await client.handedOut(in: conversation) }
                line += "; \(role) \(await client.isOnline ? "online" : "offline"), has seen up to \(seen.map(String.init) ?? "nothing")"
            }
            if !standing.refusals.isEmpty { line += "; refused: \(standing.refusals.joined(separator: " | "))" }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    /// The last few stored events of each conversation.
    static func describe(_ conversations: [ConversationID], in stored: [Record]) -> String {
        conversations.map { id in
            let events = stored.filter { $0.conversation == id }
            return "stored in \(id): \(events.count) events, ending with: " + events.suffix(4).map { event in
                switch event {
                case let .accepted(move): "\(move.seq) move \(move.moveCount) of seat \(move.seat) (request \(move.request))"
                default: "\(event.seq.map(String.init) ?? "-") \(String(describing: event).prefix(60))"
                }
            }.joined(separator: "; ")
        }.joined(separator: "\n")
    }

}
