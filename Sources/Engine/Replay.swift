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

extension Replay {
    /// The replay of a finished session, from its conversation's stored records in order (those
    /// of other sessions, chat and the like are passed over): `nil` when the records hold no
    /// message of the session or do not finish it.
    public static func of(_ session: SessionID, from records: some Sequence<Record>, context: EngineContext) throws(EngineError)
        -> Replay?
    {
        var builder = Builder(session: session, context: context)
        for record in records { try builder.add(record) }
        return builder.replay
    }

    /// A replay worked out record by record, from a session's first message on: each message as
    /// someone without a seat received it, signed, its caption naming players by their seats.
    public struct Builder {
        private let context: EngineContext
        private var followed: StoredSession
        private var steps: [Step] = []

        public init(session: SessionID, context: EngineContext) {
            self.context = context
            followed = StoredSession(id: session)
        }

        /// Whether the records added so far finish the session.
        public var isFinished: Bool { followed.isFinished }

        /// Adds the next record of the session's conversation.
        public mutating func add(_ record: Record) throws(EngineError) {
            try followed.follow(record, catalog: context.catalog)
            guard case let .accepted(move) = record, move.session == followed.id, let match = followed.match else { return }
            let entry = MessageEntry(
                move: move, views: nil, digests: nil, seats: followed.seats, turn: match.turn, outcome: match.outcome,
                prompt: match.prompt)
            let names = Replay.seatNames(followed.seats, seenBy: move.sender, identifiers: context.identifiers)
            steps.append(Step(
                move: move.moveCount, query: String(try context.signedQuery(of: entry, for: nil).drop { $0 == "?" }),
                caption: names.resolve(move.texts.caption)))
        }

        /// The replay, once the records added finish the session.
        public var replay: Replay? {
            guard followed.isFinished, let move = followed.newestMove, let outcome = followed.match?.outcome else { return nil }
            var ending = "Game over"
            if case let .finished(winners, _) = outcome, !winners.isEmpty {
                ending = winners.sorted().map { "Player \($0.index + 1)" }.joined(separator: " and ") + " won"
            }
            return Replay(session: followed.id.uuidString, game: move.game, variant: move.variant, steps: steps, ending: ending)
        }
    }

    /// "Player 1", "Player 2", … for the accounts at `seats`, under the identifiers `sender`
    /// knows them by (a caption's tokens are the sender's); anyone else reads as "someone".
    fileprivate static func seatNames(_ seats: [AccountID], seenBy sender: AccountID, identifiers: ParticipantIdentifiers) -> NameBook {
        var names = NameBook()
        for (index, account) in seats.enumerated() {
            names[identifiers.id(of: account, seenBy: InstallID(rawValue: sender.rawValue))] = "Player \(index + 1)"
        }
        return names
    }
}
