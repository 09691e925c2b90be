import Client
import Foundation
import GameRules
import Play
import Wire

/// One bot at a table: it reads its connection's events and, whenever the newest message of
/// its game leaves the turn to it, asks its strategy for the next state and sends it. The
/// seat that opened the conversation starts each game, the first once the other bot has
/// joined and the next as soon as one ends, until the run stops or `games` are played.
///
/// It stands on the bare `ParleyConnection` rather than the reconnecting `ParleyClient`: a
/// load run wants the lightest client, and counts a dropped connection as an error instead of
/// hiding it behind a resume.
struct BotSeat: Sendable {
    let connection: ParleyConnection
    let player: BotPlayer
    let opens: Bool
    let meter: LoadMeter
    /// How many games to play before returning; `nil` plays on until the connection closes.
    let games: Int?
    let recording: Bool
    /// How long the bot thinks before each move, on average (half to one and a half times
    /// this): zero for a bot that answers at once, as in a throughput run.
    let think: Duration
    var generator: SeededRandom
    var record: SeatRecord

    private var bot: TableBot
    private var finished = 0
    private var sent = 0

    init(
        connection: ParleyConnection, conversation: ConversationSummary, player: BotPlayer, opens: Bool,
        meter: LoadMeter, games: Int?, recording: Bool, think: Duration, seed: UInt64
    ) {
        self.connection = connection
        self.player = player
        self.opens = opens
        self.meter = meter
        self.games = games
        self.recording = recording
        self.think = think
        generator = SeededRandom(seed: seed)
        bot = TableBot(player: player, you: conversation.you, opens: opens)
        record = SeatRecord(account: connection.account, you: conversation.you, conversation: conversation.conversation)
    }

    /// Plays until `games` are over or the connection ends; returns what the seat saw.
    mutating func play() async -> SeatRecord {
        meter.seatOpened()
        defer { meter.seatClosed() }
        for await frame in connection.frames {
            guard case let .event(event) = frame, event.conversation == record.conversation else {
                if case let .error(error) = frame { meter.failed("error frame: \(error.code): \(error.reason)") }
                continue
            }
            if recording { record.events.append(event) }
            do {
                if try await handle(event) || record.gaveUp { return record }
            } catch {
                meter.failed("\(error)")
            }
        }
        meter.failed("a connection closed while its bot was playing")
        return record
    }

    /// Returns whether the seat has played all its games.
    private mutating func handle(_ event: Event) async throws -> Bool {
        switch try bot.step(after: event, stopped: meter.isStopped, using: &generator) {
        case .nothing:
            break
        case .openFirstGame:
            try await send(player.opening(using: &generator), after: nil)
        case let .gameOver(status):
            finished += 1
            if recording { record.outcomes.append(status) }
            if opens { meter.gameFinished() }
            if let games, finished >= games { return true }
            if opens, !meter.isStopped { try await send(player.opening(using: &generator), after: nil) }
        case let .move(proposal, event):
            try await send(proposal, after: event)
        }
        return false
    }

    /// Sends one proposal and waits for its answer, timing the round trip. A request refused
    /// for the server's rate limit is sent again, with the same id, after a pause; one refused
    /// for any other reason leaves the game stuck, so the seat gives up.
    private mutating func send(_ query: String?, after event: Event?) async throws {
        guard let query else { return }
        if think > .zero {
            try await Task.sleep(for: think * Double.random(in: 0.5...1.5, using: &generator))
        }
        sent += 1
        let frame = ClientFrame.send(.init(
            id: "m\(sent)", conversation: record.conversation, game: player.game,
            variant: event == nil ? player.variant : nil, session: event?.status?.session, basedOn: event?.seq, url: query))
        while true {
            let start = ContinuousClock.now
            let answer = try await connection.request(frame)
            switch answer {
            case let .accepted(accepted):
                meter.accepted(roundTrip: .now - start)
                if recording { record.accepted.append(accepted.seq) }
                return
            case let .rejected(rejected) where rejected.error.code == "rate-limited":
                meter.rateLimitedOnce()
                try await Task.sleep(for: .milliseconds(100))
            case let .rejected(rejected):
                meter.refused("\(rejected.error.code): \(rejected.error.reason)")
                record.gaveUp = true
                return
            default:
                meter.failed("a send was answered with \(answer)")
                return
            }
        }
    }
}
