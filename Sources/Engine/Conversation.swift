import DequeModule
import Fairness
import Foundation
import GameRules
import Transcript
import Wire

/// One conversation as the engine holds it in memory: its members, its sessions' current
/// states and newest messages, and a short window of its newest entries. Older entries stay
/// in the store, so a conversation's memory does not grow with its history.
///
/// Its fields are shared by copies until one writes (`CopyOnWrite`).
struct Conversation: Sendable {
    /// How many of the newest entries are kept rendered-ready: enough for the live relay and
    /// for a client that reconnects after a short drop to resume from memory.
    static let recentEntries = 8
    static let retiredKept = 64
    /// How many finished sessions stay in memory, for the admin and for late answers.
    static let finishedSessionsKept = 4

    private struct Fields: Sendable {
        let id: ConversationID
        let invite: String
        let watchInvite: String
        var members: [AccountID] = []
        var spectators: Set<AccountID> = []
        var everyone: [AccountID] = []
        var lastSeq = 0
        var clockIndexed = IndexedClock.untold
        var recent: Deque<Entry> = []
        var sessions: [SessionID: Session] = [:]
        var retired: Set<SessionID> = []
        var retiredOrder: [SessionID] = []
        var directories: [AccountID: ViewerDirectory] = [:]
        var barred: Set<AccountID> = []
        var sent: [AccountID: RecentSends] = [:]
        var recentStickers: [String: Int] = [:]
        var pairing: StoredPairing?
    }

    @CopyOnWrite private var fields: Fields

    init(id: ConversationID, invite: String) {
        fields = Fields(id: id, invite: invite, watchInvite: InviteCode.watch(of: invite))
    }

    var id: ConversationID { fields.id }
    var invite: String { fields.invite }
    /// The invite that makes whoever joins with it a spectator.
    var watchInvite: String { fields.watchInvite }
    /// The members who joined to watch: they see what a non-player sees and make no moves.
    var spectators: Set<AccountID> {
        get { fields.spectators }
        _modify { yield &fields.spectators }
    }

    func role(of account: AccountID) -> ParticipantRole {
        spectators.contains(account) ? .spectator : .player
    }
    /// Current members, in the order they joined.
    var members: [AccountID] {
        get { fields.members }
        _modify { yield &fields.members }
    }
    /// Everyone who was ever a member, so that old messages still translate after a leave.
    var everyone: [AccountID] {
        get { fields.everyone }
        _modify { yield &fields.everyone }
    }
    /// The seq of the newest entry; 0 before the first.
    private(set) var lastSeq: Int {
        get { fields.lastSeq }
        _modify { yield &fields.lastSeq }
    }
    /// What the store's index says of the turn clocks here, as far as this engine has told it.
    var clockIndexed: IndexedClock {
        get { fields.clockIndexed }
        _modify { yield &fields.clockIndexed }
    }
    /// The newest entries, oldest first, at most `recentEntries`: a ring, as each move drops
    /// the oldest.
    private(set) var recent: Deque<Entry> {
        get { fields.recent }
        _modify { yield &fields.recent }
    }
    /// The running sessions and the newest few finished ones.
    var sessions: [SessionID: Session] {
        get { fields.sessions }
        _modify { yield &fields.sessions }
    }
    /// The newest finished sessions no longer held in memory (they are in the store), at most
    /// `retiredKept`: a message to one is refused as over; one to an older one, as an unknown
    /// session. Bounded, so a conversation that plays for months holds the same memory.
    private(set) var retired: Set<SessionID> {
        get { fields.retired }
        _modify { yield &fields.retired }
    }
    /// `retired` in the order the sessions finished, oldest first.
    private(set) var retiredOrder: [SessionID] {
        get { fields.retiredOrder }
        _modify { yield &fields.retiredOrder }
    }
    /// Each viewer's directory of identifiers, over `everyone`; rebuilt when someone joins.
    var directories: [AccountID: ViewerDirectory] {
        get { fields.directories }
        _modify { yield &fields.directories }
    }
    /// Accounts the operator removed, who may not join again until readmitted.
    var barred: Set<AccountID> {
        get { fields.barred }
        _modify { yield &fields.barred }
    }
    /// The newest stickers' seqs by sticker id (at most `stickersKept`), so that one posted again
    /// after a drop is recognised; older ones are found in the store's index.
    var recentStickers: [String: Int] {
        get { fields.recentStickers }
        _modify { yield &fields.recentStickers }
    }
    static let stickersKept = 32

    /// The game its players were paired for, when the server made it for players who sought one.
    var pairing: StoredPairing? {
        get { fields.pairing }
        _modify { yield &fields.pairing }
    }

    /// Each member's newest accepted messages, so that a resent one is recognised.
    var sent: [AccountID: RecentSends] {
        get { fields.sent }
        _modify { yield &fields.sent }
    }

    /// The entry `seq` if it is still in memory: among the newest, or a session's newest message.
    func entry(_ seq: Int) -> Entry? {
        let index = recent.count - (lastSeq - seq) - 1
        if recent.indices.contains(index) { return recent[index] }
        return sessions.values.lazy.compactMap(\.newestMessage).first { $0.seq == seq }
    }

    /// The account the entry `seq` says the operator removed, if it is such an entry and still
    /// in memory (a removal is never a session's newest message).
    func removed(at seq: Int) -> AccountID? {
        let index = recent.count - (lastSeq - seq) - 1
        guard recent.indices.contains(index), case let .removed(account, _) = recent[index].kind else { return nil }
        return account
    }

    /// Whether every entry after `seq` is still in memory.
    func holdsEntries(after seq: Int) -> Bool {
        lastSeq - seq <= recent.count
    }

    /// Lets go of all but the newest finished sessions: a conversation that plays for months
    /// holds only its running games.
    mutating func retireFinishedSessions(keeping limit: Int = Self.retiredKept) {
        let finished = sessions.values.filter(\.isFinished)
        // A finished game keeps its final state and outcome; its newest message (three more
        // copies of that state, as each seat saw it) is only read to answer a stale move,
        // and a finished game answers every move as over.
        for session in finished where session.newestMessage != nil { sessions[session.id]?.newestMessage = nil }
        guard finished.count > Self.finishedSessionsKept else { return }
        for session in finished.sorted(by: { $0.lastSeq < $1.lastSeq }).dropLast(Self.finishedSessionsKept) {
            sessions[session.id] = nil
            remember(retired: session.id, keeping: limit)
        }
    }

    /// Puts back the retired sessions of a snapshot, oldest first.
    mutating func restore(retired sessions: [SessionID], keeping limit: Int = Self.retiredKept) {
        retired = []
        retiredOrder = []
        for session in sessions { remember(retired: session, keeping: limit) }
    }

    private mutating func remember(retired session: SessionID, keeping limit: Int) {
        guard retired.insert(session).inserted else { return }
        retiredOrder.append(session)
        // Dropped in halves, so that each drop's cost is spread over as many retirements.
        if retiredOrder.count > limit {
            let excess = retiredOrder.count - limit / 2
            for old in retiredOrder.prefix(excess) { retired.remove(old) }
            retiredOrder.removeFirst(excess)
        }
    }

    /// The newest entries, oldest first.
    var recentEntries: [Entry] { Array(recent) }

    /// Puts back the newest entries and the seq of the newest, from a snapshot.
    mutating func restore(recent entries: [Entry], lastSeq: Int) {
        recent = Deque(entries.suffix(Self.recentEntries))
        self.lastSeq = lastSeq
    }

    /// Appends the newest entry. The one before it lets go of its views (see `MessageEntry.views`):
    /// a conversation holds them for its newest entry and its sessions' newest messages only.
    mutating func append(_ entry: Entry) {
        if recent.count == Self.recentEntries { recent.removeFirst() }
        if let last = recent.indices.last { recent[last] = recent[last].withoutViews() }
        recent.append(entry)
        lastSeq = entry.seq
    }
}

/// One game session: its rules, its match, and which account holds which seat. Its fields are
/// shared by copies until one writes (`CopyOnWrite`).
struct Session: Sendable {
    private struct Fields: Sendable {
        let id: SessionID
        let game: AnyGame
        var match: AnyMatch { didSet { isFinished = match.outcome.isFinished } }
        /// Whether `match` is over: asked several times a move (each clock, each deadline), and
        /// worked out only when the match changes.
        private(set) var isFinished: Bool
        var seats: [AccountID]
        var lastSeq: Int
        var turnClock: TurnClock
        var newestMessage: Entry? = nil
        var startedAt: Date? = nil
        var lastMoveAt: Date? = nil
        /// The seconds a move its first message chose (`ClientFrame.Send.secondsPerMove`);
        /// `nil` for the game's own turn time.
        var secondsPerMove: Int? = nil
        /// The server's commitment to each hidden board, by seat, kept while the session is in
        /// memory: each shot opens a cell of one, and working a tree out is most of a shot's
        /// cost. Not kept in snapshots; worked out again when missing.
        var commitments: [Int: FleetCommitment] = [:]

        init(id: SessionID, game: AnyGame, match: AnyMatch, seats: [AccountID], lastSeq: Int, turnClock: TurnClock) {
            (self.id, self.game, self.match, self.seats, self.lastSeq, self.turnClock) = (id, game, match, seats, lastSeq, turnClock)
            isFinished = match.outcome.isFinished
        }
    }

    @CopyOnWrite private var fields: Fields

    init(id: SessionID, game: AnyGame, match: AnyMatch, seats: [AccountID], lastSeq: Int, turnClock: TurnClock) {
        fields = Fields(id: id, game: game, match: match, seats: seats, lastSeq: lastSeq, turnClock: turnClock)
    }

    var id: SessionID { fields.id }
    var game: AnyGame { fields.game }
    /// Whether the match is over (`match.outcome.isFinished`), without working it out.
    var isFinished: Bool { fields.isFinished }
    var match: AnyMatch {
        get { fields.match }
        _modify { yield &fields.match }
    }
    /// `seats[i]` is the account at seat `i`, bound by that account's first move.
    var seats: [AccountID] {
        get { fields.seats }
        _modify { yield &fields.seats }
    }
    /// The seq of the session's newest message.
    var lastSeq: Int {
        get { fields.lastSeq }
        _modify { yield &fields.lastSeq }
    }
    /// The turn's clock: running since the newest message, or stopped once a timeout passed
    /// the turn on or the session ended (a skipped turn is not timed again until someone moves).
    var turnClock: TurnClock {
        get { fields.turnClock }
        _modify { yield &fields.turnClock }
    }
    /// The session's newest message, which a stale proposal is answered with.
    var newestMessage: Entry? {
        get { fields.newestMessage }
        _modify { yield &fields.newestMessage }
    }
    /// When its first and newest messages were accepted.
    var startedAt: Date? {
        get { fields.startedAt }
        _modify { yield &fields.startedAt }
    }
    var lastMoveAt: Date? {
        get { fields.lastMoveAt }
        _modify { yield &fields.lastMoveAt }
    }
    var secondsPerMove: Int? {
        get { fields.secondsPerMove }
        _modify { yield &fields.secondsPerMove }
    }

    var commitments: [Int: FleetCommitment] {
        get { fields.commitments }
        _modify { yield &fields.commitments }
    }

    func seat(of account: AccountID) -> Seat? {
        seats.firstIndex(of: account).map(Seat.init)
    }

    /// The query `seat` was shown of the session's state with its newest message, while the
    /// views are kept: a new seat's is the spectator's. A move changes the state only with a
    /// message, so it is the query of the state as it stands.
    func shownQuery(for seat: Seat) -> String? {
        guard case let .message(message)? = newestMessage?.kind, let views = message.views else { return nil }
        return seat.index < seats.count ? views.seats[seat.index] : views.spectator
    }
}

/// One numbered entry of a conversation's log.
struct Entry: Sendable {
    enum Kind: Sendable {
        case message(MessageEntry)
        case timeout(TimeoutEntry)
        /// The operator ended a session's game; the entry's `late` is always `nil`.
        case ended(TimeoutEntry)
        /// A player resigned; the entry's `late` is who.
        case resigned(TimeoutEntry)
        /// A member's chat message, with the role the member had then.
        case chat(AccountID, String, ParticipantRole)
        /// A member's sticker, with the role the member had then.
        case sticker(AccountID, StoredSticker, ParticipantRole)
        /// A member took a new name, with the role they had then.
        case renamed(AccountID, String, ParticipantRole)
        case joined(AccountID, ParticipantRole)
        /// A member left, with the role they had.
        case left(AccountID, ParticipantRole)
        /// The operator took the account out, with the role it had.
        case removed(AccountID, ParticipantRole)
        /// The server paired its players for a game.
        case paired(StoredPairing)
        /// A rated game changed its players' ratings.
        case rated([RatingChange])
        /// The pairing's game was not started in time.
        case aborted
    }

    let seq: Int
    let kind: Kind

    /// The same entry without the views of its message, which are worked out again on demand.
    func withoutViews() -> Entry {
        guard case var .message(message) = kind, message.views != nil || message.digests != nil else { return self }
        message.views = nil
        message.digests = nil
        return Entry(seq: seq, kind: .message(message))
    }
}

/// A stored message with what every viewer's rendering needs, worked out once when it was
/// accepted: whose turn it was, the outcome, and while the entry is new, the state as each seat
/// saw it.
struct MessageEntry: Sendable {
    let move: AcceptedMove
    /// The state as each bound seat and a spectator saw it, worked out when the move was
    /// accepted, for the relay and for a stale proposal's answer. Kept while the entry is its
    /// conversation's newest or its session's newest message, then let go: each is as large as
    /// the state, and a conversation holds several entries. `nil` once let go, and in entries
    /// loaded from a snapshot; `Engine.query(of:for:)` works them out again from `move.state`.
    var views: StateViews?
    /// The digests of the message's copies, worked out when it was signed, for the chain of the
    /// session's next message; let go with `views`, and worked out again when needed.
    var digests: CopyDigests?
    let seats: [AccountID]
    let turn: Turn
    let outcome: Outcome
    let prompt: String?
}

/// The digest of each copy of a signed message (`ChainStatement.digest`): each seat's in seat
/// order, as its chain's links, and the spectator's.
struct CopyDigests: Sendable {
    let seats: [ChainDigest]
    let spectator: ChainDigest

    func digest(for seat: Int?) -> ChainDigest {
        guard let seat, seats.indices.contains(seat) else { return spectator }
        return seats[seat]
    }
}

/// A state's query as each bound seat saw it (`seats[i]` for seat `i`) and as a spectator does.
struct StateViews: Sendable {
    let seats: [Int: String]
    /// `nil` when every member held a seat of the session: nobody was shown it. A member who
    /// joins later has it worked out again from the true state.
    let spectator: String?
}

/// A turn that ran out: who was late (when a seat held by someone was), and the session after.
struct TimeoutEntry: Sendable {
    let session: SessionID
    let game: AnyGame
    let late: AccountID?
    let seats: [AccountID]
    let turn: Turn
    let outcome: Outcome
    let moveCount: Int
    let prompt: String?
    /// Of a game that hides boards and ends here: its boards shown, to be signed for each viewer.
    var reveal: FleetReveal? = nil
}

/// A session's turn clock: whether the turn is timed, and from when.
enum TurnClock: Sendable, Equatable {
    case stopped
    case running(since: Date)

    /// When it started, while it runs.
    var since: Date? {
        if case let .running(since) = self { since } else { nil }
    }
}
