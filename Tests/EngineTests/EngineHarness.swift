import Engine
import Fairness
import Foundation
import GameCatalog
import GameRules
import Transcript
import Wire

/// An engine with a few accounts, that keeps every event it decided (the "log") and every
/// frame each account would have received, as the server will deliver them.
struct EngineHarness {
    var engine: Engine
    var random = SeededRandom(seed: 7)
    var log: [Record] = []
    var inbox: [AccountID: [ServerFrame]] = [:]
    var clock = Date(timeIntervalSince1970: 1_800_000_000)
    var requests = 0

    static let secret = Array("a server secret for the engine tests".utf8)

    init(
        maxParticipants: Int = 32, maxRecordBytes: Int = 1 << 20, turnTimeouts: [String: TimeInterval] = [:],
        signer: ChainSigner? = nil
    ) {
        engine = Engine(
            configuration: EngineConfiguration(
                publicURL: "https://parley.test", maxParticipants: maxParticipants, maxRecordBytes: maxRecordBytes,
                turnTimeouts: turnTimeouts, signer: signer),
            catalog: .standard, identifiers: ParticipantIdentifiers(secret: Self.secret))
    }

    /// The identifier by which `viewer` knows `subject`.
    func id(of subject: AccountID, seenBy viewer: AccountID) -> ParticipantID {
        ParticipantIdentifiers(secret: Self.secret).id(of: subject, seenBy: InstallID(rawValue: viewer.rawValue))
    }

    mutating func nextID() -> String {
        requests += 1
        return "r\(requests)"
    }

    /// Delivers what a decision notifies to every member, as the server does.
    mutating func deliver(_ decision: Decision) {
        log += decision.events
        for reference in decision.notify {
            for member in engine.members(of: reference.conversation) {
                if let event = engine.event(conversation: reference.conversation, seq: reference.seq, for: member) {
                    inbox[member, default: []].append(.event(event))
                }
            }
        }
    }

    /// Handles a frame; returns the replies to the sender. Events go to the log and every
    /// notified entry to every member's inbox, rendered for them.
    @discardableResult
    mutating func handle(_ frame: ClientFrame, from account: AccountID) -> [ServerFrame] {
        clock += 1
        let decision = engine.handle(frame, from: account, now: clock, random: &random)
        log += decision.events
        inbox[account, default: []] += decision.replies
        // Before the entries, as the server sends them.
        for (receiver, frame) in decision.sends { inbox[receiver, default: []].append(frame) }
        for reference in decision.notify {
            for member in engine.members(of: reference.conversation) {
                if let event = engine.event(conversation: reference.conversation, seq: reference.seq, for: member) {
                    inbox[member, default: []].append(.event(event))
                }
            }
        }
        return decision.replies
    }

    mutating func create(by account: AccountID) -> ConversationSummary {
        guard case let .conversation(reply)? = handle(.create(.init(id: nextID())), from: account).first else {
            fatalError("create did not answer with a conversation")
        }
        return reply.conversation
    }

    mutating func join(_ invite: String, by account: AccountID) -> [ServerFrame] {
        handle(.join(.init(id: nextID(), invite: invite)), from: account)
    }

    /// The newest message event an account received for a conversation.
    func lastMessage(in conversation: ConversationID, for account: AccountID) -> Event? {
        inbox[account, default: []].reversed().lazy.compactMap { frame -> Event? in
            if case let .event(event) = frame, event.kind == .message, event.conversation == conversation { return event }
            return nil
        }.first
    }

    /// Every event an account received, in order.
    func events(of account: AccountID) -> [Event] {
        inbox[account, default: []].compactMap { if case let .event(event) = $0 { event } else { nil } }
    }

    /// Sends the next state of `event`'s session: the URL the account was shown plus `extra`.
    mutating func reply(to event: Event, with extra: String, by account: AccountID) -> ServerFrame? {
        let message = event.message!
        let separator = message.url.contains("?") ? "&" : "?"
        return handle(.send(.init(
            id: nextID(), conversation: event.conversation, game: message.game.rawValue,
            session: message.session?.uuidString, basedOn: event.seq, url: message.url + separator + extra)),
            from: account).first
    }

    mutating func start(_ game: String, variant: String? = nil, url: String, in conversation: ConversationID, by account: AccountID) -> ServerFrame? {
        handle(.send(.init(id: nextID(), conversation: conversation, game: game, variant: variant, url: url)), from: account).first
    }
}

extension ServerFrame {
    var rejection: ErrorFrame? {
        if case let .rejected(rejected) = self { return rejected.error }
        return nil
    }

    var isAccepted: Bool {
        if case .accepted = self { return true }
        return false
    }
}
