import GameRules
import Play
import Transcript
import Wire

/// How a bot at a table plays, whatever carries its frames (`BotSeat` on the players' client,
/// `LoopBotSeat` on the event loop): the opener starts a game once the other bot has joined
/// and the next as soon as one ends; each bot moves when the newest message of its game leaves
/// the turn to it.
struct TableBot: Sendable {
    let player: BotPlayer
    let you: ParticipantID
    let opens: Bool
    /// The session of the game being played; `nil` before the first.
    private(set) var session: String?

    init(player: BotPlayer, you: ParticipantID, opens: Bool) {
        self.player = player
        self.you = you
        self.opens = opens
    }

    enum Step {
        case nothing
        /// Open the first game (`player.opening`).
        case openFirstGame
        /// A game ended: count it, and the opener opens the next unless the run is over.
        case gameOver(GameStatus)
        /// Send this state, answering `after`.
        case move(String, after: Event)
    }

    /// What to do about `event` of the table's conversation; `stopped` once the run is over.
    mutating func step(after event: Event, stopped: Bool, using generator: inout some RandomNumberGenerator) throws -> Step {
        if event.kind == .joined {
            return opens && session == nil && event.participant?.id != you && !stopped ? .openFirstGame : .nothing
        }
        guard let status = event.status, status.game == player.game else { return .nothing }
        session = status.session
        if status.outcome.finished { return .gameOver(status) }
        guard event.kind == .message, status.turn.allows(you), !stopped, let message = event.message,
            let proposal = try player.proposal(after: message.url, using: &generator)
        else { return .nothing }
        return .move(proposal, after: event)
    }
}
