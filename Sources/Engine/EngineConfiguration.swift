import Transcript
import Wire
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
    /// The seconds a move a `seek` may ask for: one minute, five, one day, three and seven.
    public var timeControls: [Int] = EngineConfiguration.defaultTimeControls
    public static let defaultTimeControls = [60, 300, 86_400, 259_200, 604_800]
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

extension EngineConfiguration {
    /// A display name as it is kept (without the spaces around it), or `nil` when the one rule
    /// for `rename` and `authenticate` refuses it: 1 to `maxNameLength` characters and at most
    /// `maxNameBytes` bytes of UTF-8, no control, format or line-breaking characters.
    public func keptName(_ typed: String) -> String? {
        let name = typed.trimmingCharacters(in: .whitespaces)
        // Bytes first: one character may hold any number of combining marks, and every member's
        // frames carry the name.
        guard name.utf8.count <= maxNameBytes else { return nil }
        // Line and paragraph separators (U+2028, U+2029, U+0085) break lines as a newline does.
        guard (1...maxNameLength).contains(name.count),
            !name.unicodeScalars.contains(where: { CharacterSet.controlCharacters.contains($0) || CharacterSet.newlines.contains($0) })
        else { return nil }
        return name
    }

    /// How many bytes of UTF-8 a name may take: four for each character allowed.
    public var maxNameBytes: Int { 4 * maxNameLength }

    /// Why a name was refused.
    public var nameRefusal: ErrorFrame { EngineError.badName(maxNameLength, bytes: maxNameBytes).frame }
}
