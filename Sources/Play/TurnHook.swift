import Foundation
import Transcript
import Wire

/// `parley play --on-turn CMD`: a command of the player's, run by the client when a turn
/// becomes theirs (for `notify-send`, a mail, a phone gateway): the server itself calls out to
/// nobody. It runs as `/bin/sh -c CMD`, never waited for, with the turn in its environment:
/// `PARLEY_CONVERSATION` (the id), `PARLEY_NUMBER` (the client's number for it), `PARLEY_SESSION`,
/// `PARLEY_GAME` and `PARLEY_TEXT` ("Your turn: battleship in conversation 1").
///
/// Like the bell, it keeps quiet while the client catches up after connecting (what arrives
/// then is history), and runs once for each turn that becomes the player's afterwards.
public struct TurnHook: Sendable {
    public let command: String
    /// When the client came online; `nil` before. Replayed events come within `catchUp` of it.
    private var online: ContinuousClock.Instant?
    static let catchUp = Duration.seconds(3)

    public init(command: String) {
        self.command = command
    }

    /// The client came online at `now`.
    public mutating func online(at now: ContinuousClock.Instant) {
        online = now
    }

    /// The turn `event` gives the player, if it gives them one: a game message by someone else
    /// (or a timeout that skips to anyone) after which they may move, in a game they play.
    public static func turn(of event: Event, in book: PlayerBook) -> Turn? {
        guard event.kind == .message || event.kind == .timeout, let status = event.status, !status.outcome.finished,
            let you = book.you(in: event.conversation), !book.watches(event.conversation), status.turn.allows(you),
            event.message?.sender != you
        else { return nil }
        return Turn(
            conversation: event.conversation, number: book.number(of: event.conversation), session: status.session,
            game: status.game)
    }

    /// A turn that became the player's.
    public struct Turn: Hashable, Sendable {
        public var conversation: ConversationID
        public var number: Int
        public var session: String
        public var game: String

        public var text: String { "Your turn: \(game) in conversation \(number)" }

        public var environment: [String: String] {
            [
                "PARLEY_CONVERSATION": conversation.rawValue, "PARLEY_NUMBER": String(number), "PARLEY_SESSION": session,
                "PARLEY_GAME": game, "PARLEY_TEXT": text,
            ]
        }
    }

    /// Runs the command for `turn`, unless the client is still catching up at `now`.
    public func ran(for turn: Turn, at now: ContinuousClock.Instant) -> Bool {
        guard let online, now - online >= Self.catchUp else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.environment = ProcessInfo.processInfo.environment.merging(turn.environment) { $1 }
        process.standardInput = FileHandle.nullDevice
        // Reaped when it ends; its failure is its own business, not the game's.
        process.terminationHandler = { _ in }
        return (try? process.run()) != nil
    }
}
