import Foundation
import GameRules
import Transcript
import Wire

/// What a conversation decides alone, from itself: the records a request makes, what the
/// requester is answered and which entries are told, or why it is refused. It reads the
/// conversation and changes nothing; the engine applies the records once they are decided
/// (`Conversation.apply`, and what spans conversations).
extension Conversation {
    /// A request one conversation decides alone.
    enum Command {
        /// A member's chat message.
        case chat(ClientFrame.Chat, by: AccountID)
        /// A member leaves.
        case leave(ClientFrame.Leave, by: AccountID)
        /// A player gives up a game.
        case resign(ClientFrame.Resign, by: AccountID)
        /// A member's sticker, posted over HTTP.
        case sticker(StickerPost, by: AccountID)
        /// The operator ends a game that is not over.
        case end(SessionID)
        /// The operator takes a member out, who may not come back until readmitted.
        case remove(AccountID)
        /// The operator lets a removed account come back.
        case readmit(AccountID)
        /// A member took a new name, which every member is told.
        case announce(name: String, of: AccountID)
    }

    /// What the conversation decided.
    struct Decided {
        var records: [Record] = []
        /// What the requester is answered; `nil` when nobody asked (the operator's commands).
        var reply: ServerFrame?
        /// The entries the records make, told to every member.
        var notify: [EntryReference] = []
        /// A sticker post's answer, for its HTTP request.
        var sticker: StickerAnswer?
        /// Whether the requester is answered with the conversation as they see it once the
        /// records are kept (a join's answer), rather than with `reply`.
        var answersWithSummary = false

        static func refusal(_ request: String, _ error: ErrorFrame) -> Decided {
            Decided(reply: .rejected(.init(id: request, error: error)))
        }
    }

    /// The decision of `command` at `now`; `nil` for an operator's command that does not apply
    /// (a game already over, an account that is no member or was not removed).
    func decide(_ command: Command, at now: Date) -> Decided? {
        let seq = lastSeq + 1
        let told = [EntryReference(conversation: id, seq: seq)]
        switch command {
        case let .chat(request, account):
            guard members.contains(account) else {
                return .refusal(request.id, EngineError.unknownConversation(request.conversation).frame)
            }
            // Its length is the server's text limit (`limits.textLength`), checked before.
            guard request.text.contains(where: { !$0.isWhitespace }) else {
                return .refusal(request.id, EngineError.emptyText.frame)
            }
            return Decided(
                records: [.chat(conversation: id, seq: seq, account: account, text: request.text, at: now)],
                reply: .done(.init(id: request.id)), notify: told)
        case let .leave(request, account):
            guard members.contains(account) else {
                return .refusal(request.id, EngineError.unknownConversation(request.conversation).frame)
            }
            return Decided(
                records: [.left(conversation: id, seq: seq, account: account)], reply: .done(.init(id: request.id)), notify: told)
        case let .resign(request, account):
            guard members.contains(account) else {
                return .refusal(request.id, EngineError.unknownConversation(request.conversation).frame)
            }
            let session = SessionID(uuidString: request.session)
            if let session, retired.contains(session) { return .refusal(request.id, ErrorFrame(RuleViolation.gameOver)) }
            guard let session, let state = sessions[session] else {
                return .refusal(request.id, EngineError.unknownSession(request.session).frame)
            }
            guard let seat = state.seat(of: account) else { return .refusal(request.id, EngineError.notAPlayer.frame) }
            var match = state.match
            do { try match.resign(seat) } catch { return .refusal(request.id, ErrorFrame(error)) }
            return Decided(
                records: [.resigned(conversation: id, seq: seq, session: session, account: account, at: now)],
                reply: .done(.init(id: request.id)), notify: told)
        case let .sticker(post, account):
            guard members.contains(account) else {
                return Decided(sticker: .refused(EngineError.unknownConversation(post.conversation).frame))
            }
            // The same sticker again (a post sent again after a drop: its id is made from the
            // request's) is answered with its first entry and stores nothing.
            if let seq = recentStickers[post.sticker.id] {
                return Decided(sticker: .posted(conversation: id, seq: seq, sticker: post.sticker.id))
            }
            return Decided(
                records: [.sticker(conversation: id, seq: seq, account: account, sticker: post.sticker, at: now)],
                notify: told, sticker: .posted(conversation: id, seq: seq, sticker: post.sticker.id))
        case let .end(session):
            guard let state = sessions[session], !state.isFinished else { return nil }
            return Decided(records: [.ended(conversation: id, seq: seq, session: session, at: now)], notify: told)
        case let .remove(account):
            guard members.contains(account) else { return nil }
            return Decided(records: [.removed(conversation: id, seq: seq, account: account)], notify: told)
        case let .readmit(account):
            guard barred.contains(account) else { return nil }
            return Decided(records: [.readmitted(conversation: id, account: account)])
        case let .announce(name, account):
            guard members.contains(account) else { return nil }
            return Decided(
                records: [.memberRenamed(conversation: id, seq: seq, account: account, name: name, at: now)], notify: told)
        }
    }

    /// The decision of `account`'s joining with an invite that makes it a `role`: a member
    /// joining again, with either invite, stays as they are and is answered with the
    /// conversation; an account the operator removed is refused, then one in too many
    /// conversations (`refusal`, which the directory worked out), then one for whom the
    /// conversation is full.
    func decide(
        join request: ClientFrame.Join, as role: ParticipantRole, by account: AccountID, refusal: ErrorFrame?,
        configuration: EngineConfiguration
    ) -> Decided {
        guard !members.contains(account) else { return Decided(answersWithSummary: true) }
        guard !barred.contains(account) else { return .refusal(request.id, EngineError.barred.frame) }
        if let refusal { return .refusal(request.id, refusal) }
        let watching = spectators.count
        if role == .player, members.count - watching >= configuration.maxParticipants {
            return .refusal(request.id, EngineError.conversationFull(configuration.maxParticipants).frame)
        }
        if role == .spectator, watching >= configuration.maxSpectators {
            return .refusal(request.id, EngineError.spectatorsFull(configuration.maxSpectators).frame)
        }
        let seq = lastSeq + 1
        return Decided(
            records: [.joined(conversation: id, seq: seq, account: account, role: role)],
            notify: [EntryReference(conversation: id, seq: seq)], answersWithSummary: true)
    }
}
