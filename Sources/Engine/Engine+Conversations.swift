import Foundation
import Transcript
import Wire

/// The requests a conversation decides alone (`Conversation.decide`): the engine finds the
/// conversation, has it decide, and keeps what it decided.
extension Engine {
    /// A member's chat message, stored and told to every member; refused for a stranger to the
    /// conversation and for words that are only spaces.
    mutating func chat(_ request: ClientFrame.Chat, by account: AccountID, now: Date) -> Decision {
        decide(.chat(request, by: account), in: request.conversation, request: request.id, at: now)
    }

    /// `request`'s sender resigns the game of its session: checked as a move would be (the
    /// conversation, the session, that the sender holds a seat in it, that the game is not over
    /// and is one that can be resigned), then stored and told to every member.
    mutating func resign(_ request: ClientFrame.Resign, by account: AccountID, now: Date) -> Decision {
        decide(.resign(request, by: account), in: request.conversation, request: request.id, at: now)
    }

    /// A member's sticker, stored and told to every member, like a chat message. The same
    /// sticker again (a post sent again after a drop: its id is made from the request's) is
    /// answered with its first entry and stores nothing. Its answer is for the HTTP request:
    /// there is no frame to reply with.
    public mutating func post(_ post: StickerPost, by account: AccountID, now: Date) -> (Decision, StickerAnswer) {
        guard let decided = conversations[post.conversation]?.decide(.sticker(post, by: account), at: now),
            let answer = decided.sticker
        else { return (Decision(), .refused(EngineError.unknownConversation(post.conversation).frame)) }
        return (commit(decided.records, reply: nil, notify: decided.notify), answer)
    }

    /// The operator ends the game of `session` where it stands, nobody winning; `nil` when
    /// there is no such game or it is already over.
    public mutating func end(session id: String, now: Date) -> Decision? {
        guard let conversation = conversation(ofSession: id), let session = SessionID(uuidString: id) else { return nil }
        return decide(.end(session), in: conversation, at: now)
    }

    /// The operator takes `account` out of a conversation and bars it from joining again until
    /// it is readmitted; the account is told, with the members. `nil` when it is not in it.
    public mutating func remove(_ account: AccountID, from id: ConversationID) -> Decision? {
        decide(.remove(account), in: id, at: .distantPast)
    }

    /// The operator lets an account it removed join again; `nil` when it is not barred.
    public mutating func readmit(_ account: AccountID, to id: ConversationID) -> Decision? {
        decide(.readmit(account), in: id, at: .distantPast)
    }

    /// A member's request: refused as an unknown conversation when it is not in memory.
    mutating func decide(
        _ command: Conversation.Command, in id: ConversationID, request: String, at now: Date
    ) -> Decision {
        decide(command, in: id, at: now)
            ?? .reply(.rejected(.init(id: request, error: EngineError.unknownConversation(id).frame)))
    }

    private mutating func decide(_ command: Conversation.Command, in id: ConversationID, at now: Date) -> Decision? {
        guard let decided = conversations[id]?.decide(command, at: now) else { return nil }
        return commit(decided.records, reply: decided.reply.map { reply in { _ in reply } }, notify: decided.notify)
    }
}
