import Foundation
import GameCatalog
import GameRules
import Transcript
import Wire

/// The server's authority, as a pure value: conversations, their members and logs, game
/// sessions and the idempotency of sends. It does no I/O. Each request becomes a `Decision`
/// whose events the server stores before it says anything; on start the server replays the
/// stored events through `apply(_:)` to rebuild the same state.
public struct Engine: Sendable {
    public var configuration: EngineConfiguration
    let catalog: GameCatalog
    let identifiers: ParticipantIdentifiers

    /// The conversations in memory: those in use lately. The others are in the store only,
    /// and `load(_:from:)` brings one back.
    var conversations: [String: ConversationState] = [:]
    /// Every conversation's invite, whether in memory or not.
    var invites: [String: String] = [:]
    /// Every account's conversations, whether in memory or not.
    var memberships: [AccountID: Set<String>] = [:]
    /// Every session's conversation, whether in memory or not.
    var sessionIndex: [Session: String] = [:]
    /// Whether finished sessions stay in memory however many there are: true in the scratch
    /// engines that rebuild a conversation's past for the admin.
    var keepsFinishedSessions = false
    /// What the conversations out of memory count for in `statistics()`.
    var evictedStatistics = EngineStatistics()
    var names: [AccountID: String] = [:]
    /// When the server was down, oldest first: turn clocks stand still then.
    var downtimes: [ClosedRange<Date>] = []

    public init(configuration: EngineConfiguration, catalog: GameCatalog, identifiers: ParticipantIdentifiers) {
        self.configuration = configuration
        self.catalog = catalog
        self.identifiers = identifiers
    }

    /// Handles one frame from an authenticated account. `random` makes conversation ids,
    /// invite codes and session ids; `now` stamps what is stored.
    public mutating func handle(
        _ frame: ClientFrame, from account: AccountID, now: Date, random: inout some RandomNumberGenerator
    ) -> Decision {
        switch frame {
        case .authenticate:
            return .reply(.error(ErrorFrame(code: "already-authenticated", reason: "This connection is already authenticated.")))
        case let .create(request):
            return create(request, by: account, random: &random)
        case let .join(request):
            return join(request, by: account)
        case let .list(request):
            // The relay has loaded every one of them (`missingConversations`).
            let summaries = (memberships[account] ?? []).sorted().compactMap { conversations[$0] }
                .map { summary(of: $0, for: account) }
            return .reply(.conversations(.init(id: request.id, conversations: summaries)))
        case let .leave(request):
            return leave(request, by: account)
        case let .rename(request):
            return rename(request, by: account)
        case let .send(request):
            return send(request, by: account, now: now, random: &random)
        case let .ack(request):
            return acknowledge(request, by: account)
        case let .resume(request):
            return resume(request, by: account)
        }
    }

    /// The display name an account chose, if any.
    public func name(of account: AccountID) -> String? { names[account] }

    /// The conversations an account is a member of, in memory or not.
    public func conversations(of account: AccountID) -> [String] {
        (memberships[account] ?? []).sorted()
    }

    /// The current members of a conversation.
    public func members(of conversation: String) -> [AccountID] {
        conversations[conversation]?.members ?? []
    }
}
