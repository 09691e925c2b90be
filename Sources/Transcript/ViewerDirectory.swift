/// Everyone in one conversation as one install sees them: which `ParticipantID` stands for
/// which account. Token translation looks an id up in the sender's directory to find the
/// account, then looks the account up in the recipient's directory.
///
/// Build it with `ParticipantIdentifiers.directory(for:members:)`; a directory holds only the
/// conversation's members, so a token naming anyone else fails to translate.
public struct ViewerDirectory: Hashable, Sendable {
    public let viewer: InstallID
    private var accountsByID: [ParticipantID: AccountID]
    private var idsByAccount: [AccountID: ParticipantID]

    /// - Precondition: no two accounts share an id. Derived ids are 122 random bits, so this
    ///   holds unless the pairs were made by hand wrongly.
    public init(viewer: InstallID, ids: some Sequence<(AccountID, ParticipantID)>) {
        var accountsByID: [ParticipantID: AccountID] = [:]
        var idsByAccount: [AccountID: ParticipantID] = [:]
        for (account, id) in ids {
            let previous = accountsByID.updateValue(account, forKey: id)
            precondition(previous == nil || previous == account, "two members share the id \(id)")
            idsByAccount[account] = id
        }
        self.viewer = viewer
        self.accountsByID = accountsByID
        self.idsByAccount = idsByAccount
    }

    /// Adds a member.
    /// - Precondition: the id is no other member's (see `init`).
    public mutating func add(_ account: AccountID, as id: ParticipantID) {
        let previous = accountsByID.updateValue(account, forKey: id)
        precondition(previous == nil || previous == account, "two members share the id \(id)")
        idsByAccount[account] = id
    }

    /// The accounts of the conversation's members.
    public var members: Set<AccountID> { Set(idsByAccount.keys) }

    /// The account behind an id this viewer knows; `nil` when it names no member.
    public func account(for id: ParticipantID) -> AccountID? { accountsByID[id] }

    /// The id under which this viewer knows a member; `nil` when the account is no member.
    public func id(for account: AccountID) -> ParticipantID? { idsByAccount[account] }
}
