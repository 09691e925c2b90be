import Foundation
import GamePresentation
import TerminalUI
import Transcript
import Wire

/// Events and answers as the plain lines of `parley play --lines`: one line each, names instead
/// of identifiers, for scripts and screen readers.
public enum LineFormatter {
    /// A ladder as lines: the established ratings, the provisional ones, and the reader's place.
    public static func lines(for ladder: Ladder) -> [String] {
        func line(_ place: Ladder.Place) -> String {
            let games = "\(place.games) game\(place.games == 1 ? "" : "s"): \(place.wins) won, \(place.losses) lost, \(place.draws) drawn"
            return "  \(place.place). \(place.name ?? "(no name)") \(place.rating)\(place.provisional ? "?" : "") (\(games))"
        }
        var lines = ["ladder of \(ladder.game) (\(ladder.variant)): \(ladder.playerCount) established, \(ladder.provisionalCount) provisional"]
        lines += ladder.players.map(line)
        if !ladder.provisional.isEmpty { lines.append("provisional:") }
        lines += ladder.provisional.map(line)
        if let you = ladder.you {
            lines.append("you: \(you.place) of \(you.provisional ? "the provisional ratings" : String(ladder.playerCount)), rated \(you.rating)\(you.provisional ? "?" : "")")
        } else {
            lines.append("you: no rated game of this variant yet")
        }
        return lines
    }

    /// `now`, the client's clock, adds the time left in a timed turn ("your turn, 4:59 left").
    public static func line(for event: Event, in book: PlayerBook, now: Date? = nil) -> String {
        let names = book.nameBook(for: event.conversation)
        let prefix = "[\(book.number(of: event.conversation))] #\(event.seq)"
        let who = event.participant.map { names.name(of: $0.id) } ?? "someone"
        switch event.kind {
        case .joined:
            return "\(prefix) \(who) joined" + (event.participant?.role == .spectator ? " to watch" : "")
                + (event.participant?.bot == true ? " (the server's bot)" : "")
        case .left: return "\(prefix) \(who) left"
        case .renamed:
            let name = event.participant?.name ?? "?"
            if event.participant?.id == book.you(in: event.conversation) { return "\(prefix) you are now called \(name)" }
            return "\(prefix) \(book.formerName(in: event.conversation, seq: event.seq) ?? "someone") is now called \(name)"
        case .removed: return "\(prefix) the server's operator removed \(who)"
        case .paired:
            guard let pairing = event.pairing, let first = pairing.players.first else { return "\(prefix) paired" }
            let you = book.you(in: event.conversation)
            let mover = first == you ? "you move first" : "\(names.name(of: first)) moves first"
            let ratings = TranscriptRenderer.pairingRatings(pairing, viewer: you) { names.name(of: $0) }.map { " (\($0))" } ?? ""
            return "\(prefix) " + TranscriptRenderer.pairingText(pairing).lowercasedFirst + ratings + " — " + mover
        case .aborted: return "\(prefix) " + TranscriptRenderer.abortedText.lowercasedFirst
        case .rated:
            guard let ratings = event.ratings, let you = book.you(in: event.conversation) else { return "\(prefix) rated" }
            return "\(prefix) " + TranscriptRenderer.ratingsText(ratings, viewer: you) { names.name(of: $0) }.lowercasedFirst
        case .ended: return "\(prefix) the server's operator ended the game" + revealed(event, in: book)
        case .chat:
            return "\(prefix) \(who): " + ChatText.neutralised(event.text ?? "")
        case .sticker:
            guard let sticker = event.sticker else { return "\(prefix) \(who) sent a sticker" }
            return "\(prefix) \(who): " + StickerWords.line(sticker) + " — " + sticker.url
        case .resigned:
            let status = event.status.map { " — " + turn($0, names: names, you: book.you(in: event.conversation), players: book.players(in: event.conversation)) } ?? ""
            return "\(prefix) \(who) resigned\(status)" + revealed(event, in: book)
        case .timeout:
            let status = event.status.map { " — " + turn($0, names: names, you: book.you(in: event.conversation), players: book.players(in: event.conversation)) } ?? ""
            return "\(prefix) time is up for \(event.participant == nil ? "the next player" : who)\(status)" + revealed(event, in: book)
        case .message:
            guard let message = event.message else { return "\(prefix) (an empty message)" }
            let you = book.you(in: event.conversation)
            let words = you.map { MessageWords(names: names, viewer: $0, catalog: book.catalog) }
            let layout = words?.layout(of: message) ?? names.resolve(message).layout
            let texts = [layout.caption, layout.subcaption, layout.trailingCaption, layout.trailingSubcaption].compactMap { $0 }
            let clock = now.flatMap { now in event.status?.deadline.map { ", " + StatusLine.timeLeft(until: $0, now: now) } }
            let status = event.status.map { turn($0, names: names, you: you, players: book.players(in: event.conversation)) + (clock ?? "") }
            let check: String? = switch book.checks[event.conversation]?[event.seq] {
            case .verified?: "signed"
            case .unsigned?: "unsigned"
            case .failed?: "FAILED CHECK"
            case nil: nil
            }
            let parts = [texts.joined(separator: " | ")] + [status, check, message.url].compactMap { $0 }
            // "Amber placed their ships!" needs no "Amber: " before it; "I added some scoops" does.
            let namesItsSender = message.layout.caption?.hasPrefix(message.sender.token) ?? false
            let sender = namesItsSender ? "" : (message.sender == you ? "You" : names.name(of: message.sender)) + ": "
            return "\(prefix) \(message.game) \(sender)" + parts.joined(separator: " — ")
        }
    }

    /// What the client's check said of an end's reveal (the boards of a game ended without a
    /// move of its own), and its URL: "" for an end that reveals nothing.
    private static func revealed(_ event: Event, in book: PlayerBook) -> String {
        let check: String? = switch book.checks[event.conversation]?[event.seq] {
        case .verified?: "revealed, signed"
        case .unsigned?: "revealed, unsigned"
        case .failed?: "FAILED CHECK"
        case nil: event.reveal.map { _ in "revealed" }
        }
        return ([check, event.reveal].compactMap { $0 }.map { " — " + $0 }).joined()
    }

    /// `replay CONV SEQ`: every message of the game of message `seq`, in order, each as its
    /// line with "move N of M" before it.
    public static func replay(ofMessage seq: Int, in conversation: ConversationID, book: PlayerBook, reference: String) throws(LineError)
        -> [String]
    {
        guard let session = book.event(seq, in: conversation)?.status?.session else {
            throw LineError("Conversation \(reference) has no game message #\(seq).")
        }
        let messages = (book.events[conversation] ?? []).filter { $0.kind == .message && $0.status?.session == session }
        return ["replay of the game of #\(seq): \(counted(messages.count, "move"))"]
            + messages.enumerated().map { "move \($0.offset + 1) of \(messages.count): " + line(for: $0.element, in: book) }
    }

    /// The loud line under a message that failed the client's check, or `nil`.
    public static func warning(for event: Event, in book: PlayerBook) -> String? {
        guard case let .failed(reason)? = book.checks[event.conversation]?[event.seq] else { return nil }
        return "[\(book.number(of: event.conversation))] #\(event.seq) " + MessageCheck.warning(reason, message: event.seq)
    }

    /// Whose turn it is, in words: "your turn", "Ben's turn", "anyone but Amber", "game over: Amber won".
    /// `players`, the conversation's (spectators aside): of two, anyone but one is the other.
    public static func turn(_ status: GameStatus, names: NameBook, you: ParticipantID?, players: [ParticipantID] = []) -> String {
        if status.outcome.finished {
            let winners = status.outcome.winners.map { names.name(of: $0) }
            return winners.isEmpty ? "game over" : "game over: \(winners.joined(separator: " and ")) won"
        }
        let prompt = status.prompt.map { " (\($0))" } ?? ""
        switch status.turn.kind {
        case .player:
            let player = status.turn.participants.first
            return (player == you ? "your turn" : "\(player.map { names.name(of: $0) } ?? "someone")'s turn") + prompt
        case .anyoneExcept where StatusLine.other(of: status.turn.participants, among: players) != nil:
            let player = StatusLine.other(of: status.turn.participants, among: players)
            return (player == you ? "your turn" : "\(player.map { names.name(of: $0) } ?? "someone")'s turn") + prompt
        case .anyoneExcept:
            let others = status.turn.participants.map { $0 == you ? "you" : names.name(of: $0) }
            return "anyone but \(others.joined(separator: " and "))" + prompt
        case .anyone: return "anyone's turn" + prompt
        case .nobody: return "nobody's turn"
        }
    }

    public static func line(for summary: ConversationSummary, in book: PlayerBook) -> String {
        let names = book.nameBook(for: summary.conversation)
        let members = summary.members.map { names.name(of: $0.id) + ($0.role == .spectator ? " (watching)" : "") }
        return "[\(book.number(of: summary.conversation))] \(summary.conversation) \(book.invites(of: summary.conversation)) — "
            + members.joined(separator: ", ")
    }
}
