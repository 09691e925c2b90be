import Transcript
import Wire

/// What the full-screen client asks of the server. The model says what; the session gives
/// each request its id and its frame, so the model stays free of I/O and of randomness.
public enum PlayRequest: Hashable, Sendable {
    case list
    case create
    case join(invite: String)
    case rename(String)
    /// A message: the first of a new game (`session` nil, with its `variant` and its time a
    /// move, `nil` for the game's own) or the answer to the message `basedOn` of `session`.
    case send(
        conversation: ConversationID, game: String, variant: String?, session: String?, basedOn: Int?, url: String,
        secondsPerMove: Int? = nil)
    /// Give up the game of `session`.
    case resign(conversation: ConversationID, session: String)
    /// A chat message.
    case chat(conversation: ConversationID, text: String)
    /// Leave the conversation: its events stop, and its invite lets the client back in.
    case leave(conversation: ConversationID)
    /// Play someone: a game with whoever seeks the same (or the house bot after `houseBotAfter`).
    case seek(
        game: String, variant: String?, secondsPerMove: Int, rated: Bool, houseBotAfter: Int?, players: Int? = nil,
        startWithFewerAfter: Int? = nil)
    /// Stop seeking.
    case unseek
}

extension PlayRequest {
    /// The frame that asks it, with the request id `id`.
    public func frame(id: String) -> ClientFrame {
        switch self {
        case .list: .list(.init(id: id))
        case .create: .create(.init(id: id))
        case let .join(invite): .join(.init(id: id, invite: invite))
        case let .rename(name): .rename(.init(id: id, name: name))
        case let .send(conversation, game, variant, session, basedOn, url, secondsPerMove):
            .send(.init(
                id: id, conversation: conversation, game: game, variant: variant, session: session, basedOn: basedOn,
                url: url, secondsPerMove: secondsPerMove))
        case let .resign(conversation, session): .resign(.init(id: id, conversation: conversation, session: session))
        case let .chat(conversation, text): .chat(.init(id: id, conversation: conversation, text: text))
        case let .leave(conversation): .leave(.init(id: id, conversation: conversation))
        case let .seek(game, variant, seconds, rated, bot, players, start):
            .seek(.init(
                id: id, game: game, variant: variant, secondsPerMove: seconds, rated: rated, players: players,
                startWithFewerAfter: start, houseBotAfter: bot))
        case .unseek: .unseek(.init(id: id))
        }
    }
}

/// What the model wants done after a key, an update or an answer.
public enum PlayEffect: Hashable, Sendable {
    case request(PlayRequest)
    /// Write `text` to the file `file` (a game exported); the session tells the model how it
    /// went (`PlayModel.saved(_:failure:)`).
    case save(file: String, text: String)
    /// Send the state `query` of `game` as a sticker to `conversation`, as the server draws it;
    /// the session tells the model how it went (`PlayModel.tell(_:)`).
    case sendSticker(conversation: ConversationID, game: String, query: String, name: String)
    /// Show a sticker's picture, in a terminal that shows pictures; the session tells the model
    /// when it cannot (`PlayModel.tell(_:failed:)` with the reason).
    case showSticker(Sticker)
    case quit
}
