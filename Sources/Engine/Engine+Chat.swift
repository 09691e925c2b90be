import Foundation
import Transcript
import Wire

/// Chat: plain words to a conversation, beside its games.
extension Engine {
    /// A member's chat message, stored and told to every member; refused for a stranger to the
    /// conversation and for words that are only spaces. Its length is the server's text limit
    /// (`limits.textLength`), checked before the engine sees it.
    mutating func chat(_ request: ClientFrame.Chat, by account: AccountID, now: Date) -> Decision {
        guard let conversation = conversations[request.conversation], conversation.members.contains(account) else {
            return .reply(.rejected(.init(id: request.id, error: EngineError.unknownConversation(request.conversation).frame)))
        }
        guard request.text.contains(where: { !$0.isWhitespace }) else {
            return .reply(.rejected(.init(id: request.id, error: EngineError.emptyText.frame)))
        }
        let seq = conversation.lastSeq + 1
        return commit(
            [.chat(conversation: conversation.id, seq: seq, account: account, text: request.text, at: now)],
            reply: { _ in .done(.init(id: request.id)) },
            notify: [EntryReference(conversation: conversation.id, seq: seq)])
    }
}
