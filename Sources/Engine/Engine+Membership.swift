import Foundation
import Transcript
import Wire

/// Opening, joining and leaving conversations, names, and catching up after a reconnect.
extension Engine {
    mutating func create(
        _ request: ClientFrame.Create, by account: AccountID, random: inout some RandomNumberGenerator
    ) -> Decision {
        let id = UUID.random(using: &random).uuidString
        var invite = InviteCode.make(using: &random)
        while invites[invite] != nil { invite = InviteCode.make(using: &random) }
        return commit(
            [.conversationCreated(conversation: id, invite: invite, creator: account),
             .joined(conversation: id, seq: 1, account: account)],
            reply: { engine in .conversation(.init(id: request.id, conversation: engine.summary(of: id, for: account))) },
            notify: [EntryReference(conversation: id, seq: 1)])
    }

    mutating func join(_ request: ClientFrame.Join, by account: AccountID) -> Decision {
        guard let id = invites[InviteCode.normalized(request.invite)], let conversation = conversations[id] else {
            return .reply(.rejected(.init(id: request.id, error: EngineError.unknownInvite.frame)))
        }
        guard !conversation.members.contains(account) else {
            return .reply(.conversation(.init(id: request.id, conversation: summary(of: conversation, for: account))))
        }
        guard conversation.members.count < configuration.maxParticipants else {
            return .reply(.rejected(.init(id: request.id, error: EngineError.conversationFull(configuration.maxParticipants).frame)))
        }
        let seq = conversation.lastSeq + 1
        return commit(
            [.joined(conversation: id, seq: seq, account: account)],
            reply: { engine in .conversation(.init(id: request.id, conversation: engine.summary(of: id, for: account))) },
            notify: [EntryReference(conversation: id, seq: seq)])
    }

    mutating func leave(_ request: ClientFrame.Leave, by account: AccountID) -> Decision {
        guard let conversation = conversations[request.conversation], conversation.members.contains(account) else {
            return .reply(.rejected(.init(id: request.id, error: EngineError.unknownConversation(request.conversation).frame)))
        }
        let seq = conversation.lastSeq + 1
        return commit(
            [.left(conversation: conversation.id, seq: seq, account: account)],
            reply: { _ in .done(.init(id: request.id)) },
            notify: [EntryReference(conversation: conversation.id, seq: seq)])
    }

    mutating func rename(_ request: ClientFrame.Rename, by account: AccountID) -> Decision {
        let name = request.name.trimmingCharacters(in: .whitespaces)
        guard (1...configuration.maxNameLength).contains(name.count),
            !name.unicodeScalars.contains(where: { CharacterSet.controlCharacters.contains($0) })
        else {
            return .reply(.rejected(.init(id: request.id, error: EngineError.badName(configuration.maxNameLength).frame)))
        }
        return commit([.renamed(account: account, name: name)], reply: { _ in .done(.init(id: request.id)) }, notify: [])
    }

    func resume(_ request: ClientFrame.Resume, by account: AccountID) -> Decision {
        guard let conversation = conversations[request.conversation], conversation.members.contains(account) else {
            return .reply(.rejected(.init(id: request.id, error: EngineError.unknownConversation(request.conversation).frame)))
        }
        var decision = Decision()
        let first = max(request.after, 0) + 1
        if first <= conversation.lastSeq {
            for seq in first...conversation.lastSeq {
                if let event = event(conversation: conversation.id, seq: seq, for: account) {
                    decision.replies.append(.event(event))
                }
            }
        }
        decision.replies.append(.synced(.init(id: request.id, conversation: conversation.id, lastSeq: conversation.lastSeq)))
        return decision
    }

    /// Applies events that were decided here and cannot fail to fit, then builds the reply.
    mutating func commit(
        _ events: [EngineEvent], reply: (Engine) -> ServerFrame, notify: [EntryReference]
    ) -> Decision {
        for event in events {
            do { try apply(event) } catch { preconditionFailure("a decided event must apply: \(error)") }
        }
        var decision = Decision()
        decision.events = events
        decision.replies = [reply(self)]
        decision.notify = notify
        return decision
    }

    func summary(of id: String, for account: AccountID) -> ConversationSummary {
        summary(of: conversations[id]!, for: account)
    }

    func summary(of conversation: ConversationState, for account: AccountID) -> ConversationSummary {
        ConversationSummary(
            conversation: conversation.id, invite: conversation.invite,
            you: participant(account, seenBy: account),
            members: conversation.members.map { info($0, seenBy: account) },
            lastSeq: conversation.lastSeq)
    }

    /// The identifier from the conversation's cached directories when it has them, which spares
    /// an HMAC per identifier on every event rendered.
    func participant(_ subject: AccountID, seenBy viewer: AccountID, in conversation: ConversationState) -> ParticipantID {
        conversation.directories[viewer]?.id(for: subject) ?? participant(subject, seenBy: viewer)
    }

    func participant(_ subject: AccountID, seenBy viewer: AccountID) -> ParticipantID {
        identifiers.id(of: subject, seenBy: InstallID(rawValue: viewer.rawValue))
    }

    func info(_ subject: AccountID, seenBy viewer: AccountID) -> ParticipantInfo {
        ParticipantInfo(id: participant(subject, seenBy: viewer), name: names[subject])
    }
}
