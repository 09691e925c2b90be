import Foundation
import GameRules
import Storage
import Transcript
import Wire

// Deciding: the requests of `handle(_:from:now:random:)` found their conversation (or the
// directory) and handed to its value's `decide`, and what it decided kept; the summaries and
// identifiers a reply names; a game's first message recalled from the index.

/// A game message: decided by its conversation (`Conversation.decide(_:by:at:context:random:)`),
/// then kept, stored and relayed.
extension Engine {
    mutating func send(
        _ request: ClientFrame.Send, by account: AccountID, now: Date, random: inout some RandomNumberGenerator
    ) -> Decision {
        let decided: Conversation.SentDecided
        do {
            // The copy of the conversation ends here: alive while the move applies, it would
            // make the change copy the conversation's fields.
            guard let conversation = conversations[request.conversation] else {
                return .reply(.rejected(.init(id: request.id, error: EngineError.unknownConversation(request.conversation).frame)))
            }
            decided = conversation.decide(request, by: account, at: now, context: context, random: &random)
        }
        guard let move = decided.move, let work = decided.work else {
            guard let stale = decided.stale, case let .rejected(rejection) = decided.reply else {
                return .reply(decided.reply)
            }
            var answered = rejection
            answered.current = event(conversation: request.conversation, seq: stale, for: account)
            return .reply(.rejected(answered))
        }
        // The move's session, new or not, is written with the move: `apply` takes the match
        // the proposal was judged on.
        do {
            try apply(.accepted(move), match: work.match, views: work.views, digests: work.digests, commitments: work.commitments)
        } catch {
            preconditionFailure("a decided move must apply: \(error)")
        }
        var decision = Decision()
        decision.events = [.accepted(move)]
        decision.replies = [decided.reply]
        decision.notify = [EntryReference(conversation: move.conversation, seq: move.seq)]
        return timed(decision)
    }
}

extension Engine {
    /// What a deadline reads: the games' turn times and when the server was down.
    var timing: TurnTiming { TurnTiming(timeouts: configuration.turnTimeouts, downtimes: downtimes) }

    /// Every running session's deadline, for a server that has just started.
    public func deadlines() -> [TurnDeadline] {
        let timing = timing
        return conversations.values.flatMap { $0.deadlines(timing: timing) }
    }

    /// `decision` with the changes its records make to the turn clocks: each session they move
    /// on timed again from its new deadline, or no longer timed once its clock stopped.
    func timed(_ decision: Decision) -> Decision {
        var timed = decision
        var seen: Set<SessionID> = []
        for record in decision.events {
            guard let session = StoredSession.id(of: record), let conversation = record.conversation, seen.insert(session).inserted
            else { continue }
            timed.timers.append(deadline(ofSession: session, in: conversation).map(TimerChange.set) ?? .cancel(session))
        }
        return timed
    }

    /// The deadline a session waits for now; `nil` when its game is over or its clock stopped.
    public func deadline(ofSession session: SessionID, in conversation: ConversationID) -> TurnDeadline? {
        guard let held = conversations[conversation] else { return nil }
        return held.sessions[session]?.deadline(in: conversation, timing: timing.of(held))
    }

    /// The deadlines of the sessions of one conversation in memory whose clocks run.
    public func deadlines(in conversation: ConversationID) -> [TurnDeadline] {
        conversations[conversation]?.deadlines(timing: timing) ?? []
    }

    /// The deadline `deadline` has passed. Nothing happens if someone moved since, the game is
    /// over, or the deadline is early.
    public mutating func timeOut(_ deadline: TurnDeadline, now: Date) -> Decision {
        guard let decided = conversations[deadline.conversation]?.decide(timeOut: deadline, at: now, timing: timing)
        else { return Decision() }
        return commit(decided.records, reply: nil, notify: decided.notify)
    }
}

/// The requests a conversation decides alone (`Conversation.decide`): the engine finds the
/// conversation, has it decide, and keeps what it decided.
extension Engine {
    /// A member's chat message, stored and told to every member; refused for a stranger to the
    /// conversation and for words that are only spaces.
    mutating func chat(_ request: ClientFrame.Chat, by account: AccountID, now: Date) -> Decision {
        decide(.chat(request, by: account), in: request.conversation, request: request.id, at: now)
    }

    /// `request`'s sender resigns the game of its session: checked as a move would be (the
    /// conversation, the session, that the sender holds a seat in it, that the game is not over
    /// and is one that can be resigned), then stored and told to every member.
    mutating func resign(_ request: ClientFrame.Resign, by account: AccountID, now: Date) -> Decision {
        decide(.resign(request, by: account), in: request.conversation, request: request.id, at: now)
    }

    /// A member's sticker, stored and told to every member, like a chat message. The same
    /// sticker again (a post sent again after a drop: its id is made from the request's) is
    /// answered with its first entry and stores nothing. Its answer is for the HTTP request:
    /// there is no frame to reply with.
    public mutating func post(_ post: StickerPost, by account: AccountID, now: Date) -> (Decision, StickerAnswer) {
        guard let decided = conversations[post.conversation]?.decide(.sticker(post, by: account), at: now),
            let answer = decided.sticker
        else { return (Decision(), .refused(EngineError.unknownConversation(post.conversation).frame)) }
        return (commit(decided.records, reply: nil, notify: decided.notify), answer)
    }

    /// The operator ends the game of `session` where it stands, nobody winning; `nil` when
    /// there is no such game or it is already over.
    public mutating func end(session id: String, now: Date) -> Decision? {
        guard let conversation = conversation(ofSession: id), let session = SessionID(uuidString: id) else { return nil }
        return decide(.end(session), in: conversation, at: now)
    }

    /// The operator takes `account` out of a conversation and bars it from joining again until
    /// it is readmitted; the account is told, with the members. `nil` when it is not in it.
    public mutating func remove(_ account: AccountID, from id: ConversationID) -> Decision? {
        decide(.remove(account), in: id, at: .distantPast)
    }

    /// The operator lets an account it removed join again; `nil` when it is not barred.
    public mutating func readmit(_ account: AccountID, to id: ConversationID) -> Decision? {
        decide(.readmit(account), in: id, at: .distantPast)
    }

    /// A member's request: refused as an unknown conversation when it is not in memory.
    mutating func decide(
        _ command: Conversation.Command, in id: ConversationID, request: String, at now: Date
    ) -> Decision {
        decide(command, in: id, at: now)
            ?? .reply(.rejected(.init(id: request, error: EngineError.unknownConversation(id).frame)))
    }

    private mutating func decide(_ command: Conversation.Command, in id: ConversationID, at now: Date) -> Decision? {
        guard let decided = conversations[id]?.decide(command, at: now) else { return nil }
        return commit(decided.records, reply: decided.reply.map { reply in { _ in reply } }, notify: decided.notify)
    }
}

/// Opening, joining and leaving conversations, names, and catching up after a reconnect.
extension Engine {
    mutating func create(
        _ request: ClientFrame.Create, by account: AccountID, random: inout some RandomNumberGenerator
    ) -> Decision {
        let decided = directory.decide(
            create: request, by: account, partition: partition, limit: configuration.maxConversationsPerAccount, random: &random)
        switch decided {
        case let .failure(refusal):
            return .reply(.rejected(.init(id: request.id, error: refusal.frame)))
        case let .success((id, records)):
            return commit(
                records,
                reply: { engine in .conversation(.init(id: request.id, conversation: engine.summary(of: id, for: account))) },
                notify: [EntryReference(conversation: id, seq: 1)])
        }
    }

    /// The conversation's invite makes a player; its invite to watch, a spectator. A member
    /// joining again, with either, stays as they are.
    mutating func join(_ request: ClientFrame.Join, by account: AccountID) -> Decision {
        let code = InviteCode.normalized(request.invite)
        let decided: Conversation.Decided
        let id: ConversationID
        do {
            // The copy of the conversation ends here, before the join applies.
            guard let found = directory.invites[code], let conversation = conversations[found] else {
                return .reply(.rejected(.init(id: request.id, error: EngineError.unknownInvite.frame)))
            }
            id = found
            decided = conversation.decide(
                join: request, as: code == conversation.invite ? .player : .spectator, by: account,
                refusal: joiningRefusal(of: account), configuration: configuration)
        }
        guard decided.answersWithSummary else { return decided.reply.map(Decision.reply) ?? Decision() }
        return commit(
            decided.records,
            reply: { engine in .conversation(.init(id: request.id, conversation: engine.summary(of: id, for: account))) },
            notify: decided.notify)
    }

    mutating func leave(_ request: ClientFrame.Leave, by account: AccountID) -> Decision {
        decide(.leave(request, by: account), in: request.conversation, request: request.id, at: .distantPast)
    }

    /// A display name as it is kept, or `nil` (see `EngineConfiguration.keptName(_:)`).
    public func keptName(_ typed: String) -> String? { configuration.keptName(typed) }

    /// Why a name was refused.
    public var nameRefusal: ErrorFrame { configuration.nameRefusal }

    mutating func rename(_ request: ClientFrame.Rename, by account: AccountID, now: Date) -> Decision {
        switch directory.decide(rename: request, by: account, configuration: configuration) {
        case let .refused(refusal):
            return .reply(.rejected(.init(id: request.id, error: refusal)))
        case .unchanged:
            return .reply(.done(.init(id: request.id)))
        case let .renamed(record, name, announced):
            var decision = commit([record], reply: { _ in .done(.init(id: request.id)) }, notify: [])
            if announced { decision.merge(announce(name, of: account, now: now)) }
            return decision
        }
    }

    /// Tells every member of the account's conversations in memory its new name, an entry in
    /// each (`Record.memberRenamed`); the engine learns the name first. The other
    /// pipelines of a server announce it in theirs.
    public mutating func announce(_ name: String, of account: AccountID, now: Date) -> Decision {
        directory.names[account] = name
        var events: [Record] = []
        var notify: [EntryReference] = []
        for id in (directory.conversations(of: account) ?? []).sorted() {
            guard let decided = conversations[id]?.decide(.announce(name: name, of: account), at: now) else { continue }
            events += decided.records
            notify += decided.notify
        }
        return events.isEmpty ? Decision() : commit(events, reply: nil, notify: notify)
    }

    func resume(_ request: ClientFrame.Resume, by account: AccountID) -> Decision {
        guard let conversation = conversations[request.conversation], conversation.members.contains(account) else {
            return .reply(.rejected(.init(id: request.id, error: EngineError.unknownConversation(request.conversation).frame)))
        }
        // `after` is the client's number: compared, never computed with, so no value traps.
        guard (0...conversation.lastSeq).contains(request.after) else {
            return .reply(.rejected(.init(id: request.id, error: EngineError.seqOutOfRange(
                "after", request.after, last: conversation.lastSeq, hint: "resume after").frame)))
        }
        var decision = Decision()
        guard conversation.holdsEntries(after: request.after) else {
            decision.backlog = Backlog(
                request: request.id, conversation: conversation.id, viewer: account, after: request.after,
                lastSeq: conversation.lastSeq)
            return decision
        }
        for seq in (request.after..<conversation.lastSeq).lazy.map({ $0 + 1 }) {
            if let frame = frame(ofEntry: seq, of: conversation, for: account) { decision.replies.append(frame) }
        }
        decision.replies.append(.synced(.init(id: request.id, conversation: conversation.id, lastSeq: conversation.lastSeq)))
        return decision
    }

    /// An acknowledgement keeps nothing: delivery is at least once, and a client that resumes
    /// names where it stands. A number no event has is answered with an error (an `ack` has no
    /// id), so a client that miscounts hears of it. One for a conversation the account is not in
    /// is ignored: it may cross the account's own leave, or an operator's removal.
    func acknowledge(_ request: ClientFrame.Ack, by account: AccountID) -> Decision {
        guard let conversation = conversations[request.conversation], conversation.members.contains(account) else {
            return Decision()
        }
        guard (0...conversation.lastSeq).contains(request.seq) else {
            return .reply(.error(EngineError.seqOutOfRange(
                "seq", request.seq, last: conversation.lastSeq, hint: "acknowledge").frame))
        }
        return Decision()
    }

    /// Applies events that were decided here and cannot fail to fit, then builds the reply.
    mutating func commit(
        _ events: [Record], reply: ((Engine) -> ServerFrame)?, notify: [EntryReference]
    ) -> Decision {
        for event in events {
            do { try apply(event) } catch { preconditionFailure("a decided event must apply: \(error)") }
        }
        var decision = Decision()
        decision.events = events
        decision.replies = reply.map { [$0(self)] } ?? []
        decision.notify = notify
        return timed(decision)
    }

    func summary(of id: ConversationID, for account: AccountID) -> ConversationSummary {
        summary(of: conversations[id]!, for: account)
    }

    func summary(of conversation: Conversation, for account: AccountID) -> ConversationSummary {
        let watching = conversation.spectators.contains(account)
        return ConversationSummary(
            conversation: conversation.id, invite: watching ? conversation.watchInvite : conversation.invite,
            watchInvite: watching ? nil : conversation.watchInvite,
            you: participant(account, seenBy: account),
            members: conversation.members.map { info($0, seenBy: account, role: conversation.role(of: $0)) },
            lastSeq: conversation.lastSeq)
    }

    /// The identifier from the conversation's cached directories when it has them, which spares
    /// an HMAC per identifier on every event rendered.
    func participant(_ subject: AccountID, seenBy viewer: AccountID, in conversation: Conversation) -> ParticipantID {
        conversation.participant(subject, seenBy: viewer, identifiers: identifiers)
    }

    func participant(_ subject: AccountID, seenBy viewer: AccountID) -> ParticipantID {
        identifiers.id(of: subject, seenBy: InstallID(rawValue: viewer.rawValue))
    }

    func info(_ subject: AccountID, seenBy viewer: AccountID, role: ParticipantRole = .player) -> ParticipantInfo {
        ParticipantInfo(id: participant(subject, seenBy: viewer), name: directory.names[subject], role: role, bot: subject == .houseBot)
    }
}

/// What the engine asks its `AccountDirectory` of memberships, and tells it.
extension Engine {
    /// Teaches the engine how many conversations an account is in over every partition (the
    /// store's index counts them), before it decides whether the account may join another.
    public mutating func learnConversationCount(of account: AccountID, _ count: Int) {
        directory.learnConversationCount(of: account, count)
    }

    /// Why `account` may not be in one more conversation, if it may not.
    func joiningRefusal(of account: AccountID) -> ErrorFrame? {
        directory.joiningRefusal(of: account, limit: configuration.maxConversationsPerAccount)
    }

    /// Whether an account whose memberships the engine knows is a member of `conversation`,
    /// whether the conversation is in memory or not.
    public func hasKnownMember(_ conversation: ConversationID) -> Bool {
        directory.hasKnownMember(conversation)
    }
}

extension Engine {
    /// The index key to read before deciding `frame`: a `send` that starts a game, from a member
    /// of a conversation in memory, whose id is not among the sender's newest accepted there. It
    /// may have started a game long ago (`IndexKind.start`); `nil` when there is nothing to read.
    public func startToRecall(for frame: ClientFrame, by account: AccountID) -> String? {
        guard case let .send(request) = frame, request.session == nil,
            let conversation = conversations[request.conversation]
        else { return nil }
        guard conversation.members.contains(account), conversation.sent[account]?.find(request.id) == nil else { return nil }
        return IndexKind.startKey(account, request.conversation, request: request.id)
    }

    /// Keeps a game's first message read from the index under `key` (`startToRecall`), so that
    /// the send it answers gets its first `accepted` again, or `id-reused`.
    public mutating func recall(_ json: String, under key: String) {
        let parts = key.split(separator: "/", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, let start = GameStart(json: json), let session = SessionID(uuidString: start.session) else { return }
        let account = AccountID(rawValue: String(parts[0])), conversation = ConversationID(rawValue: String(parts[1]))
        guard conversations[conversation] != nil else { return }
        conversations[conversation]?.sent[account, default: RecentSends()].recall(RecentSends.Accepted(
            request: String(parts[2]), seq: start.seq, session: session, proposal: start.proposal))
    }

    /// The index entry of a stored event that started a game, for an index built from a log
    /// written before there was one; `nil` for any other event.
    public static func startChange(ofStored event: Record) -> IndexChange? {
        guard case let .accepted(move) = event, move.moveCount == 1 else { return nil }
        return startChange(of: move)
    }

    /// The index entry that records the message that started a game.
    static func startChange(of move: AcceptedMove) -> IndexChange {
        .set(IndexKind.start, IndexKind.startKey(move.sender, move.conversation, request: move.request),
             GameStart(seq: move.seq, session: move.session.uuidString, proposal: move.proposal).json)
    }
}
