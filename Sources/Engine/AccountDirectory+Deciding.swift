import Foundation
import Transcript
import Wire

/// What the directory decides alone, spanning conversations: whether an account may be in one
/// more conversation, and a new conversation's id and invite. It reads the directory and
/// changes nothing; the engine applies the records once they are decided.
extension AccountDirectory {
    /// Why `account` may not be in one more conversation: it is in `limit` already, over every
    /// partition as far as the directory knows. `nil` when it may.
    func joiningRefusal(of account: AccountID, limit: Int) -> ErrorFrame? {
        conversationCount(of: account) >= limit ? EngineError.tooManyConversations(limit).frame : nil
    }

    /// The records of a new conversation that `account` opens: an id of `partition`, an invite no
    /// conversation in memory has, and the opener joined as a player; or why it may not
    /// (`joiningRefusal`). `random` makes the id and the invite.
    func decide(
        create request: ClientFrame.Create, by account: AccountID, partition: Partition, limit: Int,
        random: inout some RandomNumberGenerator
    ) -> Result<(ConversationID, [Record]), Refusal> {
        if let refusal = joiningRefusal(of: account, limit: limit) { return .failure(Refusal(frame: refusal)) }
        var id = ConversationID(rawValue: UUID.random(using: &random).uuidString)
        // One try in `partition.count`, on average, is an id of this partition.
        while !partition.holds(id) { id = ConversationID(rawValue: UUID.random(using: &random).uuidString) }
        var invite = InviteCode.make(using: &random)
        while invites[invite] != nil { invite = InviteCode.make(using: &random) }
        let records: [Record] = [
            .conversationCreated(conversation: id, invite: invite, creator: account),
            .joined(conversation: id, seq: 1, account: account, role: .player),
        ]
        return .success((id, records))
    }

    /// What a `rename` decides.
    enum Renamed {
        /// The name breaks the rule for names (`EngineConfiguration.keptName(_:)`).
        case refused(ErrorFrame)
        /// The account has that name already: clients give their name on every connection, and
        /// the same name again stores nothing.
        case unchanged
        /// The record of the new name; `announced` when the account had a name before, which
        /// its conversations are then told (a first name, given when a client first connects,
        /// is no news: frames after it carry it).
        case renamed(Record, name: String, announced: Bool)
    }

    /// The decision of `account`'s taking the name `request` asks for.
    func decide(rename request: ClientFrame.Rename, by account: AccountID, configuration: EngineConfiguration) -> Renamed {
        guard let name = configuration.keptName(request.name) else { return .refused(configuration.nameRefusal) }
        guard names[account] != name else { return .unchanged }
        return .renamed(.renamed(account: account, name: name), name: name, announced: names[account] != nil)
    }
}
