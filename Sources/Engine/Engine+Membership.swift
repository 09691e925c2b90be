import Foundation
import Transcript
import Wire

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
        return decision
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
        ParticipantInfo(id: participant(subject, seenBy: viewer), name: directory.names[subject], role: role)
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
