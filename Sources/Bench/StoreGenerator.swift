import Engine
import Foundation
import GameCatalog
import Storage
import StorageSQLite
import Transcript
import Wire

/// Writes a data folder with a given number of accepted moves, through the engine as a server
/// would decide them (events, and the index changes they make, in batches), without sockets:
/// the history a start-up is measured against.
///
/// Conversations of two accounts play 100 Ice Cream games each (three moves a game: base,
/// scoops, topping), 300 moves of history; the last `clocks` of them then begin a Battleship
/// game, so that as many turn clocks run when the server starts.
public struct StoreGenerator {
    public struct Summary: Sendable {
        public var moves = 0
        public var conversations = 0
        public var games = 0
        /// Conversations whose turn clock runs: those a start loads.
        public var clocks = 0
        public var records = 0
        public var bytes: Int64 = 0
    }

    public let moves: Int
    public let clocks: Int

    public init(moves: Int, clocks: Int = 100) {
        self.moves = moves
        self.clocks = clocks
    }

    public func write(into folder: String) async throws -> Summary {
        let log = try SQLiteEventLog(folder: URL(fileURLWithPath: folder), durability: .normal)
        var engine = Engine(
            configuration: EngineConfiguration(publicURL: "https://localhost:8443", turnTimeouts: ["battleship": 300]),
            catalog: .standard, identifiers: ParticipantIdentifiers(secret: Array(repeating: 1, count: 32)))
        var random = SystemRandomNumberGenerator()
        var summary = Summary()
        var batch: [Record] = []
        var first = true
        /// The position of the newest record stored.
        var stored: Int64 = 0
        /// Stores the batch; returns the position of its last record.
        func flush() async throws -> Int64 {
            guard !batch.isEmpty else { return 0 }
            let records = try batch.map { NewLogRecord(stream: $0.conversation?.rawValue ?? "", payload: try WireJSON.encode($0)) }
            var changes = engine.indexChanges(for: batch, storedThrough: { _ in stored })
            if first { changes.append(.set(IndexKind.format, "index", IndexKind.version)) }
            first = false
            let appended = try await log.append(records, indexing: changes)
            summary.records += records.count
            batch = []
            stored = appended.last?.position ?? stored
            return stored
        }
        func decide(_ frame: ClientFrame, by account: AccountID) throws -> ServerFrame {
            let decision = engine.handle(frame, from: account, now: Date(), random: &random)
            batch += decision.events
            guard let reply = decision.replies.first else { throw BenchError("the generator got no answer to \(frame)") }
            return reply
        }
        func conversation(_ index: Int) throws -> ConversationID {
            let (a, b) = (AccountID(rawValue: "generated-a\(index)"), AccountID(rawValue: "generated-b\(index)"))
            guard case let .conversation(created) = try decide(.create(.init(id: "c\(index)")), by: a) else {
                throw BenchError("the generator could not create a conversation")
            }
            _ = try decide(.join(.init(id: "j\(index)", invite: created.conversation.invite)), by: b)
            summary.conversations += 1
            return created.conversation.conversation
        }

        // The last `clocks` conversations (or all, when there are fewer) end with a Battleship game
        // begun, so a server that starts loads conversations with a history of their own.
        let conversationsNeeded = (moves + 299) / 300
        let clockedFrom = max(0, conversationsNeeded - clocks)
        var index = 0
        while summary.moves < moves {
            let id = try conversation(index)
            let players = [AccountID(rawValue: "generated-a\(index)"), AccountID(rawValue: "generated-b\(index)")]
            for game in 0..<100 where summary.moves < moves {
                let player = players[game % 2]
                var query = "?Base=base0\(1 + game % 4)"
                let opened = try decide(.send(.init(
                    id: "g\(game)", conversation: id, game: "icecream", variant: "solo", url: query)), by: player)
                guard case let .accepted(accepted) = opened else { throw BenchError("the generator's game was refused: \(opened)") }
                var seq = accepted.seq
                for part in ["Scoops=scoops0\(1 + game % 4)", "Topping=topping0\(1 + game % 3)"] {
                    query += "&" + part
                    let moved = try decide(.send(.init(
                        id: "g\(game)-\(part)", conversation: id, game: "icecream", session: accepted.session, basedOn: seq,
                        url: query)), by: player)
                    guard case let .accepted(next) = moved else { throw BenchError("the generator's move was refused: \(moved)") }
                    seq = next.seq
                }
                summary.moves += 3
                summary.games += 1
            }
            if index >= clockedFrom {
                let opened = try decide(.send(.init(
                    id: "b", conversation: id, game: "battleship", variant: "seed", url: "?Ship_Location=0&Ship_Location=1")),
                    by: players[0])
                guard case .accepted = opened else { throw BenchError("the generator's Battleship game was refused: \(opened)") }
                summary.moves += 1
                summary.games += 1
                summary.clocks += 1
            }
            // Its index changes are read from memory: stored before it leaves, and then its
            // snapshot, as the server stores one when a conversation leaves memory.
            let last = try await flush()
            if let snapshot = engine.snapshotChange(of: id, after: last) { _ = try await log.append([], indexing: [snapshot]) }
            engine.evict(id)
            index += 1
        }
        _ = try await flush()
        summary.bytes = try await log.statistics().byteCount
        await log.close()
        return summary
    }
}
