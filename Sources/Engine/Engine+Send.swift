import Foundation
import Transcript
import Wire

/// A game message: decided by its conversation (`Conversation.decide(_:by:at:context:random:)`),
/// then kept, stored and relayed.
extension Engine {
    mutating func send(
        _ request: ClientFrame.Send, by account: AccountID, now: Date, random: inout some RandomNumberGenerator
    ) -> Decision {
        let decided: Conversation.SentDecided
        do {
            // The copy of the conversation ends here: alive while the move applies, it would
            // make the change copy the conversation's fields.
            guard let conversation = conversations[request.conversation] else {
                return .reply(.rejected(.init(id: request.id, error: EngineError.unknownConversation(request.conversation).frame)))
            }
            decided = conversation.decide(request, by: account, at: now, context: context, random: &random)
        }
        guard let move = decided.move, let work = decided.work else {
            guard let stale = decided.stale, case let .rejected(rejection) = decided.reply else {
                return .reply(decided.reply)
            }
            var answered = rejection
            answered.current = event(conversation: request.conversation, seq: stale, for: account)
            return .reply(.rejected(answered))
        }
        // The move's session, new or not, is written with the move: `apply` takes the match
        // the proposal was judged on.
        do {
            try apply(.accepted(move), match: work.match, views: work.views, digests: work.digests, commitments: work.commitments)
        } catch {
            preconditionFailure("a decided move must apply: \(error)")
        }
        var decision = Decision()
        decision.events = [.accepted(move)]
        decision.replies = [decided.reply]
        decision.notify = [EntryReference(conversation: move.conversation, seq: move.seq)]
        if let deadline = deadline(ofSession: move.session, in: move.conversation) { decision.deadlines = [deadline] }
        return decision
    }
}
