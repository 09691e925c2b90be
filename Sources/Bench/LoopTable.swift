import Client
import GameRules
import NIOCore
import Play
import Transcript
import Wire

/// A `BotTable` whose two bots run on their connections' event loops (`LoopConnection`): the
/// load run's tables. The same play as `BotSeat`'s, move for move: the opener starts every game,
/// each bot moves when the newest message leaves the turn to it, after thinking.
struct LoopTable: Sendable {
    let game: BenchVariant
    let opener: LoopConnection
    let joiner: LoopConnection
    let openerView: ConversationSummary
    let joinerView: ConversationSummary

    /// Connects two new installs, the opener to `endpoint` and the joiner to `joinerEndpoint`,
    /// and seats them in a new conversation.
    static func open(at endpoint: ServerEndpoint, joinerAt joinerEndpoint: ServerEndpoint, game: BenchVariant) async throws -> LoopTable {
        let seated = try await TableSeating.seat(open: LoopConnection.open(to:), at: endpoint, joinerAt: joinerEndpoint)
        return LoopTable(game: game, opener: seated.opener, joiner: seated.joiner, openerView: seated.openerView, joinerView: seated.joinerView)
    }

    /// Starts both bots; they play until the meter stops or a move of theirs is refused (then
    /// the table closes: the other bot would wait for ever).
    func play(strategy: String, meter: LoadMeter, think: Duration, seed: UInt64) throws {
        let first = LoopBotSeat(connection: opener, conversation: openerView, player: try game.player(strategy), opens: true,
                                meter: meter, think: think, seed: seed, table: self)
        let second = LoopBotSeat(connection: joiner, conversation: joinerView, player: try game.player(strategy), opens: false,
                                 meter: meter, think: think, seed: seed &+ 1, table: self)
        first.start()
        second.start()
    }

    func close() {
        opener.close()
        joiner.close()
    }
}

/// One bot of a `LoopTable`, on its connection's event loop.
final class LoopBotSeat: @unchecked Sendable {
    private let connection: LoopConnection
    private let conversation: ConversationID
    private let player: BotPlayer
    private let opens: Bool
    private var bot: TableBot
    private let meter: LoadMeter
    private let think: Duration
    private let table: LoopTable
    private var generator: SeededRandom
    private var sent = 0
    /// The request in flight, and when it was written.
    private var pending: (frame: ClientFrame, id: String, start: ContinuousClock.Instant)?

    init(
        connection: LoopConnection, conversation: ConversationSummary, player: BotPlayer, opens: Bool, meter: LoadMeter,
        think: Duration, seed: UInt64, table: LoopTable
    ) {
        self.connection = connection
        self.conversation = conversation.conversation
        bot = TableBot(player: player, you: conversation.you, opens: opens)
        self.player = player
        self.opens = opens
        self.meter = meter
        self.think = think
        self.table = table
        generator = SeededRandom(seed: seed)
    }

    func start() {
        connection.eventLoop?.execute {
            self.meter.seatOpened()
            self.connection.listen({ self.handle($0) }, closed: {
                self.meter.seatClosed()
                if !self.meter.isStopped { self.meter.failed("a connection closed while its bot was playing") }
            })
        }
    }

    private func handle(_ frame: ServerFrame) {
        switch frame {
        case let .event(event) where event.conversation == conversation:
            do { try handle(event) } catch { meter.failed("\(error)") }
        case let .accepted(accepted) where accepted.id == pending?.id:
            if let pending { meter.accepted(roundTrip: .now - pending.start) }
            pending = nil
        case let .rejected(rejected) where rejected.id == pending?.id:
            if rejected.error.code == "rate-limited", let frame = pending?.frame {
                meter.rateLimitedOnce()
                pending = nil
                schedule(frame, after: .milliseconds(100))
            } else {
                meter.refused("\(rejected.error.code): \(rejected.error.reason)")
                pending = nil
                table.close()
            }
        case let .error(error):
            meter.failed("error frame: \(error.code): \(error.reason)")
        default:
            break
        }
    }

    private func handle(_ event: Event) throws {
        switch try bot.step(after: event, stopped: meter.isStopped, using: &generator) {
        case .nothing:
            break
        case .openFirstGame:
            try propose(player.opening(using: &generator), after: nil)
        case .gameOver:
            if opens { meter.gameFinished() }
            if opens, !meter.isStopped { try propose(player.opening(using: &generator), after: nil) }
        case let .move(proposal, event):
            try propose(proposal, after: event)
        }
    }

    private func propose(_ query: String?, after event: Event?) throws {
        guard let query else { return }
        sent += 1
        let frame = ClientFrame.send(.init(
            id: "m\(sent)", conversation: conversation, game: player.game,
            variant: event == nil ? player.variant : nil, session: event?.status?.session, basedOn: event?.seq, url: query))
        schedule(frame, after: think > .zero ? think * Double.random(in: 0.5...1.5, using: &generator) : .zero)
    }

    private func schedule(_ frame: ClientFrame, after pause: Duration) {
        guard pause > .zero, let eventLoop = connection.eventLoop else {
            write(frame)
            return
        }
        let (seconds, attoseconds) = pause.components
        eventLoop.scheduleTask(in: .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)) { self.write(frame) }
    }

    private func write(_ frame: ClientFrame) {
        guard !meter.isStopped, let id = frame.requestID else { return }
        pending = (frame, id, .now)
        connection.send(frame)
    }
}
