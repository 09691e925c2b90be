import Foundation
import GameRules
import Transcript

/// What the server's operator may do to a live game, decided like any request: events to
/// store first, then entries to relay.
extension Engine {
    /// Ends the game of `session` where it stands, nobody winning; `nil` when there is no
    /// such game or it is already over.
    public mutating func end(session id: String, now: Date) -> Decision? {
        guard let conversationID = conversation(ofSession: id), let conversation = conversations[conversationID],
            let session = SessionID(uuidString: id).flatMap({ conversation.sessions[$0] }),
            !session.isFinished
        else { return nil }
        let seq = conversation.lastSeq + 1
        let event = Record.ended(conversation: conversation.id, seq: seq, session: session.id, at: now)
        do { try apply(event) } catch { preconditionFailure("a decided end must apply: \(error)") }
        var decision = Decision()
        decision.events = [event]
        decision.notify = [EntryReference(conversation: conversation.id, seq: seq)]
        return decision
    }

    /// Takes `account` out of a conversation and bars it from joining again until it is
    /// readmitted; the account is told, with the members. `nil` when it is not in it.
    public mutating func remove(_ account: AccountID, from id: ConversationID) -> Decision? {
        guard let conversation = conversations[id], conversation.members.contains(account) else { return nil }
        let seq = conversation.lastSeq + 1
        let event = Record.removed(conversation: id, seq: seq, account: account)
        do { try apply(event) } catch { preconditionFailure("a decided removal must apply: \(error)") }
        var decision = Decision()
        decision.events = [event]
        decision.notify = [EntryReference(conversation: id, seq: seq)]
        return decision
    }

    /// Lets an account that the operator removed join again; `nil` when it is not barred.
    public mutating func readmit(_ account: AccountID, to id: ConversationID) -> Decision? {
        guard let conversation = conversations[id], conversation.barred.contains(account) else { return nil }
        let event = Record.readmitted(conversation: id, account: account)
        do { try apply(event) } catch { preconditionFailure("a decided readmission must apply: \(error)") }
        var decision = Decision()
        decision.events = [event]
        return decision
    }
}
