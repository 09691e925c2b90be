import Transcript
import Client
import Logging
import Play
import Wire

/// Two bots in one conversation of their own, playing one kind of game over and over: the
/// unit of load. The first bot opens the conversation and every game; the second joins by
/// the invite code, as a person would.
public struct BotTable: Sendable {
    public let game: BenchVariant
    let opener: ParleyConnection
    let joiner: ParleyConnection
    let openerView: ConversationSummary
    let joinerView: ConversationSummary

    /// Connects two new installs, the opener to `endpoint` and the joiner to `joinerEndpoint`
    /// (another node sharing its store; the same server by default), and seats them in a new
    /// conversation.
    public static func open(
        at endpoint: ServerEndpoint, joinerAt joinerEndpoint: ServerEndpoint? = nil, game: BenchVariant, logger: Logger
    ) async throws -> BotTable {
        let seated = try await TableSeating.seat(
            open: { try await ParleyConnection.open(to: $0, key: InstallKey(), logger: logger) },
            at: endpoint, joinerAt: joinerEndpoint ?? endpoint)
        return BotTable(game: game, opener: seated.opener, joiner: seated.joiner, openerView: seated.openerView, joinerView: seated.joinerView)
    }

    public var conversation: ConversationID { openerView.conversation }

    /// Both bots play until `games` games are over (`nil`: until `close()`), with `strategy`,
    /// thinking `think` on average before each move; returns what the opener and the joiner
    /// saw, in that order.
    public func play(
        strategy: String, meter: LoadMeter, games: Int? = nil, recording: Bool = false,
        think: Duration = .zero, seed: UInt64
    ) async throws -> [SeatRecord] {
        let first = BotSeat(connection: opener, conversation: openerView, player: try game.player(strategy), opens: true,
                            meter: meter, games: games, recording: recording, think: think, seed: seed)
        let second = BotSeat(connection: joiner, conversation: joinerView, player: try game.player(strategy), opens: false,
                             meter: meter, games: games, recording: recording, think: think, seed: seed &+ 1)
        return await withTaskGroup(of: (Int, SeatRecord).self) { group in
            group.addTask { (0, await Self.run(first)) }
            group.addTask { (1, await Self.run(second)) }
            var records: [SeatRecord] = [first.record, second.record]
            for await (index, record) in group {
                records[index] = record
                // The other bot would wait for a move that never comes.
                if record.gaveUp { close() }
            }
            return records
        }
    }

    private static func run(_ seat: BotSeat) async -> SeatRecord {
        var seat = seat
        return await seat.play()
    }

    public func close() {
        opener.close()
        joiner.close()
    }
}
