import Client
import Fairness
import GameCatalog
import GameRules
import TerminalUI
import Foundation
import GameCatalog
import Wire

/// `parley play --lines`: commands in, plain lines out. Updates from the server are printed as
/// they arrive, beside the commands, each event once.
public actor LineMode {
    private let client: ParleyClient
    private let output: @Sendable (String) -> Void
    private var book: PlayerBook
    private let catalog: GameCatalog
    private var onTurn: TurnHook?
    /// This install's account, once the server has said it (`welcome`).
    private var account: String?
    /// The client's clock, for the hook's quiet while it catches up.
    private let now: @Sendable () -> ContinuousClock.Instant

    /// `catalog`: the games this client knows, whose words and line-mode verbs it has; any
    /// other game is shown as its items and answered with `move`. `onTurn`: a command run when
    /// a turn becomes the player's.
    public init(
        client: ParleyClient, catalog: GameCatalog = .standard, onTurn: TurnHook? = nil,
        now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }, output: @escaping @Sendable (String) -> Void
    ) {
        self.client = client
        self.catalog = catalog
        self.output = output
        self.onTurn = onTurn
        self.now = now
        book = PlayerBook(catalog: catalog)
    }

    /// Runs until `input` says `quit`, or ends and its commands are done, or the client stops
    /// trusting its server, which it returns. Commands are carried out one after another, in
    /// order; `quit` is heard even while one waits for the server (before the first
    /// connection, say), and ends the session at once.
    @discardableResult
    public func run(input: AsyncStream<String>) async -> ServerTrustError? {
        enum Next: Sendable {
            case line(String)
            case untrusted(ServerTrustError)
            case end
        }
        let (nexts, next) = AsyncStream<Next>.makeStream()
        let updates = Task {
            if let untrusted = await self.printUpdates() { next.yield(.untrusted(untrusted)) }
        }
        let lines = Task {
            for await line in input { next.yield(.line(line)) }
            next.yield(.end)
        }
        defer {
            updates.cancel()
            lines.cancel()
        }
        let (commands, queue) = AsyncStream<String>.makeStream()
        let worker = Task { await self.perform(commands) }
        for await item in nexts {
            switch item {
            case let .line(line):
                if (try? LineCommand.parse(line, catalog: catalog)) == .quit {
                    queue.finish()
                    worker.cancel()
                    return nil
                }
                queue.yield(line)
            case let .untrusted(error):
                queue.finish()
                worker.cancel()
                return error
            case .end:
                queue.finish()
                await worker.value
                return nil
            }
        }
        return nil
    }

    private func perform(_ lines: AsyncStream<String>) async {
        for await line in lines {
            guard !Task.isCancelled else { return }
            do {
                guard let command = try LineCommand.parse(line, catalog: catalog) else { continue }
                try await perform(command)
            } catch let error as LineError {
                output("error: \(error)")
            } catch {
                output("error: \(error)")
            }
        }
    }

    /// Prints what the client hears until it stops; returns why, when it stopped trusting.
    private func printUpdates() async -> ServerTrustError? {
        for await update in client.updates {
            switch update {
            case let .online(account):
                output("online as \(account.prefix(12))")
                self.account = account
                onTurn?.online(at: now())
                // Before the events that follow: each is checked as it is printed.
                if !book.checksMessages, let document = await client.publishedKey(), let key = ChainPublicKey(published: document) {
                    book.check(with: key)
                    output("checking every game message against the server's key, SHA-256 \(key.fingerprint.prefix(16))")
                }
            case let .offline(reason): output("offline: \(reason); reconnecting")
            case let .error(error): output("error: \(error.reason)")
            case let .conversation(summary): book.learn(summary)
            case let .event(event):
                guard book.record(event) else { continue }
                output(LineFormatter.line(for: event, in: book, now: Date()))
                if let warning = LineFormatter.warning(for: event, in: book) { output(warning) }
                if let onTurn, let turn = TurnHook.turn(of: event, in: book) { _ = onTurn.ran(for: turn, at: now()) }
            case let .untrusted(error): return error
            }
        }
        return nil
    }

    private func perform(_ command: LineCommand) async throws {
        switch command {
        case .create:
            try await learn(client.request(.create(.init(id: UUID().uuidString))))
        case let .join(invite):
            try await learn(client.request(.join(.init(id: UUID().uuidString, invite: invite))))
        case let .leave(reference):
            let conversation = try book.conversation(reference)
            let number = book.number(of: conversation)
            let answer = try await client.request(.leave(.init(id: UUID().uuidString, conversation: conversation)))
            guard case .done = answer else { return report(answer, done: nil) }
            book.forget(conversation)
            output("left [\(number)]" + (number <= book.order.count ? "; the conversations after it move up a number" : ""))
        case .list:
            guard case let .conversations(list) = try await client.request(.list(.init(id: UUID().uuidString))) else { return }
            for summary in list.conversations { book.learn(summary) }
            if list.conversations.isEmpty { output("no conversations") }
            for summary in list.conversations { output(LineFormatter.line(for: summary, in: book)) }
        case let .name(name):
            report(try await client.request(.rename(.init(id: UUID().uuidString, name: name))), done: "name set")
        case let .seek(game, variant, seconds, rated, bot, players, start):
            let answer = try await client.request(.seek(.init(
                id: UUID().uuidString, game: game, variant: variant, secondsPerMove: seconds, rated: rated, players: players,
                startWithFewerAfter: start, houseBotAfter: bot)))
            let what = game + (variant.map { " (\($0))" } ?? "") + ", " + TimeControlWords.perMove(seconds) + (rated ? ", rated" : ", casual")
            let waiting = switch bot {
            case nil where (players ?? 2) > 2:
                "waiting for \(players! - 1) more players" + (start.map { ", or starting with those present after \($0) s" } ?? "")
            case nil: "waiting for another player"
            case 0?: "the house bot, unless another player is waiting"
            case let after?: "waiting for another player, or the house bot after \(after) s"
            }
            report(answer, done: "seeking \(what): \(waiting) (unseek to stop)")
        case .unseek:
            report(try await client.request(.unseek(.init(id: UUID().uuidString))), done: "no longer seeking")
        case let .ladder(game, variant):
            let (ladder, page) = try await client.ladder(game: game, variant: variant, you: account)
            for line in LineFormatter.lines(for: ladder) { output(line) }
            output(page)
        case let .start(reference, game, variant, query, secondsPerMove):
            let conversation = try book.conversation(reference)
            report(try await client.request(.send(.init(
                id: UUID().uuidString, conversation: conversation, game: game, variant: variant,
                url: query.hasPrefix("?") ? query : "?" + query, secondsPerMove: secondsPerMove))), done: nil)
        case let .move(reference, seq, items, game):
            let conversation = try book.conversation(reference)
            guard let message = book.event(seq, in: conversation)?.message else {
                throw LineError("Conversation \(reference) has no message #\(seq).")
            }
            if let game, message.game.rawValue != game {
                // A game's own verb aimed at another game's message: said so, not sent.
                let name = { (id: String) in GameCatalog.standard.type(GameID(rawValue: id))?.name ?? id }
                throw LineError("Message #\(seq) is not a \(name(game)) game: it is \(name(message.game.rawValue)).")
            }
            report(try await client.request(.send(.init(
                id: UUID().uuidString, conversation: conversation, game: message.game.rawValue,
                session: message.session?.uuidString, basedOn: seq, url: message.url + "&" + items))), done: nil)
        case let .resign(reference, seq):
            let conversation = try book.conversation(reference)
            guard let session = book.event(seq, in: conversation)?.status?.session else {
                throw LineError("Conversation \(reference) has no game message #\(seq).")
            }
            report(try await client.request(.resign(.init(
                id: UUID().uuidString, conversation: conversation, session: session))), done: nil)
        case let .replay(reference, seq):
            let conversation = try book.conversation(reference)
            for line in try LineFormatter.replay(ofMessage: seq, in: conversation, book: book, reference: reference) { output(line) }
        case let .export(reference, seq, file):
            let conversation = try book.conversation(reference)
            let lines = try GameExport.lines(ofMessage: seq, in: conversation, book: book, reference: reference)
            do {
                try (lines.joined(separator: "\n") + "\n").write(toFile: file, atomically: true, encoding: .utf8)
            } catch {
                throw LineError("Cannot write \(file): \(error.localizedDescription)")
            }
            output("exported the game of #\(seq) to \(file): \(lines.count - 1) messages (parley replay \(file) plays it back)")
        case let .say(reference, text):
            let conversation = try book.conversation(reference)
            report(try await client.request(.chat(.init(id: UUID().uuidString, conversation: conversation, text: text))), done: nil)
        case let .sticker(reference, file, name) where Int(file) != nil && !FileManager.default.fileExists(atPath: file):
            // A message's number: its game's state, drawn by the server (a finished ice cream).
            let conversation = try book.conversation(reference)
            guard let message = book.event(Int(file)!, in: conversation)?.message, let query = message.url.firstIndex(of: "?") else {
                throw LineError("Conversation \(reference) has no game message #\(file).")
            }
            // Named as the full-screen client names it, unless a name is given.
            let items = try? QueryString.items(in: message.url)
            let answer = try await client.postGameSticker(
                conversation: conversation, game: message.game.rawValue, query: String(message.url[query...]),
                name: name ?? GameCatalog.standard.stickerName(game: message.game.rawValue, items: items))
            output(answer.status == 404 ? "refused: message #\(file)'s state makes no sticker; a finished ice cream does."
                : StickerAnswerWords.line(answer))
        case let .sticker(reference, file, name):
            let conversation = try book.conversation(reference)
            guard let image = FileManager.default.contents(atPath: file) else { throw LineError("Cannot read \(file).") }
            let answer = try await client.postSticker(
                conversation: conversation, name: name ?? URL(fileURLWithPath: file).lastPathComponent, image: Array(image))
            output(StickerAnswerWords.line(answer))
        case let .show(reference):
            let conversation = try book.conversation(reference)
            for event in book.events[conversation] ?? [] { output(LineFormatter.line(for: event, in: book)) }
        case .help:
            output(LineCommand.usage(catalog: catalog))
        case .quit:
            break
        }
    }

    private func learn(_ answer: ServerFrame) {
        guard case let .conversation(reply) = answer else { return report(answer, done: nil) }
        book.learn(reply.conversation)
        output(LineFormatter.line(for: reply.conversation, in: book))
    }

    /// Refusals in words; successes quietly (their events say what happened) unless `done`.
    private func report(_ answer: ServerFrame, done: String?) {
        switch answer {
        case let .rejected(rejected):
            if let current = rejected.current { book.record(current) }
            if rejected.error.code == "stale" {
                output("refused: " + Refusal.words(for: rejected, in: book, withSeq: true))
            } else {
                output("refused: \(rejected.error.reason) (\(rejected.error.code))")
            }
        default:
            if let done { output(done) }
        }
    }
}
