import Foundation
import GameCatalog
import GameRules
import Storage
import Transcript
import Wire

// The index changes a batch's records make, and the whole index of an engine that holds
// everything.

extension Engine {
    /// The index changes that a batch's events make, read once they are applied: the facts
    /// each event changes, and for each conversation touched whether a turn clock runs in it,
    /// when that is not what the index already says (a move restarts the clock that ran
    /// before it: nothing to write). The engine notes what it told the index, so the changes
    /// must be stored, or the engine put back to what it was before the batch.
    /// `storedThrough` gives, for a conversation, a log position at or after which its new
    /// records will be stored (the position of its newest stored record; 0 when unknown): the
    /// `message` and `finished` entries point after it.
    public mutating func indexChanges(for events: [Record], storedThrough: (ConversationID) -> Int64) -> [IndexChange] {
        var changes: [IndexChange] = []
        var touched: [ConversationID] = []
        var counted = false
        // How many records of each conversation come before the event in the batch.
        var earlier: [ConversationID: Int] = [:]
        func place(_ conversation: ConversationID) -> String {
            IndexKind.recordPlace(after: storedThrough(conversation), skipping: earlier[conversation] ?? 0)
        }
        for event in events {
            defer { if let conversation = event.conversation { earlier[conversation, default: 0] += 1 } }
            switch event {
            case let .conversationCreated(conversation, invite, _):
                changes.append(.set(IndexKind.invite, invite, conversation.rawValue))
                changes.append(.set(IndexKind.invite, InviteCode.watch(of: invite), conversation.rawValue))
                counted = true
            case let .joined(conversation, _, account, _):
                changes.append(.set(IndexKind.member, IndexKind.memberKey(account, conversation), ""))
            case let .left(conversation, _, account), let .removed(conversation, _, account):
                changes.append(.remove(IndexKind.member, IndexKind.memberKey(account, conversation)))
            case .readmitted, .paired, .aborted:
                break
            case let .renamed(account, name):
                changes.append(.set(IndexKind.name, account.rawValue, name))
            case let .accepted(move):
                if move.moveCount == 1 {
                    changes.append(.set(IndexKind.session, move.session.uuidString, move.conversation.rawValue))
                    changes.append(Self.startChange(of: move))
                    changes.append(IndexedGame.change(startedBy: move))
                }
                let here = place(move.conversation)
                if IndexKind.indexesMessage(move.moveCount) {
                    changes.append(.set(IndexKind.message, IndexKind.messageKey(move.session, move.moveCount), here))
                }
                if isFinished(move.session, in: move.conversation) {
                    changes.append(.set(IndexKind.finished, move.session.uuidString, here))
                    if let rated = ratedGame(move.session, in: move.conversation) {
                        changes.append(.set(IndexKind.unrated, move.conversation.rawValue, rated.json))
                    }
                }
                counted = true
            case let .timedOut(conversation, _, session, _), let .ended(conversation, _, session, _),
                let .resigned(conversation, _, session, _, _):
                if isFinished(session, in: conversation) {
                    changes.append(.set(IndexKind.finished, session.uuidString, place(conversation)))
                    // A game the operator ended changes no rating.
                    if case .ended = event {} else if let rated = ratedGame(session, in: conversation) {
                        changes.append(.set(IndexKind.unrated, conversation.rawValue, rated.json))
                    }
                }
                counted = true
            case let .rated(conversation, _, _, ratingChanges, _):
                changes.append(.remove(IndexKind.unrated, conversation.rawValue))
                for change in ratingChanges { changes += IndexKind.changes(of: change) }
            case .ratingChanged:
                // Its conversation's `rated` record, in the same batch, indexes it.
                break
            case let .sought(seek):
                changes.append(.set(IndexKind.seek, seek.key, seek.json))
            case let .unsought(keys, _):
                for key in keys { changes.append(.remove(IndexKind.seek, key)) }
            case .chat, .memberRenamed:
                break
            case let .sticker(conversation, seq, account, sticker, _):
                changes.append(.set(IndexKind.sticker, sticker.id, StickerRecord(
                    conversation: conversation, seq: seq, account: account.rawValue, sticker: sticker).json))
                changes.append(.set(IndexKind.stickerOf, IndexKind.memberKey(account, sticker.id), String(sticker.bytes)))
            case let .downtime(from, to):
                changes.append(IndexKind.downtimeChange(from: from, to: to))
            }
            if let conversation = event.conversation, touched.last != conversation, !touched.contains(conversation) {
                touched.append(conversation)
            }
        }
        for conversation in touched {
            guard let held = conversations[conversation] else { continue }
            let next = earliestDeadline(of: held)
            guard held.clockIndexed.mustWrite(next) else { continue }
            conversations[conversation]?.clockIndexed = next.map { .running($0) } ?? .stopped
            changes.append(Self.clockChange(of: conversation, next: next))
        }
        if counted { changes.append(totalsChange()) }
        return changes
    }

    /// The rated game a session that just finished was, if it is one: the game its players
    /// were paired for and rated, the first of their conversation to finish, seated in the
    /// order paired (a player who never moved holds the seat the pairing gave them).
    func ratedGame(_ id: SessionID, in conversation: ConversationID) -> RatedGame? {
        guard let held = conversations[conversation], let pairing = held.pairing, pairing.rated, !pairing.aborted, pairing.players.count == 2,
            let session = held.sessions[id], case let .finished(winners, losers) = session.match.outcome,
            session.game.id.rawValue == pairing.game, pairing.variant.map({ $0 == session.game.variant.id }) ?? true,
            session.seats == Array(pairing.players.prefix(session.seats.count)), held.retired.isEmpty,
            !held.sessions.values.contains(where: { $0.id != id && $0.isFinished })
        else { return nil }
        let scores = pairing.players.indices.map { index in
            winners.contains(Seat(index)) ? 1.0 : losers.contains(Seat(index)) ? 0.0 : 0.5
        }
        // Games with the house bot are rated apart from those between people.
        let variant = session.game.variant.id + (pairing.players.contains(.houseBot) ? IndexKind.againstHouseBot : "")
        return RatedGame(session: id, game: pairing.game, variant: variant, players: pairing.players, scores: scores)
    }

    /// Whether a session of a conversation in memory is over, as the batch left it.
    private func isFinished(_ session: SessionID, in conversation: ConversationID) -> Bool {
        guard let held = conversations[conversation] else { return false }
        return held.sessions[session]?.isFinished ?? held.retired.contains(session)
    }

    private func totalsChange() -> IndexChange {
        .set(IndexKind.totals, totalsKeyPrefix + String(partition.index), totals.json)
    }

    /// The whole index of what this engine holds, when it holds everything (after replaying a
    /// whole log): written once into a data folder whose index was never built. The games'
    /// starts (`startChange(ofStored:)`) and the layout's version are written after it.
    public func completeIndex() -> [IndexChange] {
        var changes: [IndexChange] = []
        for conversation in conversations.values.sorted(by: { $0.id < $1.id }) {
            changes.append(.set(IndexKind.invite, conversation.invite, conversation.id.rawValue))
            changes.append(.set(IndexKind.invite, conversation.watchInvite, conversation.id.rawValue))
            for session in conversation.sessions.keys.sorted(by: { $0.uuidString < $1.uuidString }) + conversation.retiredOrder {
                changes.append(.set(IndexKind.session, session.uuidString, conversation.id.rawValue))
            }
            changes.append(Self.clockChange(of: conversation.id, next: earliestDeadline(of: conversation)))
        }
        for (account, ids) in directory.allMemberships.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            for id in ids.sorted() { changes.append(.set(IndexKind.member, IndexKind.memberKey(account, id), "")) }
        }
        for (account, name) in directory.names.dictionary.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            changes.append(.set(IndexKind.name, account.rawValue, name))
        }
        for down in downtimes.ranges {
            changes.append(.set(IndexKind.downtime, IndexKind.downtimeKey(down.lowerBound), IndexKind.milliseconds(down.upperBound)))
        }
        changes.append(totalsChange())
        return changes
    }

    /// The earliest turn deadline running in `conversation`; nil when no clock runs there.
    private func earliestDeadline(of conversation: Conversation) -> Date? {
        conversation.deadlines(timing: timing).map(\.at).min()
    }

    /// The `clock` entry of a conversation whose earliest deadline is `next`.
    private static func clockChange(of conversation: ConversationID, next: Date?) -> IndexChange {
        guard let next else { return .remove(IndexKind.clock, conversation.rawValue) }
        return .set(IndexKind.clock, conversation.rawValue, IndexKind.milliseconds(next))
    }
}
