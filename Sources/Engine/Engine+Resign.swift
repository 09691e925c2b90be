import Foundation
import GameRules
import Transcript
import Wire

/// A player giving up their game.
extension Engine {
    /// `request`'s sender resigns the game of its session: checked as a move would be (the
    /// conversation, the session, that the sender holds a seat in it, that the game is not over
    /// and is one that can be resigned), then stored and told to every member.
    mutating func resign(_ request: ClientFrame.Resign, by account: AccountID, now: Date) -> Decision {
        func refuse(_ error: ErrorFrame) -> Decision { .reply(.rejected(.init(id: request.id, error: error))) }
        guard let conversation = conversations[request.conversation], conversation.members.contains(account) else {
            return refuse(EngineError.unknownConversation(request.conversation).frame)
        }
        let id = SessionID(uuidString: request.session)
        if let id, conversation.retired.contains(id) { return refuse(ErrorFrame(RuleViolation.gameOver)) }
        guard let id, let session = conversation.sessions[id] else {
            return refuse(EngineError.unknownSession(request.session).frame)
        }
        guard let seat = session.seat(of: account) else { return refuse(EngineError.notAPlayer.frame) }
        var match = session.match
        do {
            try match.resign(seat)
        } catch {
            return refuse(ErrorFrame(error))
        }
        let seq = conversation.lastSeq + 1
        return commit(
            [.resigned(conversation: conversation.id, seq: seq, session: id, account: account, at: now)],
            reply: { _ in .done(.init(id: request.id)) },
            notify: [EntryReference(conversation: conversation.id, seq: seq)])
    }
}
