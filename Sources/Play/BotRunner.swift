import Client
import Fairness
import Foundation
import GamePresentation
import GameRules
import Transcript
import Wire

/// `parley bot`: joins (or opens) a conversation and moves whenever it is the bot's turn in
/// its game, until that game ends, and then the rematches others start. It
/// stands on `ParleyClient`, so a dropped connection is resumed and the game finished.
public actor BotRunner {
    private let client: ParleyClient
    private let player: BotPlayer
    private let output: @Sendable (String) -> Void
    private var generator: SeededRandom
    private var book: PlayerBook

    /// Told of every move the server answered `accepted`, for tests that check the store.
    private let accepted: @Sendable (ServerFrame.Accepted) -> Void

    public init(
        client: ParleyClient, player: BotPlayer, seed: UInt64, output: @escaping @Sendable (String) -> Void,
        accepted: @escaping @Sendable (ServerFrame.Accepted) -> Void = { _ in }
    ) {
        self.client = client
        self.accepted = accepted
        self.player = player
        book = PlayerBook(catalog: player.catalog)
        generator = SeededRandom(seed: seed)
        self.output = output
    }

    /// The sessions played to their end: their later events are not a game to play.
    private var finished: Set<String> = []

    /// Plays one game: in the conversation of `invite`, or in a new one whose invite code it
    /// prints. With `opens`, the bot starts the game once someone else has joined. With
    /// `rematches`, it then plays each rematch someone else starts (`m` on the finished game)
    /// until nobody else is left in the conversation. Each game's end is said as it comes;
    /// returns the last game's final status as the bot saw it.
    public func play(invite: String?, opens: Bool, rematches: Bool = false) async throws -> GameStatus {
        var updates = client.updates.makeAsyncIterator()
        if let document = await client.publishedKey(), let key = ChainPublicKey(published: document) {
            book.check(with: key)
        }
        let answer = try await client.request(invite.map { .join(.init(id: UUID().uuidString, invite: $0)) }
            ?? .create(.init(id: UUID().uuidString)))
        guard case let .conversation(reply) = answer else { throw LineError("The server refused: \(answer)") }
        let conversation = reply.conversation.conversation
        if reply.conversation.role == .spectator {
            // Joined by an invite to watch, which it was never meant to hold: out again at once.
            _ = try? await client.request(.leave(.init(id: UUID().uuidString, conversation: conversation)))
            throw LineError("That code is an invite to watch: a bot plays, so it needs the conversation's invite to play.")
        }
        book.learn(reply.conversation)
        output("conversation \(conversation) invite \(reply.conversation.invite)")
        if invite == nil, let watch = reply.conversation.watchInvite { output("to watch it: \(watch)") }
        var game = Game(conversation: conversation, you: reply.conversation.you, opened: !opens, rematches: rematches)
        while let update = await updates.next() {
            if let done = try await step(update, in: &game) { return done }
        }
        throw LineError("The connection ended before the game did.")
    }

    /// Where the bot stands in the game of a conversation, from one update to the next.
    private struct Game: Sendable {
        let conversation: ConversationID
        let you: ParticipantID
        /// Whether the bot has opened the game (or need not): until then it opens once someone
        /// else joins.
        var opened: Bool
        /// Whether it plays the games started after the first.
        let rematches: Bool
        var last: GameStatus?
        var session: String?
    }

    /// What one update does to `game`: the final status once the bot is done with the
    /// conversation (its game ended, or, with rematches, everyone else left), else `nil`.
    private func step(_ update: ParleyClient.Update, in game: inout Game) async throws -> GameStatus? {
        if case let .untrusted(error) = update { throw error }
        guard case let .event(event) = update, event.conversation == game.conversation else { return nil }
        book.record(event)
        // A bot does not play on against a server caught lying.
        if let warning = LineFormatter.warning(for: event, in: book) { throw LineError(warning) }
        if !game.opened, event.kind == .joined, event.participant?.id != game.you {
            game.opened = true
            try await send(try player.opening(using: &generator), conversation: game.conversation, after: nil)
            return nil
        }
        if event.kind == .left || event.kind == .removed, book.players(in: game.conversation).allSatisfy({ $0 == game.you }) {
            output("everyone else left")
            guard let last = game.last else { throw LineError("Everyone else left before the game ended.") }
            return last
        }
        // The game being played, or (after one) the next one someone starts: a rematch.
        guard let status = event.status, event.kind != .joined, status.game == player.game,
            !finished.contains(status.session), game.session == nil || game.session == status.session
        else { return nil }
        if event.kind == .message, game.session == nil { game.session = status.session }
        if status.outcome.finished {
            finished.insert(status.session)
            output(ending(status, by: event, you: game.you))
            guard game.rematches else { return status }
            game.last = status
            game.session = nil
            return nil
        }
        guard event.kind == .message, status.turn.allows(game.you), let message = event.message,
            let proposal = try player.proposal(after: message.url, using: &generator)
        else { return nil }
        try await send(proposal, conversation: game.conversation, after: event)
        return nil
    }

    /// Seeks a game of the bot's (its variant, `secondsPerMove`, rated or not) `games` times,
    /// one after another: each time it is paired, it plays the game to its end (and starts it,
    /// when the pairing names it first). Returns each game's final status as the bot saw it.
    public func seek(secondsPerMove: Int, rated: Bool, games: Int) async throws -> [GameStatus] {
        var updates = client.updates.makeAsyncIterator()
        if let document = await client.publishedKey(), let key = ChainPublicKey(published: document) {
            book.check(with: key)
        }
        var results: [GameStatus] = []
        for _ in 0..<games {
            let answer = try await client.request(.seek(.init(
                id: UUID().uuidString, game: player.game, variant: player.variant, secondsPerMove: secondsPerMove, rated: rated)))
            guard case .done = answer else { throw LineError("The server refused the seek: \(answer)") }
            output("seeking \(player.game)\(player.variant.map { " (\($0))" } ?? ""), \(secondsPerMove) seconds a move")
            // The conversation the server opens comes first, then its entries, the paired one last.
            var yours: [ConversationID: ParticipantID] = [:]
            var paired: (conversation: ConversationID, pairing: PairingInfo)?
            while paired == nil, let update = await updates.next() {
                switch update {
                case let .untrusted(error): throw error
                case let .conversation(summary):
                    book.learn(summary)
                    yours[summary.conversation] = summary.you
                case let .event(event):
                    book.record(event)
                    if event.kind == .paired, let pairing = event.pairing { paired = (event.conversation, pairing) }
                default: break
                }
            }
            guard let (conversation, pairing) = paired, let you = yours[conversation] else {
                throw LineError("The connection ended before a game was found.")
            }
            output("paired in conversation \(conversation)")
            if pairing.players.first == you {
                try await send(try player.opening(using: &generator), conversation: conversation, after: nil)
            }
            var game = Game(conversation: conversation, you: you, opened: true, rematches: false)
            var done: GameStatus?
            while done == nil, let update = await updates.next() { done = try await step(update, in: &game) }
            guard let done else { throw LineError("The connection ended before the game did.") }
            results.append(done)
        }
        return results
    }

    /// How a game ended, in words: "game over after 9 moves: Amber won", "…: Amber resigned, the bot won".
    private func ending(_ status: GameStatus, by event: Event, you: ParticipantID) -> String {
        let names = book.nameBook(for: event.conversation)
        let name = { (id: ParticipantID) in id == you ? "the bot" : names.name(of: id) }
        let winners = status.outcome.winners.map(name)
        let result = winners.isEmpty ? "nobody won" : winners.joined(separator: " and ") + " won"
        let why: String = switch event.kind {
        case .resigned: event.participant.map { name($0.id) + " resigned, " } ?? ""
        case .timeout: (event.participant.map { name($0.id) + " ran out of time, " } ?? "time ran out, ")
        case .ended: "the server's operator ended it, "
        default: ""
        }
        return "game over after \(counted(status.moves, "move")): \(why)\(result)"
    }

    private func send(_ query: String?, conversation: ConversationID, after event: Event?) async throws {
        guard let query else { return }
        let frame = ClientFrame.send(.init(
            id: UUID().uuidString, conversation: conversation, game: player.game,
            variant: event == nil ? player.variant : nil, session: event?.status?.session, basedOn: event?.seq,
            url: query))
        var answer = try await client.request(frame)
        // Too fast for the server: wait, and send the same message (same id) again.
        while case let .rejected(rejected) = answer, rejected.error.code == "rate-limited" {
            try await Task.sleep(for: .milliseconds(250))
            answer = try await client.request(frame)
        }
        if case let .accepted(move) = answer { accepted(move) }
        if case let .rejected(rejected) = answer, rejected.error.code != "stale" {
            // A stale answer means someone moved first; the next event brings the current state.
            output("refused: \(rejected.error.reason) (\(rejected.error.code))")
        }
    }
}
