import Foundation
import GameRules
import Transcript
import Wire

/// What the engine stores: every change to the server's state is one of these, written to the
/// log before anyone hears of it, and replayed in order on the next start.
/// Its stored format is Parley's own, versioned and independent of Swift's names: see
/// `Record+Stored.swift` and docs/STORAGE.md.
public enum Record: Codable, Hashable, Sendable {
    case conversationCreated(conversation: ConversationID, invite: String, creator: AccountID)
    /// `role` is `.spectator` for a member who joined with the invite to watch.
    case joined(conversation: ConversationID, seq: Int, account: AccountID, role: ParticipantRole)
    case left(conversation: ConversationID, seq: Int, account: AccountID)
    /// The server's operator took `account` out of the conversation; it may not join it again
    /// until the operator readmits it.
    case removed(conversation: ConversationID, seq: Int, account: AccountID)
    /// The operator lifted a removal: `account` may join again with the invite.
    case readmitted(conversation: ConversationID, account: AccountID)
    case renamed(account: AccountID, name: String)
    /// A member's new name, told in one of the member's conversations: an entry of its own, so
    /// that the members see it live and in a resume.
    case memberRenamed(conversation: ConversationID, seq: Int, account: AccountID, name: String, at: Date)
    case accepted(AcceptedMove)
    /// Nobody moved in a session before its deadline; the game's timeout rule applied.
    case timedOut(conversation: ConversationID, seq: Int, session: SessionID, at: Date)
    /// The server's operator ended a session's game: over, nobody winning.
    case ended(conversation: ConversationID, seq: Int, session: SessionID, at: Date)
    /// A player of the session gave up: they lose (`Match.resign`).
    case resigned(conversation: ConversationID, seq: Int, session: SessionID, account: AccountID, at: Date)
    /// A member wrote `text` to the conversation.
    case chat(conversation: ConversationID, seq: Int, account: AccountID, text: String, at: Date)
    /// A member sent a sticker; its bytes are stored beside, in `StoredStream.sticker(id)`.
    case sticker(conversation: ConversationID, seq: Int, account: AccountID, sticker: StoredSticker, at: Date)
    /// The server paired players who sought a game in this new conversation (their `joined`
    /// entries come before it).
    case paired(conversation: ConversationID, seq: Int, pairing: StoredPairing, at: Date)
    /// The first player of a pairing did not start its game in time: called off, nobody rated.
    case aborted(conversation: ConversationID, seq: Int, at: Date)
    /// A rated game of the conversation changed its players' ratings (`changes`, one a player).
    case rated(conversation: ConversationID, seq: Int, session: SessionID, changes: [RatingChange], at: Date)
    /// One player's rating changed: stored in the player's own stream (`StoredStream.rating`),
    /// with the conversation's `rated` entry, in the same append.
    case ratingChanged(RatingChange)
    /// A seek joined the queue (stream `queue`).
    case sought(StoredSeek)
    /// Seeks left the queue (stream `queue`): their `seek` index keys; `conversation` the one
    /// they were paired in, `nil` for seeks taken back.
    case unsought(keys: [String], conversation: ConversationID?)
    /// The server was down from `from` (its last sign of life) until it started again at `to`.
    /// No turn's clock ran meanwhile: every deadline moves on by the time it was down.
    case downtime(from: Date, to: Date)

    /// The conversation the event belongs to; `nil` for server-wide ones.
    public var conversation: ConversationID? {
        switch self {
        case let .conversationCreated(conversation, _, _), let .joined(conversation, _, _, _),
            let .left(conversation, _, _), let .removed(conversation, _, _), let .readmitted(conversation, _):
            conversation
        case .renamed, .downtime, .ratingChanged, .sought, .unsought: nil
        case let .accepted(move): move.conversation
        case let .timedOut(conversation, _, _, _), let .ended(conversation, _, _, _): conversation
        case let .resigned(conversation, _, _, _, _): conversation
        case let .chat(conversation, _, _, _, _), let .sticker(conversation, _, _, _, _): conversation
        case let .memberRenamed(conversation, _, _, _, _): conversation
        case let .paired(conversation, _, _, _): conversation
        case let .rated(conversation, _, _, _, _): conversation
        case let .aborted(conversation, _, _): conversation
        }
    }

    /// The stream of the store the record belongs to: its conversation's, an account's rating
    /// changes, the queue's, or the server's.
    public var storedStream: StoredStream {
        switch self {
        case let .ratingChanged(change): .rating(change.account)
        case .sought, .unsought: .queue
        default: conversation.map(StoredStream.conversation) ?? .server
        }
    }

    /// `storedStream`'s name.
    public var stream: String { storedStream.name }
}

/// An accepted game message with the true state after it, hidden information included.
public struct AcceptedMove: Hashable, Sendable {
    public var conversation: ConversationID
    public var seq: Int
    public var session: SessionID
    public var game: GameID
    public var variant: String
    public var sender: AccountID
    public var seat: Int
    /// The client's id for the message, so that sending it again finds this.
    public var request: String
    /// The true state after the move, as query items in the game's format.
    public var state: String
    public var moveCount: Int
    /// Written with the sender's own identifier for themselves as the mover's token.
    public var texts: StepTexts
    public var at: Date
    /// `ClientFrame.Send.proposalDigest` of the message as sent, so that the same id sent for
    /// another message is told apart from a repeat; `nil` in records stored before it was kept.
    public var proposal: String?
    /// The message's signed chains (docs/FAIRNESS.md); `nil` when the server signs nothing, and
    /// in records stored before it did.
    public var chain: MessageChain?
    /// The fleet items every viewer's copy carries after the state's own (`FleetProofs.query`):
    /// the commitments, the newest shot's opening, the seeds at the end; `nil` for a game
    /// without hidden boards or a server that signs nothing.
    public var proofs: String?
    /// A session's first message only: the seconds a move its players chose; `nil` for the
    /// game's own turn time.
    public var secondsPerMove: Int?

    public init(
        conversation: ConversationID, seq: Int, session: SessionID, game: GameID, variant: String, sender: AccountID, seat: Int,
        request: String, state: String, moveCount: Int, texts: StepTexts, at: Date, proposal: String? = nil,
        chain: MessageChain? = nil, proofs: String? = nil, secondsPerMove: Int? = nil
    ) {
        self.proposal = proposal
        self.chain = chain
        self.proofs = proofs
        self.secondsPerMove = secondsPerMove
        self.conversation = conversation
        self.seq = seq
        self.session = session
        self.game = game
        self.variant = variant
        self.sender = sender
        self.seat = seat
        self.request = request
        self.state = state
        self.moveCount = moveCount
        self.texts = texts
        self.at = at
    }
}

extension Record {
    /// The record that the server was down from `lastAlive` until `now`, when it starts again;
    /// `nil` when it was not down long enough to matter.
    public static func downtime(lastAlive: Date, now: Date) -> Record? {
        now.timeIntervalSince(lastAlive) >= 1 ? .downtime(from: lastAlive, to: now) : nil
    }
}
