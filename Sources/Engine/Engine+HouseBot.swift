import Foundation
import GameRules
import Transcript
import Wire

extension AccountID {
    /// The server's own player: the bot a seek with `houseBotAfter` is given when nobody else
    /// comes. No install holds it; the server moves for it.
    public static let houseBot = AccountID(rawValue: "house-bot")
}

/// The house bot: a member of the conversations of the players who accepted it, that moves
/// with its game's usual strategy on what it may see (its own view of each message, as any
/// player's), through the same `send` as a player's move.
extension Engine {
    /// The house bot's name, everywhere.
    public static let houseBotName = "House bot"

    /// Whether the house bot may move now in a conversation: a running game's turn allows it.
    /// (It never opens one: the player who sought it moves first.)
    func houseBotMayMove(in id: ConversationID) -> Bool {
        guard let conversation = conversations[id], conversation.members.contains(.houseBot) else { return false }
        return houseBotSession(in: conversation) != nil
    }

    /// The house bot's move in a conversation, decided as a `send` of its own: nothing when it
    /// has none to make (the game moved on, or is over).
    mutating func houseBotMove(in id: ConversationID, now: Date, random: inout some RandomNumberGenerator) -> Decision {
        guard let conversation = conversations[id], conversation.members.contains(.houseBot) else { return Decision() }
        guard let session = houseBotSession(in: conversation), let newest = session.newestMessage,
            let shown = event(conversation: id, seq: newest.seq, for: .houseBot), let message = shown.message,
            let items = try? QueryString.items(in: message.url),
            let strategy = strategy(session.game.id.rawValue, variant: session.game.variant.id),
            let next = try? strategy.proposal(after: items, using: &random)
        else { return Decision() }
        return handle(.send(.init(
            id: "house-bot-\(session.id.uuidString)-\(session.match.moveCount)", conversation: id, game: session.game.id.rawValue,
            session: session.id.uuidString, basedOn: newest.seq, url: QueryString.format(next))),
            from: .houseBot, now: now, random: &random)
    }

    /// A running session of the conversation whose turn allows the house bot.
    private func houseBotSession(in conversation: Conversation) -> Session? {
        conversation.sessions.values.sorted { $0.lastSeq < $1.lastSeq }.first { session in
            guard !session.isFinished, session.newestMessage != nil else { return false }
            // Its seat, or the one it takes with its first move there.
            let free = session.seats.count < session.game.variant.seats.upperBound ? session.seats.count : nil
            guard let seat = session.seats.firstIndex(of: .houseBot) ?? free else { return false }
            return session.match.turn.allows(Seat(seat))
        }
    }

    /// The usual strategy of a game's variant; `nil` when it has none.
    private func strategy(_ game: String, variant: String?) -> (any GameStrategy)? {
        guard let rules = try? catalog.game(GameID(rawValue: game), variant: variant), let name = rules.strategies.first else { return nil }
        return rules.strategy(named: name)
    }
}
