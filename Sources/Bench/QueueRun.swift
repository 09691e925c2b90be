import Client
import Foundation
import NIOCore
import Synchronization
import Wire

/// Players who all seek a game at once: `players` connections (run on the event loops, as the
/// bots are) authenticate, then each sends a `seek` of one of `pools` in turn, and waits for the
/// `conversation` frame that answers it. What it measures is the matchmaker's: how long each
/// player waited, how many pairs a second the server made, and whether anyone was paired twice,
/// with themselves, or not at all.
public struct QueueRun: Sendable {
    /// A game and variant sought.
    public struct Pool: Sendable, Hashable {
        public var game: String
        public var variant: String

        public init(game: String, variant: String) {
            self.game = game
            self.variant = variant
        }
    }

    public var endpoint: ServerEndpoint
    public var players: Int
    public var pools: [Pool]
    public var secondsPerMove = 300
    /// How long to wait for every pairing once every seek is sent.
    public var patience: Duration = .seconds(60)
    public var window = 32

    public init(endpoint: ServerEndpoint, players: Int, pools: [Pool]) {
        self.endpoint = endpoint
        self.players = players
        self.pools = pools
    }

    public struct Result: Sendable {
        /// Players who authenticated and sought.
        public var seeking = 0
        /// Players whose seek was answered by a conversation.
        public var paired = 0
        /// Conversations the server opened, and how many of them had two different players of
        /// one pool, each paired once.
        public var conversations = 0
        public var wellFormed = 0
        /// Players told of more than one conversation for their one seek.
        public var pairedTwice = 0
        /// Each player's wait, from its seek's send to its conversation, shortest first.
        public var waits: [Duration] = []
        /// From the first seek sent to the last conversation received.
        public var elapsed: Duration = .zero
        public var failures: [String] = []
        public var openingTime: Duration = .zero

        /// Pairs made a second, over `elapsed`.
        public var pairsPerSecond: Double {
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            return seconds > 0 ? Double(conversations) / seconds : 0
        }

        /// The wait at `fraction` (0.5, 0.99, 1) of the players paired.
        public func wait(atFraction fraction: Double) -> Duration {
            guard !waits.isEmpty else { return .zero }
            return waits[min(waits.count - 1, max(0, Int((Double(waits.count) * fraction).rounded(.up)) - 1))]
        }
    }

    /// What the listeners saw, from the connections' event loops.
    private final class Seen: Sendable {
        struct State {
            var sent: [Int: ContinuousClock.Instant] = [:]
            var answers: [Int: [(conversation: String, at: ContinuousClock.Instant, members: Int)]] = [:]
        }
        let state = Mutex(State())
    }

    public func run() async -> Result {
        var result = Result()
        let start = ContinuousClock.now
        let (opened, failures) = await Staggered.open(players, window: window) { [endpoint] _ in
            try await LoopConnection.open(to: endpoint)
        }
        result.openingTime = ContinuousClock.now - start
        result.failures = failures.prefix(3).map { "\($0)" }
        let seen = Seen()
        for (index, connection) in opened.enumerated() {
            connection.eventLoop?.execute {
                connection.listen({ frame in
                    guard case let .conversation(reply) = frame, reply.id == "seek-\(index)" else { return }
                    let now = ContinuousClock.now
                    seen.state.withLock {
                        $0.answers[index, default: []].append((reply.conversation.conversation.rawValue, now, reply.conversation.members.count))
                    }
                }, closed: {})
            }
        }
        // Every seek at once, each pool in turn.
        let began = ContinuousClock.now
        await withTaskGroup(of: String?.self) { group in
            for (index, connection) in opened.enumerated() {
                let pool = pools[index % pools.count]
                let seek = ClientFrame.seek(.init(
                    id: "seek-\(index)", game: pool.game, variant: pool.variant, secondsPerMove: secondsPerMove, rated: false))
                group.addTask {
                    seen.state.withLock { $0.sent[index] = .now }
                    do {
                        let answer = try await connection.request(seek)
                        return answer == .done(.init(id: "seek-\(index)")) ? nil : "seek answered \(answer)"
                    } catch {
                        return "\(error)"
                    }
                }
            }
            for await failure in group {
                if let failure, result.failures.count < 3 { result.failures.append(failure) }
            }
        }
        result.seeking = opened.count
        // Waits until everyone (but an odd one out of a pool) is paired, or patience runs out.
        var expected = 0
        for pool in pools.indices {
            let members = opened.indices.filter { $0 % pools.count == pool }.count
            expected += members - members % 2
        }
        let deadline = ContinuousClock.now + patience
        while ContinuousClock.now < deadline, seen.state.withLock({ $0.answers.count }) < expected {
            try? await Task.sleep(for: .milliseconds(20))
        }
        // A moment more, for a second pairing of anyone to show.
        try? await Task.sleep(for: .milliseconds(500))
        let state = seen.state.withLock { $0 }
        var byConversation: [String: [Int]] = [:]
        var last = began
        for (index, answers) in state.answers {
            if answers.count > 1 { result.pairedTwice += 1 }
            guard let first = answers.first, let sent = state.sent[index] else { continue }
            result.paired += 1
            result.waits.append(first.at - sent)
            last = max(last, first.at)
            byConversation[first.conversation, default: []].append(index)
        }
        result.waits.sort()
        result.elapsed = last - began
        result.conversations = byConversation.count
        result.wellFormed = byConversation.values.filter { players in
            players.count == 2 && players[0] != players[1] && players[0] % pools.count == players[1] % pools.count
                && players.allSatisfy { state.answers[$0]?.first?.members == 2 }
        }.count
        for connection in opened { connection.close() }
        return result
    }
}
