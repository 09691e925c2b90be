import Foundation
import GameCatalog
import GameRules
import Matchmaking
import Transcript
import Wire

/// The server's authority, as a pure value: conversations, their members and logs, game
/// sessions and the idempotency of sends. It does no I/O. Each request becomes a `Decision`
/// whose events the server stores before it says anything; on start the server replays the
/// stored events through `apply(_:)` to rebuild the same state.
public struct Engine: Sendable {
    /// The settings, the games and the identifiers' secret.
    public var context: EngineContext
    public var configuration: EngineConfiguration {
        get { context.configuration }
        set { context.configuration = newValue }
    }
    var catalog: GameCatalog { context.catalog }
    var identifiers: ParticipantIdentifiers { context.identifiers }

    /// The conversations in memory: those in use lately. The others are in the store only,
    /// and `load(_:from:)` brings one back.
    var conversations: [ConversationID: Conversation] = [:]
    /// Memberships, names and invites: what spans conversations.
    var directory = AccountDirectory()
    /// True while the engine holds everything it was ever told (tests, and the one replay that
    /// builds the index of an old data folder); false in a server, which learns accounts and
    /// names from the store's index as requests need them.
    public var knowsEveryAccount = true
    /// Whether finished sessions stay in memory however many there are: true in the scratch
    /// engines that rebuild a conversation's past for the admin.
    var keepsFinishedSessions = false
    /// How many retired sessions each conversation remembers (`Conversation.retiredKept`);
    /// a whole replay that builds the index remembers them all.
    public var retiredKept = Conversation.retiredKept
    /// Counts over all history, kept up to date by what is decided (not by what is loaded).
    var totals = EngineStatistics()
    /// The seeks waiting for a game, on the engine that decides them (a server's first
    /// pipeline's).
    public internal(set) var matchmaker = Matchmaker()
    /// What the store said of ratings for the requests of the batch being read for: a rated
    /// game's players' standings (`rate`), a seeker's standing (`seek`). Read again for every
    /// batch, never kept beyond it.
    var ratingReads = RatingReads()
    /// Where the queue's stream ends as this engine's matchmaker holds it: a batch that
    /// changes the queue is stored only if the stream still ends there (`StoredStream.queue`).
    public var queueThrough: Int64 = 0
    /// False while a conversation is loaded: replaying its past must not count it again.
    var counting = true
    /// When the server was down, oldest first: turn clocks stand still then.
    var downtimes = Downtimes()
    /// The conversations this engine decides: all of them, or those of one of a server's
    /// pipelines. It makes conversations only with ids of its partition.
    public var partition = Partition.whole
    /// What the key of this engine's `totals` index entry begins with, before the partition's
    /// number: "" alone on a store; `NODE/` on one that servers share, each counting its own.
    public var totalsKeyPrefix = ""

    public init(configuration: EngineConfiguration, catalog: GameCatalog, identifiers: ParticipantIdentifiers) {
        context = EngineContext(configuration: configuration, catalog: catalog, identifiers: identifiers)
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
            // The relay has loaded every one of the page (`conversations(namedBy:from:)`).
            let page = listPage(of: account, request)
            let summaries = page.ids.compactMap { conversations[$0] }.map { summary(of: $0, for: account) }
            return .reply(.conversations(.init(id: request.id, conversations: summaries, next: page.more ? page.ids.last : nil)))
        case let .leave(request):
            return leave(request, by: account)
        case let .rename(request):
            return rename(request, by: account, now: now)
        case let .send(request):
            return send(request, by: account, now: now, random: &random)
        case let .ack(request):
            return acknowledge(request, by: account)
        case let .resume(request):
            return resume(request, by: account)
        case let .resign(request):
            return resign(request, by: account, now: now)
        case let .chat(request):
            return chat(request, by: account, now: now)
        case let .seek(request):
            return seek(request, by: account, origin: nil, now: now, random: &random)
        case let .unseek(request):
            return unseek(request.seek, by: account, answering: request.id)
        }
    }

    /// The display name an account chose, if any.
    public func name(of account: AccountID) -> String? { directory.names[account] }

    /// The conversations an account is a member of, in memory or not.
    public func conversations(of account: AccountID) -> [ConversationID] {
        (directory.conversations(of: account) ?? []).sorted()
    }

    /// The current members of a conversation.
    public func members(of conversation: ConversationID) -> [AccountID] {
        conversations[conversation]?.members ?? []
    }

    /// Who is sent the entry `reference`: the members, and the account an operator's removal
    /// took out, so that it hears of it.
    public func recipients(of reference: EntryReference) -> [AccountID] {
        guard let conversation = conversations[reference.conversation] else { return [] }
        if let account = conversation.removed(at: reference.seq) { return conversation.members + [account] }
        return conversation.members
    }

    // MARK: Rendering

    /// Renders the entry `reference` for each account it goes to (the members, and the account
    /// an operator's removal took out, so that it hears of it): `deliver` is handed each account
    /// and the writer of its frame, to call once for all of that account's connections. One
    /// renderer serves every member.
    public func render(_ reference: EntryReference, _ deliver: (AccountID, (inout FrameWriter) -> WrittenFrame?) -> Void) {
        guard let conversation = conversations[reference.conversation] else { return }
        let renderer = renderer
        for member in recipients(of: reference) {
            deliver(member) { writer in renderer.writeEntry(reference.seq, of: conversation, for: member, into: &writer) }
        }
    }

    /// The one renderer (`EntryRenderer`), over what the engine holds now.
    var renderer: EntryRenderer { EntryRenderer(context: context, timing: timing, names: directory.names) }

    /// The entry `seq` of a conversation as `viewer` receives it; `nil` if there is none, if
    /// it is no longer in memory (see `Decision.backlog`), or if it cannot be rendered (see
    /// `frame(ofEntry:in:for:)`, which says so).
    public func event(conversation id: ConversationID, seq: Int, for viewer: AccountID) -> Event? {
        guard case let .event(event)? = frame(ofEntry: seq, in: id, for: viewer) else { return nil }
        return event
    }

    /// What `viewer` is sent for the entry `seq`: its event, or, when the entry cannot be
    /// rendered for them, an `unrenderable` error in its place, so that the gap in `seq` is
    /// never silent. `nil` if there is no such entry in memory.
    public func frame(ofEntry seq: Int, in id: ConversationID, for viewer: AccountID) -> ServerFrame? {
        guard let conversation = conversations[id] else { return nil }
        return frame(ofEntry: seq, of: conversation, for: viewer)
    }

    /// What `viewer` is sent for the entry `seq` of `conversation`, read back (`EntryRenderer`).
    func frame(ofEntry seq: Int, of conversation: Conversation, for viewer: AccountID,
               deadline: RenderedDeadline = .live) -> ServerFrame? {
        renderer.frame(ofEntry: seq, of: conversation, for: viewer, deadline: deadline)
    }

    /// Writes into `writer` what `viewer` is sent for the entry `seq`, a game message written
    /// straight from its parts, with nothing built on the way. `nil`, with nothing written,
    /// when there is no such entry in memory.
    public func writeFrame(ofEntry seq: Int, in id: ConversationID, for viewer: AccountID, into writer: inout FrameWriter)
        -> WrittenFrame?
    {
        guard let conversation = conversations[id] else { return nil }
        return renderer.writeEntry(seq, of: conversation, for: viewer, into: &writer)
    }
}
