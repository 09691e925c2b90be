import Fairness
import Foundation

/// The settings the engine's decisions depend on.
public struct EngineConfiguration: Sendable {
    /// The base of every state URL handed out, such as `https://localhost:8443`.
    public var publicURL: String
    /// The most players a conversation has (its members who did not join to watch).
    public var maxParticipants: Int
    /// The most spectators a conversation has, beside its players.
    public var maxSpectators: Int
    /// The most bytes of stickers one account may have stored.
    public var stickerQuotaBytes = 10 << 20
    /// The most conversations one account may be a member of (`conversations.perAccount`).
    public var maxConversationsPerAccount = 1000

    /// The same settings with another bound on an account's conversations.
    public func with(maxConversationsPerAccount: Int) -> Self {
        var changed = self
        changed.maxConversationsPerAccount = maxConversationsPerAccount
        return changed
    }

    /// The same settings with another sticker quota.
    public func with(stickerQuotaBytes: Int) -> Self {
        var changed = self
        changed.stickerQuotaBytes = stickerQuotaBytes
        return changed
    }
    public var maxURLLength: Int
    public var maxNameLength: Int
    /// The most bytes the store keeps in one record: a move that could be larger is refused
    /// before it is decided rather than failing its whole batch at the store.
    public var maxRecordBytes: Int
    /// How long a player may take over a turn, by game id; a game not named has no deadline.
    public var turnTimeouts: [String: TimeInterval]
    /// Signs every message as each viewer receives it (docs/FAIRNESS.md); `nil` signs nothing.
    public var signer: ChainSigner?
    /// What a lying server would show instead, for the tests that catch one (docs/FAIRNESS.md):
    /// given a message's view for a seat (a spectator's when `nil`) and its number in its
    /// session, the view to sign and send. A server never sets it.
    public var lie: (@Sendable (_ view: String, _ seat: Int?, _ message: Int) -> String)?

    public init(
        publicURL: String, maxParticipants: Int = 32, maxSpectators: Int = 64, maxURLLength: Int = 8192, maxNameLength: Int = 40,
        maxRecordBytes: Int = 1 << 20, turnTimeouts: [String: TimeInterval] = [:], signer: ChainSigner? = nil
    ) {
        self.signer = signer
        self.maxRecordBytes = maxRecordBytes
        self.publicURL = publicURL
        self.turnTimeouts = turnTimeouts
        self.maxParticipants = maxParticipants
        self.maxSpectators = maxSpectators
        self.maxURLLength = maxURLLength
        self.maxNameLength = maxNameLength
    }
}
