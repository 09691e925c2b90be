import Foundation
import GameRules
import Transcript

/// A finished game as anyone may see it again, move by move: each message as someone without a
/// seat received it (signed, so each step can be checked), with its caption, and players named
/// by their seats only ("Player 1"), since the page is public to whoever holds a link.
public struct Replay: Hashable, Sendable {
    public struct Step: Hashable, Sendable {
        /// The message's number in its session, from 1.
        public var move: Int
        /// The state as a non-player saw it, with its fleet and chain items: a query without its `?`.
        public var query: String
        /// The message's caption, with players named by their seats.
        public var caption: String
    }

    public var session: String
    public var game: GameID
    public var variant: String
    public var steps: [Step]
    /// How it ended, in words: "Player 2 won", "Game over".
    public var ending: String
}

extension Engine {
    /// Whether `session` is over: `nil` when this engine holds no such session.
    public func isFinished(session: String) -> Bool? {
        guard let id = SessionID(uuidString: session), let conversation = residentConversation(of: id) else { return nil }
        return conversation.sessions[id]?.isFinished ?? conversation.retired.contains(id)
    }

    /// The replay of a finished `session` from its conversation's stored events; `nil` for a
    /// session this engine does not hold or one still being played.
    public func replay(ofSession session: String, from stored: [Record]) throws(EngineError) -> Replay? {
        guard let id = SessionID(uuidString: session), isFinished(session: session) == true,
            let conversation = residentConversation(of: id)
        else { return nil }
        var steps: [Replay.Step] = []
        var game: (GameID, String)?
        var outcome: Outcome?
        try loadScratch(stored, of: conversation) { scratch, seq throws(EngineError) in
            guard let entry = scratch.entry(seq) else { return }
            switch entry.kind {
            case let .message(message) where message.move.session == id:
                let move = message.move
                game = (move.game, move.variant)
                outcome = message.outcome
                let names = Self.seatNames(message.seats, seenBy: conversation.directories[move.sender])
                steps.append(Replay.Step(
                    move: move.moveCount, query: String(try context.signedQuery(of: message, for: nil).drop { $0 == "?" }),
                    caption: names.resolve(move.texts.caption)))
            case let .timeout(ending) where ending.session == id, let .ended(ending) where ending.session == id,
                let .resigned(ending) where ending.session == id:
                outcome = ending.outcome
            default:
                break
            }
        }
        guard let (gameID, variant) = game else { return nil }
        var ending = "Game over"
        if case let .finished(winners, _)? = outcome, !winners.isEmpty {
            ending = winners.sorted().map { "Player \($0.index + 1)" }.joined(separator: " and ") + " won"
        }
        return Replay(session: id.uuidString, game: gameID, variant: variant, steps: steps, ending: ending)
    }

    /// "Player 1", "Player 2", … for the accounts at `seats`, under the identifiers of the
    /// directory their tokens are written in; anyone else reads as "someone".
    private static func seatNames(_ seats: [AccountID], seenBy directory: ViewerDirectory?) -> NameBook {
        var names = NameBook()
        for (index, account) in seats.enumerated() {
            if let id = directory?.id(for: account) { names[id] = "Player \(index + 1)" }
        }
        return names
    }
}
